import { link as l, quantity as q } from '@eventcast/domain';
/** Examples of the API page; they use the default service id `controller-1`. */
const serviceId = 'controller-1';

const SETPOINT_DATA = {
  enabled: true,
  sensorId: l('TempSensorInterface', 'Beer sensor'),
  storedSetting: q('degC', 20),
  filter: 'FILTER_15s',
  filterThreshold: q('delta_degC', 2),
};

/** A create or write body: the complete data; omitted fields take their default. */
export const SETPOINT_WRITE = {
  id: 'Beer setpoint',
  serviceId,
  type: 'SetpointSensorPair',
  data: SETPOINT_DATA,
  meta: { note: 'fermenter 1' },
};

/** A patch body: only the fields to change; a bare number is in the user's unit. */
export const SETPOINT_PATCH = {
  id: 'Beer setpoint',
  serviceId,
  type: 'SetpointSensorPair',
  data: { storedSetting: 21 },
};

/** A read or delete body: only `id` counts. */
export const BLOCK_REF = { id: 'Beer setpoint' };

/** A block as read: all data, read-only values included, temperatures in the user's unit. */
export const SETPOINT_BLOCK = {
  id: 'Beer setpoint',
  nid: 101,
  serviceId,
  type: 'SetpointSensorPair',
  data: {
    ...SETPOINT_DATA,
    setting: q('degC', 20),
    value: q('degC', 19.6),
    valueUnfiltered: q('degC', 19.5),
    claimedBy: l('Any', null),
  },
  meta: { note: 'fermenter 1' },
};

/** The logged data of a block: numbers, booleans and enum indexes; quantities postfixed. */
export const SETPOINT_LOGGED = {
  id: 'Beer setpoint',
  nid: 101,
  serviceId,
  type: 'SetpointSensorPair',
  data: {
    enabled: true,
    'storedSetting[degC]': 20,
    'setting[degC]': 20,
    'value[degC]': 19.6,
    'valueUnfiltered[degC]': 19.5,
  },
};

/** The stored data of a block, in the device's units: what a backup holds. */
export const SETPOINT_STORED = {
  id: 'Beer setpoint',
  nid: 101,
  serviceId,
  type: 'SetpointSensorPair',
  data: SETPOINT_DATA,
};

/** What identifies a deleted block. */
export const SETPOINT_IDENTITY = { id: 'Beer setpoint', nid: 101, serviceId, type: 'SetpointSensorPair' };

/** A block that discovery created for a plugged-in OneWire sensor. */
export const DISCOVERED_SENSOR = {
  id: 'TempSensorOneWire-1',
  nid: 102,
  serviceId,
  type: 'TempSensorOneWire',
  data: { value: q('degC', 20.2), offset: q('delta_degC', 0), address: '28C80E9A0300009D' },
};
