import type { Block } from '@eventcast/domain';
import { useControllerCall } from '../use-controller-call';
import { outcomeText } from './call-words';

/**
 * Switches a digital actuator that nothing drives on or off: a patch of its state setting; the
 * actuator's state shows at the controller's next event, the service's refusal below.
 */
export function ActuatorSwitch({ block, disabled }: { block: Block; disabled: boolean }) {
  const asked = block.data['storedState'] === 'STATE_ACTIVE';
  const { outcome, run } = useControllerCall(block.serviceId);
  const toggle = () => {
    const { id, serviceId, type } = block;
    const storedState = asked ? 'STATE_INACTIVE' : 'STATE_ACTIVE';
    run((client) => client.POST('/blocks/patch', { body: { id, serviceId, type, data: { storedState } } }));
  };
  return (
    <div class="actuator-switch">
      <button type="button" role="switch" aria-checked={asked} onClick={toggle} disabled={disabled}>
        <span class="switch-track" aria-hidden="true" />
        On
      </button>
      <span role="status" class="hint">
        {outcomeText(outcome)}
      </span>
      {outcome?.state === 'refused' && <p class="problem">{outcome.problems.join('; ')}</p>}
    </div>
  );
}
