import type { ControllerApiClient } from '@eventcast/api-client';
import { problemsOf } from '../../services/service-problems';
import { patchesByController, type PatchOutcome } from './apply-plan';
import type { BlockPatch } from './quick-action';

/**
 * Sends each patch as one `/blocks/patch` call to its controller: a controller's patches one after
 * the other, in the action's order, the controllers side by side. Every patch is sent whatever
 * became of the others, since neither a controller nor the controllers together undo a patch
 * taken; the outcome of each says whether it was.
 */
export async function applyPatches(
  patches: readonly BlockPatch[],
  controller: (serviceId: string) => ControllerApiClient,
): Promise<PatchOutcome[]> {
  const runs = [...patchesByController(patches)].map(async ([serviceId, own]) => {
    const client = controller(serviceId);
    const outcomes: PatchOutcome[] = [];
    for (const patch of own) outcomes.push(await sendPatch(client, patch));
    return outcomes;
  });
  return (await Promise.all(runs)).flat();
}

async function sendPatch(client: ControllerApiClient, patch: BlockPatch): Promise<PatchOutcome> {
  try {
    const { response, error } = await client.POST('/blocks/patch', { body: patch });
    return response.ok ? { patch } : { patch, problems: problemsOf(response, error) };
  } catch (error) {
    return { patch, problems: [`the controller did not answer: ${String(error)}`] };
  }
}
