import { BlockData } from '@eventcast/block-model';
import { numberValue, quantityValue, setQuantityValue } from './sim-values.util';
import { SimBlock, TickContext } from './tick-context';

/** The time constant of each setpoint filter, in seconds. */
const FILTER_SECONDS: Readonly<Record<string, number>> = {
  FILTER_NONE: 0,
  FILTER_15s: 15,
  FILTER_45s: 45,
  FILTER_90s: 90,
  FILTER_3m: 180,
  FILTER_10m: 600,
  FILTER_30m: 1800,
};

/**
 * Setpoint pairs: the sensor's value, filtered (a jump beyond `filterThreshold` is taken at
 * once), and the stored setting when enabled. A pair claimed by an offset actuator gets its
 * setting from it (see `simulateOffsets`).
 */
export function simulateSetpoints(context: TickContext): void {
  for (const pair of context.ofType('SetpointSensorPair')) {
    const { data } = pair;
    const sensor = context.target(data, 'sensorId', 'TempSensorInterface');
    const raw = sensor === undefined ? null : quantityValue(sensor.data, 'value');
    setQuantityValue(data, 'valueUnfiltered', raw);
    setQuantityValue(data, 'value', filtered(context, data, raw));
    if (!context.isClaimed(pair))
      setQuantityValue(data, 'setting', data.enabled === true ? quantityValue(data, 'storedSetting') : null);
  }
}

function filtered(context: TickContext, data: BlockData, raw: number | null): number | null {
  const previous = quantityValue(data, 'value');
  if (raw === null || previous === null) return raw;
  const threshold = quantityValue(data, 'filterThreshold') ?? 0;
  const seconds = FILTER_SECONDS[String(data.filter)] ?? 0;
  if (seconds === 0 || (threshold > 0 && Math.abs(raw - previous) > threshold)) return raw;
  return previous + (raw - previous) * Math.min(1, context.dtS / seconds);
}

/**
 * PIDs: error = setting - value of the input pair; p = kp * error; i = kp * integral / ti (the
 * integral of the error over time, not grown while the output is at its limit); d = -kp * td *
 * the input's rate of change. Their sum drives the claimed output. A non-zero `integralReset`
 * resets the integral and returns to 0.
 */
export function simulatePids(context: TickContext): void {
  for (const pid of context.ofType('Pid')) {
    const { data } = pid;
    const input = context.target(data, 'inputId', 'SetpointSensorPairInterface');
    const output = context.target(data, 'outputId', 'ActuatorAnalogInterface');
    const setting = input === undefined ? null : quantityValue(input.data, 'setting');
    const value = input === undefined ? null : quantityValue(input.data, 'value');
    setQuantityValue(data, 'inputSetting', setting);
    setQuantityValue(data, 'inputValue', value);
    if (numberValue(data, 'integralReset') !== 0) {
      data.integral = 0;
      data.integralReset = 0;
    }
    const active = data.enabled === true && setting !== null && value !== null && output !== undefined;
    data.active = active;
    if (!active) {
      Object.assign(data, { p: 0, i: 0, d: 0, outputSetting: 0, derivative: 0 });
      setQuantityValue(data, 'error', null);
      context.memoryOf(pid.id).previousInput = undefined;
      continue;
    }
    control(context, pid, setting, value, output);
  }
}

function control(context: TickContext, pid: SimBlock, setting: number, value: number, output: SimBlock): void {
  const { data } = pid;
  const memory = context.memoryOf(pid.id);
  const kp = quantityValue(data, 'kp') ?? 0;
  const ti = quantityValue(data, 'ti') ?? 0;
  const td = quantityValue(data, 'td') ?? 0;
  const error = setting - value;
  if (context.dtS > 0) {
    data.derivative = memory.previousInput === undefined ? 0 : (value - memory.previousInput) / context.dtS;
    memory.previousInput = value;
    if (ti > 0 && !pushesPastLimit(output, numberValue(data, 'outputSetting'), kp * error))
      data.integral = numberValue(data, 'integral') + error * context.dtS;
  }
  if (ti <= 0) data.integral = 0;
  const p = kp * error;
  const i = ti > 0 ? (kp * numberValue(data, 'integral')) / ti : 0;
  const d = -kp * td * numberValue(data, 'derivative');
  Object.assign(data, { p, i, d, outputSetting: p + i + d });
  setQuantityValue(data, 'error', error);
  if (context.isClaimedBy(output, pid.id)) context.driven.set(output.id, p + i + d);
}

/** True when a PWM output already sits at a limit and the error pushes further past it (anti-windup). */
function pushesPastLimit(output: SimBlock, outputSetting: number, push: number): boolean {
  if (output.type !== 'ActuatorPwm') return false;
  return (
    (push > 0 && outputSetting >= numberValue(output.data, 'maxSetting')) ||
    (push < 0 && outputSetting <= numberValue(output.data, 'minSetting'))
  );
}

/**
 * Offset actuators: the setting (driven by a PID, else the stored one when enabled) is added to
 * the reference pair's setting or value, and the sum becomes the claimed target pair's setting;
 * the value is the offset the target achieves.
 */
export function simulateOffsets(context: TickContext): void {
  for (const offset of context.ofType('ActuatorOffset')) {
    const { data } = offset;
    const enabled = data.enabled === true;
    const setting = enabled ? (context.drivenSetting(offset) ?? quantityValue(data, 'storedSetting')) : null;
    setQuantityValue(data, 'setting', setting);
    const target = context.target(data, 'targetId', 'SetpointSensorPairInterface');
    const reference = context.target(data, 'referenceId', 'SetpointSensorPairInterface');
    const base =
      reference === undefined
        ? null
        : quantityValue(reference.data, data.referenceSettingOrValue === 'REF_VALUE' ? 'value' : 'setting');
    if (target !== undefined && context.isClaimedBy(target, offset.id)) {
      const targetSetting =
        enabled && target.data.enabled === true && base !== null && setting !== null ? base + setting : null;
      setQuantityValue(target.data, 'setting', targetSetting);
    }
    const targetValue = target === undefined ? null : quantityValue(target.data, 'value');
    setQuantityValue(data, 'value', enabled && targetValue !== null && base !== null ? targetValue - base : null);
  }
}
