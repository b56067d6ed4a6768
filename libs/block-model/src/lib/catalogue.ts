import { BlockType, defineBlockType } from './block-type-definition';
import { field, FieldMap } from './fields';
import { ANY_INTERFACE } from './interfaces';

// The flag sets of the catalogue tables in docs/blocks.md: RO readonly, S stored, G logged.
const RO = { readonly: true };
const ROG = { readonly: true, logged: true };
const S = { stored: true };
const SG = { stored: true, logged: true };

// What a brewer starts from (docs/blocks.md, "Defaults"): a room's temperature, in degC.
const ROOM_TEMPERATURE = 20;

const ONEWIRE_ADDRESS = { regex: /^([0-9A-Fa-f]{16})?$/, rule: 'must be 16 hexadecimal digits' };

/** The channels of an IO module: the device claims a channel for the actuator that drives it. */
const IO_CHANNEL: FieldMap = { id: field.number({ readonly: true, integer: true }), claimedBy: field.link('Any', RO) };

function ioChannels(count: number) {
  return field.array(IO_CHANNEL, { ...RO, default: Array.from({ length: count }, (_, index) => ({ id: index + 1 })) });
}

/** Every block type of docs/blocks.md. Adding a type is adding its declaration here. */
const DECLARED_TYPES: readonly BlockType[] = [
  defineBlockType({
    name: 'SysInfo',
    system: { id: 'SystemInfo', nid: 2 },
    fields: {
      deviceId: field.string(RO),
      version: field.string(RO),
      uptime: field.quantity('second', ROG),
      updatesPerSecond: field.number(ROG),
      tempUnit: field.enum(['TEMP_CELSIUS', 'TEMP_FAHRENHEIT'], S),
      timeZone: field.string({ ...S, default: 'UTC' }),
    },
  }),
  defineBlockType({
    name: 'OnboardPins',
    system: { id: 'OnboardPins', nid: 19 },
    interfaces: ['IoArrayInterface'],
    fields: { channels: ioChannels(4), enableIoSupply12V: field.bool(S) },
  }),
  defineBlockType({
    name: 'TempSensorMock',
    interfaces: ['TempSensorInterface'],
    fields: {
      value: field.quantity('degC', ROG),
      connected: field.bool({ ...SG, default: true }),
      setting: field.quantity('degC', { ...S, default: ROOM_TEMPERATURE }),
      fluctuations: field.array(
        { amplitude: field.quantity('delta_degC'), period: field.quantity('second', { min: 0 }) },
        S,
      ),
    },
  }),
  defineBlockType({
    name: 'TempSensorOneWire',
    discoverable: true,
    interfaces: ['TempSensorInterface'],
    fields: {
      value: field.quantity('degC', ROG),
      offset: field.quantity('delta_degC', S),
      address: field.string({ ...S, pattern: ONEWIRE_ADDRESS }),
    },
  }),
  defineBlockType({
    name: 'TempSensorExternal',
    interfaces: ['TempSensorInterface'],
    fields: {
      enabled: field.bool(S),
      timeout: field.quantity('second', { ...S, min: 0 }),
      setting: field.quantity('degC', SG),
      lastUpdated: field.string(RO),
      value: field.quantity('degC', ROG),
    },
  }),
  defineBlockType({
    name: 'DS2413',
    discoverable: true,
    interfaces: ['IoArrayInterface'],
    fields: {
      address: field.string({ ...S, pattern: ONEWIRE_ADDRESS }),
      connected: field.bool(ROG),
      channels: ioChannels(2),
    },
  }),
  defineBlockType({
    name: 'SetpointSensorPair',
    interfaces: ['SetpointSensorPairInterface'],
    fields: {
      enabled: field.bool({ ...SG, default: true }),
      sensorId: field.link('TempSensorInterface', S),
      storedSetting: field.quantity('degC', { ...SG, default: ROOM_TEMPERATURE }),
      setting: field.quantity('degC', ROG),
      value: field.quantity('degC', ROG),
      valueUnfiltered: field.quantity('degC', ROG),
      filter: field.enum(
        ['FILTER_NONE', 'FILTER_15s', 'FILTER_45s', 'FILTER_90s', 'FILTER_3m', 'FILTER_10m', 'FILTER_30m'],
        S,
      ),
      filterThreshold: field.quantity('delta_degC', { ...S, min: 0 }),
      claimedBy: field.link('Any', RO),
    },
  }),
  defineBlockType({
    name: 'ActuatorPwm',
    interfaces: ['ActuatorAnalogInterface'],
    fields: {
      enabled: field.bool(SG),
      actuatorId: field.link('ActuatorDigitalInterface', S),
      storedSetting: field.number({ ...SG, min: 0, max: 100 }),
      setting: field.number(ROG),
      value: field.number(ROG),
      period: field.quantity('second', { ...S, min: 0, default: 4 }),
      minSetting: field.number({ ...S, min: 0, max: 100 }),
      maxSetting: field.number({ ...S, min: 0, max: 100, default: 100 }),
      claimedBy: field.link('Any', RO),
    },
  }),
  defineBlockType({
    name: 'ActuatorOffset',
    interfaces: ['ActuatorAnalogInterface'],
    fields: {
      enabled: field.bool(SG),
      targetId: field.link('SetpointSensorPairInterface', S),
      referenceId: field.link('SetpointSensorPairInterface', S),
      storedSetting: field.quantity('delta_degC', SG),
      setting: field.quantity('delta_degC', ROG),
      value: field.quantity('delta_degC', ROG),
      referenceSettingOrValue: field.enum(['REF_SETTING', 'REF_VALUE'], S),
      claimedBy: field.link('Any', RO),
    },
  }),
  defineBlockType({
    name: 'DigitalActuator',
    interfaces: ['ActuatorDigitalInterface'],
    fields: {
      hwDevice: field.link('IoArrayInterface', S),
      channel: field.number({ ...S, min: 0, integer: true }),
      storedState: field.enum(['STATE_INACTIVE', 'STATE_ACTIVE'], SG),
      state: field.enum(['STATE_INACTIVE', 'STATE_ACTIVE'], ROG),
      invert: field.bool(S),
      minOnTime: field.quantity('second', { ...S, min: 0 }),
      minOffTime: field.quantity('second', { ...S, min: 0 }),
      claimedBy: field.link('Any', RO),
    },
  }),
  defineBlockType({
    name: 'Pid',
    fields: {
      enabled: field.bool(SG),
      active: field.bool(ROG),
      inputId: field.link('SetpointSensorPairInterface', S),
      outputId: field.link('ActuatorAnalogInterface', S),
      kp: field.quantity('1 / degC', { ...S, default: 20 }),
      ti: field.quantity('second', { ...S, min: 0, default: 2 * 3600 }),
      td: field.quantity('second', { ...S, min: 0 }),
      inputValue: field.quantity('degC', ROG),
      inputSetting: field.quantity('degC', ROG),
      error: field.quantity('delta_degC', ROG),
      p: field.number(ROG),
      i: field.number(ROG),
      d: field.number(ROG),
      outputSetting: field.number(ROG),
      outputValue: field.number(ROG),
      integral: field.number(ROG),
      derivative: field.number(ROG),
      integralReset: field.number(),
    },
  }),
];

/** The block types by name. */
export const BLOCK_CATALOGUE: ReadonlyMap<string, BlockType> = new Map(DECLARED_TYPES.map((type) => [type.name, type]));

/** The type of this name, or undefined for an unknown type. */
export function findBlockType(name: string): BlockType | undefined {
  return BLOCK_CATALOGUE.get(name);
}

/** The types of the system blocks, which exist from the start. */
export const SYSTEM_BLOCK_TYPES: readonly BlockType[] = DECLARED_TYPES.filter((type) => type.system !== undefined);

/**
 * True when a block of type `typeName` may be the target of a link to `iface`: the type exists
 * and declares the interface, the interface is `Any`, or the link names the type itself.
 */
export function implementsInterface(typeName: string, iface: string): boolean {
  const type = BLOCK_CATALOGUE.get(typeName);
  return (
    type !== undefined &&
    (iface === ANY_INTERFACE || iface === typeName || (type.interfaces as readonly string[]).includes(iface))
  );
}
