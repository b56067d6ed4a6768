import { formatForUnit, implementsInterface, type TemperatureUnit } from '@eventcast/block-model';
import { isLink, isQuantity, type Block } from '@eventcast/domain';
import { unitLabel } from '../../ui/unit-label';

/** A channel of an IO block (`OnboardPins`, a DS2413) that a digital actuator switches. */
export interface IoChannel {
  ioBlock: string;
  channel: number;
}

/** A temperature sensor a wizard may use, with its latest reading for the user to tell it apart. */
export interface FreeSensor {
  id: string;
  /** `20.13 °C`, or empty while it has no value. */
  reading: string;
}

/** What a wizard offers from one controller: its unit, its free sensors and channels, and every block id it has. */
export interface ControllerHardware {
  unit: TemperatureUnit;
  sensors: FreeSensor[];
  channels: IoChannel[];
  blockIds: string[];
}

/**
 * What a wizard may use on a controller with `blocks` (in nid order): the temperature sensors that
 * no setpoint pair reads yet and the IO channels that no digital actuator switches, in the
 * controller's order; temperatures in the unit the controller's system block follows.
 */
export function hardwareOf(blocks: readonly Block[]): ControllerHardware {
  const linked = new Set(
    blocks.filter((block) => block.type === 'SetpointSensorPair').map((block) => linkedId(block.data['sensorId'])),
  );
  const sensors = blocks
    .filter((block) => implementsInterface(block.type, 'TempSensorInterface') && !linked.has(block.id))
    .map((block) => ({ id: block.id, reading: readingOf(block.data['value']) }));
  const taken = new Set(
    blocks
      .filter((block) => block.type === 'DigitalActuator')
      .map((block) =>
        channelKey({ ioBlock: linkedId(block.data['hwDevice']) ?? '', channel: Number(block.data['channel']) }),
      ),
  );
  const channels = blocks
    .filter((block) => implementsInterface(block.type, 'IoArrayInterface'))
    .flatMap((block) => channelsOf(block))
    .filter((channel) => !taken.has(channelKey(channel)));
  const system = blocks.find((block) => block.type === 'SysInfo');
  const unit = system?.data['tempUnit'] === 'TEMP_FAHRENHEIT' ? 'degF' : 'degC';
  return { unit, sensors, channels, blockIds: blocks.map((block) => block.id) };
}

/** The channels of an IO block that nothing claims. */
function channelsOf(block: Block): IoChannel[] {
  const channels = Array.isArray(block.data['channels']) ? (block.data['channels'] as unknown[]) : [];
  return channels.flatMap((channel) => {
    const { id, claimedBy } = (channel ?? {}) as { id?: unknown; claimedBy?: unknown };
    if (typeof id !== 'number' || (claimedBy !== undefined && linkedId(claimedBy) !== null)) return [];
    return [{ ioBlock: block.id, channel: id }];
  });
}

function linkedId(value: unknown): string | null {
  return isLink(value) ? value.id : null;
}

function readingOf(value: unknown): string {
  if (!isQuantity(value) || value.value === null) return '';
  return `${formatForUnit(value.value, value.unit)} ${unitLabel(value.unit)}`;
}

/** One key per channel, for selects and sets: `OnboardPins#1`. */
export function channelKey({ ioBlock, channel }: IoChannel): string {
  return `${ioBlock}#${channel}`;
}

/** A channel as the user reads it: `OnboardPins channel 1`. */
export function channelLabel({ ioBlock, channel }: IoChannel): string {
  return `${ioBlock} channel ${channel}`;
}
