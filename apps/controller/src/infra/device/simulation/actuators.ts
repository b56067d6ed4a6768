import { clamp, numberValue, quantityValue } from './sim-values.util';
import { SimBlock, TickContext } from './tick-context';

export const ACTIVE = 'STATE_ACTIVE';
const INACTIVE = 'STATE_INACTIVE';

/** The shortest PWM period the simulation honours: it ticks about once a second. */
const MIN_PERIOD_S = 1;

/**
 * PWM actuators: the setting (driven by a PID, else the stored one; 0 when disabled) within
 * `minSetting`..`maxSetting` switches the claimed digital actuator on for that share of each
 * period; `value` is the share of the last whole period it was actually on.
 */
export function simulatePwms(context: TickContext): void {
  for (const pwm of context.ofType('ActuatorPwm')) {
    const { data } = pwm;
    const enabled = data.enabled === true;
    const wanted = context.drivenSetting(pwm) ?? numberValue(data, 'storedSetting');
    const setting = enabled ? clamp(wanted, numberValue(data, 'minSetting'), numberValue(data, 'maxSetting')) : 0;
    data.setting = setting;
    const actuator = context.target(data, 'actuatorId', 'ActuatorDigitalInterface');
    if (actuator === undefined || !context.isClaimedBy(actuator, pwm.id)) {
      data.value = 0;
      context.world.memory.delete(pwm.id);
      continue;
    }
    const periodMs = Math.max(quantityValue(data, 'period') ?? 0, MIN_PERIOD_S) * 1000;
    measureDuty(context, pwm, actuator, periodMs);
    const phase = (context.nowMs % periodMs) / periodMs;
    context.driven.set(actuator.id, phase < setting / 100 ? ACTIVE : INACTIVE);
  }
}

function measureDuty(context: TickContext, pwm: SimBlock, actuator: SimBlock, periodMs: number): void {
  const memory = context.memoryOf(pwm.id);
  memory.periodStartMs ??= context.nowMs;
  memory.onMs = (memory.onMs ?? 0) + (actuator.data.state === ACTIVE ? context.dtS * 1000 : 0);
  const elapsedMs = context.nowMs - memory.periodStartMs;
  if (elapsedMs >= periodMs) {
    pwm.data.value = clamp((memory.onMs / elapsedMs) * 100, 0, 100);
    memory.periodStartMs = context.nowMs;
    memory.onMs = 0;
  }
}

/**
 * Digital actuators: the state follows the claiming PWM, else the stored state, but does not
 * change before `minOnTime` (while on) or `minOffTime` (while off) has passed since it last did.
 */
export function simulateDigitalActuators(context: TickContext): void {
  for (const actuator of context.ofType('DigitalActuator')) {
    const { data } = actuator;
    const driven = context.driven.get(actuator.id);
    const wanted = context.isClaimed(actuator) ? (typeof driven === 'string' ? driven : INACTIVE) : data.storedState;
    if (wanted === data.state) continue;
    const memory = context.memoryOf(actuator.id);
    const minimumS = quantityValue(data, data.state === ACTIVE ? 'minOnTime' : 'minOffTime') ?? 0;
    if (memory.toggledAtMs === undefined || context.nowMs - memory.toggledAtMs >= minimumS * 1000) {
      data.state = wanted;
      memory.toggledAtMs = context.nowMs;
    }
  }
}
