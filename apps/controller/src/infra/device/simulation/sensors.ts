import { isQuantity } from '@eventcast/domain';
import { quantityValue, setQuantityValue } from './sim-values.util';
import { TickContext } from './tick-context';

/** How far a OneWire sensor drifts around 20 degC, and how slowly (seconds per swing). */
const ONEWIRE_BASE_DEGC = 20;
const ONEWIRE_DRIFT_DEGC = 0.5;
const ONEWIRE_DRIFT_PERIOD_S = 900;

/**
 * Sensor values: a mock sensor reads its setting plus its fluctuations (null when not
 * connected); a OneWire sensor that is plugged in reads the configured fridge's air or beer, or
 * else drifts slowly around 20 degC, plus its offset; an external sensor reads its setting until
 * `timeout` passes without a write; a DS2413 is connected while plugged in.
 */
export function simulateSensors(context: TickContext): void {
  for (const { data } of context.ofType('TempSensorMock')) {
    setQuantityValue(data, 'value', data.connected === true ? mockValue(context, data) : null);
  }
  for (const { data } of context.ofType('TempSensorOneWire')) {
    const plugged = context.world.plugged.has(String(data.address).toUpperCase());
    setQuantityValue(
      data,
      'value',
      plugged ? oneWireTemperature(context, String(data.address)) + (quantityValue(data, 'offset') ?? 0) : null,
    );
  }
  for (const { data } of context.ofType('TempSensorExternal')) {
    setQuantityValue(data, 'value', externalValue(context, data));
  }
  for (const { data } of context.ofType('DS2413')) {
    data.connected = context.world.plugged.has(String(data.address).toUpperCase());
  }
}

function mockValue(context: TickContext, data: Record<string, unknown>): number | null {
  const setting = quantityValue(data, 'setting');
  if (setting === null) return null;
  let value = setting;
  for (const fluctuation of Array.isArray(data.fluctuations) ? data.fluctuations : []) {
    const amplitude = isQuantity(fluctuation.amplitude) ? (fluctuation.amplitude.value ?? 0) : 0;
    const period = isQuantity(fluctuation.period) ? (fluctuation.period.value ?? 0) : 0;
    if (period > 0) value += amplitude * Math.sin((2 * Math.PI * context.nowS) / period);
  }
  return value;
}

/** The fridge's temperature where the sensor sits in a configured fridge, else its drift around 20 degC. */
function oneWireTemperature(context: TickContext, address: string): number {
  return context.world.fridge?.temperatureAt(address) ?? oneWireDrift(context, address);
}

function oneWireDrift(context: TickContext, address: string): number {
  // Each address swings with its own phase, so two sensors do not read alike.
  const phase = [...address].reduce((sum, char) => sum + char.charCodeAt(0), 0);
  return (
    ONEWIRE_BASE_DEGC + ONEWIRE_DRIFT_DEGC * Math.sin((2 * Math.PI * context.nowS) / ONEWIRE_DRIFT_PERIOD_S + phase)
  );
}

function externalValue(context: TickContext, data: Record<string, unknown>): number | null {
  if (data.enabled !== true || typeof data.lastUpdated !== 'string' || data.lastUpdated === '') return null;
  const timeoutS = quantityValue(data, 'timeout') ?? 0;
  const ageS = (context.nowMs - Date.parse(data.lastUpdated)) / 1000;
  return timeoutS > 0 && ageS > timeoutS ? null : quantityValue(data, 'setting');
}
