import { useRef, useState } from 'preact/hooks';
import type { ControllerApiClient } from '@eventcast/api-client';
import { problemsOf } from '../../services/service-problems';
import { useConnection } from '../services-context';

/** How the last call went: sending, done, or refused with the service's problems. */
export type CallOutcome = { state: 'sending' } | { state: 'done' } | { state: 'refused'; problems: string[] };

/** What a call of the typed client resolves to. */
type Answer = Promise<{ response: Response; error?: unknown }>;

/**
 * Runs calls to the controller `serviceId` (create, patch, delete of a block) and says how the
 * last one went, with the problems the service named when it refused it. What the call changed
 * shows through the controller's events. Only the last call's answer counts.
 */
export function useControllerCall(serviceId: string): {
  outcome?: CallOutcome;
  run: (call: (client: ControllerApiClient) => Answer, then?: () => void) => void;
} {
  const { services } = useConnection();
  const [outcome, setOutcome] = useState<CallOutcome>();
  const latest = useRef(0);
  const run = (call: (client: ControllerApiClient) => Answer, then?: () => void) => {
    const number = ++latest.current;
    setOutcome({ state: 'sending' });
    call(services.controller(serviceId)).then(
      ({ response, error }) => {
        // An earlier call answered after a later one was sent: the later one's outcome is the one shown.
        if (number !== latest.current) return;
        setOutcome(response.ok ? { state: 'done' } : { state: 'refused', problems: problemsOf(response, error) });
        if (response.ok) then?.();
      },
      (error: unknown) => {
        if (number === latest.current)
          setOutcome({ state: 'refused', problems: [`the controller did not answer: ${String(error)}`] });
      },
    );
  };
  return { outcome, run };
}
