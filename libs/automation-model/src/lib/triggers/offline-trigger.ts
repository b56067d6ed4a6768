import { OfflineTrigger } from '../automation.types';
import { LastingSubject } from './lasting-watch';
import { forText } from './trigger-text';

/**
 * A controller offline: its last will (a state event without blocks) starts the wait, which fires
 * after `forS` seconds (at once when 0); its next state event with blocks clears it. A controller
 * that never sent a state event is not offline here: whether it exists is the validation's business.
 */
export function offlineSubject(trigger: OfflineTrigger): LastingSubject {
  const forS = trigger.forS ?? 0;
  const controller = `controller ${trigger.serviceId}`;
  return {
    subject: trigger.serviceId,
    forS,
    concerns: (event) => event.kind === 'state' && event.serviceId === trigger.serviceId,
    read: (event) => {
      const gone = event.kind === 'state' && event.blocks === null;
      return { breached: gone, recovered: !gone };
    },
    firedMessage: () => (forS > 0 ? `${controller} has been offline${forText(forS)}` : `${controller} went offline`),
    clearedMessage: () => `${controller} is back online`,
  };
}
