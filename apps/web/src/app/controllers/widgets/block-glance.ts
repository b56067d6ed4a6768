import { formatForUnit } from '@eventcast/block-model';
import type { Block } from '@eventcast/domain';
import { fieldLabel, fieldValueText } from '../../../common/field-words';

/** A reading of a block widget: a field's label and its value as the block's card shows it (`20.00 °C`). */
export interface GlanceFact {
  label: string;
  text: string;
  /** The state colour of an on or off value. */
  tone?: 'on' | 'off' | 'unknown';
}

/** A share of full power shown as a bar: its label, the share from 0 to 100 (null when unknown) and its words. */
export interface GlanceBar {
  label: string;
  percent: number | null;
  text: string;
}

/**
 * What a block's widget shows of it, from its type and its data as the controller last sent it:
 * its readings (an actuator's state in a state colour), a bar, whether it is enabled or connected,
 * the block that drives it, and, unless one does, the setting a brewer changes from the widget
 * (`storedSetting`) or the switch of an actuator.
 */
export interface Glance {
  facts: GlanceFact[];
  bar?: GlanceBar;
  enabled?: boolean;
  connected?: boolean;
  /** The name of the block that drives this one; null when none does; absent for a type that cannot be driven. */
  drivenBy?: string | null;
  /** The field a brewer edits in the widget, unless another block drives this one. */
  setting?: 'storedSetting';
  /** Whether the widget offers an on/off switch (of `storedState`): only while nothing drives the actuator. */
  toggle?: boolean;
}

/** The types of temperature sensor, which show their reading and whether they are connected. */
const SENSOR_TYPES = new Set(['TempSensorMock', 'TempSensorOneWire', 'TempSensorExternal']);

/**
 * What the widget of `block` shows ({@link Glance}); `blocks` are its controller's, for what a
 * link names (a PID's output is a PWM, shown as a bar, or an offset, shown in degrees).
 */
export function blockGlance(block: Block, blocks: readonly Block[] = []): Glance {
  const { type, data } = block;
  const fact = (field: string): GlanceFact => ({
    label: fieldLabel(type, field),
    text: fieldValueText(type, field, data[field]),
  });
  const flags = { enabled: booleanOf(data['enabled']), drivenBy: drivenBy(data) };
  // A block that another drives does not follow its own setting: the widget offers none.
  const setting = flags.drivenBy ? {} : { setting: 'storedSetting' as const };
  switch (type) {
    case 'SetpointSensorPair':
      return { facts: [fact('value'), fact('setting')], ...flags, ...setting };
    case 'Pid': {
      const output = blocks.find(({ id }) => id === linkId(data['outputId']));
      const analog = output?.type !== 'ActuatorOffset';
      return {
        facts: [
          fact('inputSetting'),
          fact('inputValue'),
          fact('error'),
          ...(analog ? [] : [fact('outputSetting')]),
          fact('p'),
          fact('i'),
          fact('d'),
        ],
        ...(analog ? { bar: dutyBar(fieldLabel(type, 'outputSetting'), data['outputSetting']) } : {}),
        enabled: flags.enabled,
      };
    }
    case 'ActuatorPwm':
      return {
        facts: [fact('setting')],
        bar: dutyBar(fieldLabel(type, 'value'), data['value']),
        ...flags,
        ...setting,
      };
    case 'ActuatorOffset':
      return { facts: [fact('setting'), fact('value'), fact('referenceId')], ...flags, ...setting };
    case 'DigitalActuator':
      return {
        facts: [{ ...fact('state'), tone: toneOf(data['state']) }],
        drivenBy: flags.drivenBy,
        toggle: flags.drivenBy === null,
      };
    default:
      if (SENSOR_TYPES.has(type)) {
        const connected = booleanOf(data['connected']) ?? quantityValue(data['value']) !== null;
        return { facts: [fact('value')], connected, enabled: flags.enabled };
      }
      return { facts: 'value' in data ? [fact('value')] : [], connected: booleanOf(data['connected']) };
  }
}

/** A duty (0 to 100 %) as a bar; a value out of range fills the bar to its end, its words say what it is. */
function dutyBar(label: string, value: unknown): GlanceBar {
  if (typeof value !== 'number' || !Number.isFinite(value)) return { label, percent: null, text: 'unknown' };
  return { label, percent: Math.min(Math.max(value, 0), 100), text: `${formatForUnit(value, '%')} %` };
}

function toneOf(value: unknown): GlanceFact['tone'] {
  if (value === 'STATE_ACTIVE') return 'on';
  return value === 'STATE_INACTIVE' ? 'off' : 'unknown';
}

/** The block named by `claimedBy`, null when nothing drives this one, undefined for a type without the field. */
function drivenBy(data: Record<string, unknown>): string | null | undefined {
  return 'claimedBy' in data ? linkId(data['claimedBy']) : undefined;
}

function linkId(value: unknown): string | null {
  const id = isRecord(value) ? value['id'] : value;
  return typeof id === 'string' ? id : null;
}

function quantityValue(value: unknown): number | null {
  const amount = isRecord(value) ? value['value'] : value;
  return typeof amount === 'number' ? amount : null;
}

function booleanOf(value: unknown): boolean | undefined {
  return typeof value === 'boolean' ? value : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
