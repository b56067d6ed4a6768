import type { ControllerApiClient } from '@eventcast/api-client';
import { ORIGIN_MAX_LENGTH } from '@eventcast/domain';
import { problemsOf } from '../../services/service-problems';
import { patchesByController, type PatchOutcome } from './apply-plan';
import type { BlockPatch } from '../../common/quick-action';

/**
 * Who a quick action's patches say they come from (the `Eventcast-Origin` header), so the
 * controller's change events, and the graphs' annotations, name the action: `quick action Cold crash`.
 */
export function actionOrigin(name: string): string {
  return `quick action ${name}`.replace(/\p{Cc}+/gu, ' ').slice(0, ORIGIN_MAX_LENGTH);
}

/**
 * Sends each patch as one `/blocks/patch` call to its controller, on behalf of `origin`
 * (`actionOrigin`): a controller's patches one after
 * the other, in the action's order, the controllers side by side. Every patch is sent whatever
 * became of the others, since neither a controller nor the controllers together undo a patch
 * taken; the outcome of each says whether it was.
 */
export async function applyPatches(
  patches: readonly BlockPatch[],
  controller: (serviceId: string) => ControllerApiClient,
  origin: string,
): Promise<PatchOutcome[]> {
  const runs = [...patchesByController(patches)].map(async ([serviceId, own]) => {
    const client = controller(serviceId);
    const outcomes: PatchOutcome[] = [];
    for (const patch of own) outcomes.push(await sendPatch(client, patch, origin));
    return outcomes;
  });
  return (await Promise.all(runs)).flat();
}

async function sendPatch(client: ControllerApiClient, patch: BlockPatch, origin: string): Promise<PatchOutcome> {
  try {
    const { response, error } = await client.POST('/blocks/patch', {
      body: patch,
      params: { header: { 'Eventcast-Origin': origin } },
    });
    return response.ok ? { patch } : { patch, problems: problemsOf(response, error) };
  } catch (error) {
    return { patch, problems: [`the controller did not answer: ${String(error)}`] };
  }
}
