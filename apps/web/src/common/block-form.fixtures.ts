// What the block form's specs share: blocks of the catalogue's types sent in degF, and a type with an object.
import { defineBlockType, field, findBlockType, type BlockType } from '@eventcast/block-model';
import type { Block } from '@eventcast/domain';
import type { FormField } from './block-form';

export const block = (id: string, type: string, data: Record<string, unknown> = {}): Block => ({
  id,
  serviceId: 'cellar',
  type,
  data,
});
export const typeOf = (name: string) => findBlockType(name) as BlockType;
export const q = (unit: string, value: number | null) => ({ __objtype: 'Quantity', unit, value });
export const setpoint = block('Beer setpoint', 'SetpointSensorPair', {
  enabled: true,
  sensorId: { __objtype: 'Link', type: 'TempSensorInterface', id: 'Beer sensor' },
  storedSetting: q('degF', 68),
  setting: q('degF', 68),
  filter: 'FILTER_15s',
});
export const sensor = block('Beer sensor', 'TempSensorMock', {
  value: q('degF', 68.9),
  connected: true,
  setting: q('degF', 68),
  fluctuations: [
    { amplitude: q('delta_degF', 0.9), period: q('second', 600) },
    { amplitude: q('delta_degF', 1.8), period: q('second', 60) },
  ],
});
export const blocks = [sensor, block('Heater', 'DigitalActuator'), setpoint];
export const context = { blocks, userUnit: 'degF' as const };
export const byName = (fields: readonly FormField[]) => Object.fromEntries(fields.map((part) => [part.name, part]));

/** A type of the specs' own with an object field, which no type of the catalogue has. */
export const PROBE = defineBlockType({
  name: 'Probe',
  fields: {
    profile: field.object({
      start: field.quantity('degC'),
      mode: field.enum(['HOLD', 'RAMP']),
      reached: field.bool({ readonly: true }),
      heater: field.link('ActuatorDigitalInterface'),
    }),
    steps: field.array({ target: field.quantity('degC', { default: 20 }), done: field.bool({ readonly: true }) }),
  },
});
export const probe = block('Probe 1', 'Probe', {
  profile: { start: q('degC', 18), mode: 'RAMP', reached: true, heater: { __objtype: 'Link', id: null } },
  steps: [{ target: q('degC', 21), done: false }],
});
