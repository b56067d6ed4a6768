import { useEffect, useRef, useState } from 'preact/hooks';
import { problemsOf } from '../../services/service-problems';
import { useConnection } from '../services-context';

/**
 * Remove on an offline controller's card, then a confirmation naming it before the history service
 * clears its retained state on the broker; the card leaves every page at the stream's removed event.
 */
export function RemoveController({ serviceId }: { serviceId: string }) {
  const { services } = useConnection();
  const [asking, setAsking] = useState(false);
  const [outcome, setOutcome] = useState<{ sending: boolean; problem?: string }>();
  const ask = useRef<HTMLButtonElement>(null);
  const keep = useRef<HTMLButtonElement>(null);
  // The focus follows the question: to Keep it when it opens (the safe answer), back to Remove when it goes.
  const answered = useRef(false);
  useEffect(() => {
    if (asking) keep.current?.focus();
    else if (answered.current) ask.current?.focus();
  }, [asking]);

  const remove = () => {
    setOutcome({ sending: true });
    services.history.POST('/controllers/remove', { body: { serviceId } }).then(
      ({ response, error }) =>
        setOutcome({ sending: false, problem: response.ok ? undefined : problemsOf(response, error).join('; ') }),
      (error: unknown) =>
        setOutcome({ sending: false, problem: `the history service did not answer: ${String(error)}` }),
    );
  };
  const keepIt = () => {
    answered.current = true;
    setOutcome(undefined);
    setAsking(false);
  };

  if (!asking) {
    return (
      <button ref={ask} type="button" aria-label={`Remove ${serviceId}`} onClick={() => setAsking(true)}>
        Remove
      </button>
    );
  }
  return (
    <div role="group" aria-label={`Remove ${serviceId}?`} class="confirm">
      <p>
        Remove {serviceId}? Its last state is cleared from the broker, and it leaves this list in every browser. A
        controller that comes back shows again.
      </p>
      <button type="button" onClick={remove}>
        Remove {serviceId}
      </button>
      <button ref={keep} type="button" onClick={keepIt}>
        Keep it
      </button>
      <p class={outcome?.problem ? 'problem' : 'hint'} role="status">
        {outcome?.sending ? 'Removing…' : (outcome?.problem ?? '')}
      </p>
    </div>
  );
}
