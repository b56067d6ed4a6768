import { useState } from 'preact/hooks';
import type { Block } from '@eventcast/domain';
import { useConnection } from '../services-context';

/** How the last patch of a block went: sending, done, or refused with the service's problems. */
export type PatchOutcome = { state: 'sending' } | { state: 'saved' } | { state: 'refused'; problems: string[] };

/** Sends patches of `block` to its controller (`/blocks/patch`) and says how the last one went. */
export function useBlockPatch(block: Block): { outcome?: PatchOutcome; send: (data: Record<string, unknown>) => void } {
  const { services } = useConnection();
  const [outcome, setOutcome] = useState<PatchOutcome>();
  const send = (data: Record<string, unknown>) => {
    setOutcome({ state: 'sending' });
    services
      .controller(block.serviceId)
      .POST('/blocks/patch', { body: { id: block.id, serviceId: block.serviceId, type: block.type, data } })
      .then(
        ({ response, error }) =>
          setOutcome(response.ok ? { state: 'saved' } : { state: 'refused', problems: problemsOf(response, error) }),
        (error: unknown) =>
          setOutcome({ state: 'refused', problems: [`the controller did not answer: ${String(error)}`] }),
      );
  };
  return { outcome, send };
}

function problemsOf(response: Response, error: unknown): string[] {
  const message = (error as { message?: unknown } | undefined)?.message;
  if (Array.isArray(message)) return message.map(String);
  return [typeof message === 'string' ? message : `${response.status} ${response.statusText}`];
}
