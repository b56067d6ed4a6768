import { link as l, quantity as q } from '@eventcast/domain';
import { BlockDataError, BlockDataProblem } from './block-data-error';
import { defineBlockType } from './block-type-definition';
import { findBlockType } from './catalogue';
import { field } from './fields';
import { normaliseWrite, WriteOptions } from './normalise-write';
import { BlockData } from './values';

const BLOCKS = new Map([
  ['Fridge sensor', 'TempSensorMock'],
  ['Fridge setpoint', 'SetpointSensorPair'],
  ['Heater', 'DigitalActuator'],
  ['Spark pins', 'OnboardPins'],
]);
const resolveLink = (id: string) => BLOCKS.get(id);

function write(typeName: string, data: unknown, options: WriteOptions = {}): BlockData {
  const type = findBlockType(typeName);
  if (type === undefined) throw new Error(`no type ${typeName}`);
  return normaliseWrite(type, data, { resolveLink, ...options });
}

function problems(typeName: string, data: unknown, options: WriteOptions = {}): readonly BlockDataProblem[] {
  try {
    write(typeName, data, options);
  } catch (error) {
    if (error instanceof BlockDataError) return error.fieldProblems;
    throw error;
  }
  throw new Error('the write was accepted');
}

describe(normaliseWrite.name, () => {
  describe('defaults', () => {
    it('gives every omitted writable field its default: the declared one, else 0, false, a null link', () => {
      expect(write('Pid', {})).toEqual({
        enabled: false,
        inputId: l('SetpointSensorPairInterface', null),
        outputId: l('ActuatorAnalogInterface', null),
        kp: q('1 / degC', 20),
        ti: q('second', 7200),
        td: q('second', 0),
        integralReset: 0,
      });
    });

    it('gives omitted strings an empty string, omitted arrays no items and omitted enums their first name', () => {
      expect(write('TempSensorOneWire', {})).toEqual({ offset: q('delta_degC', 0), address: '' });
      expect(write('TempSensorMock', {})).toMatchObject({ fluctuations: [] });
      expect(write('SetpointSensorPair', {})).toMatchObject({ filter: 'FILTER_NONE' });
    });

    it('gives a field its declared default where 0 would surprise a user', () => {
      expect(write('ActuatorPwm', {})).toMatchObject({ minSetting: 0, maxSetting: 100, period: q('second', 4) });
      expect(write('SysInfo', {})).toEqual({ tempUnit: 'TEMP_CELSIUS', timeZone: 'UTC' });
    });

    it('keeps the given fields and defaults only the omitted ones', () => {
      expect(write('TempSensorMock', { connected: false })).toEqual({
        connected: false,
        setting: q('degC', 20),
        fluctuations: [],
      });
    });
  });

  describe('read-only and unknown fields', () => {
    it('drops read-only fields without complaint, also under a postfixed key', () => {
      const data = {
        enabled: true,
        value: q('degC', 20),
        'setting[degC]': 21,
        valueUnfiltered: 'anything',
        claimedBy: l('Any', 'Pid'),
      };
      const result = write('SetpointSensorPair', data);
      expect(Object.keys(result)).toEqual(['enabled', 'sensorId', 'storedSetting', 'filter', 'filterThreshold']);
    });

    it('rejects a field the type does not have, naming it', () => {
      expect(problems('Pid', { kp: 2, kd: 1 })).toEqual([{ path: 'data.kd', message: 'is not a field of Pid' }]);
    });

    it('rejects __proto__ as an unknown field rather than taking it as a prototype', () => {
      expect(problems('Pid', JSON.parse('{"__proto__": {"enabled": true}}'))).toEqual([
        { path: 'data.__proto__', message: 'is not a field of Pid' },
      ]);
    });

    it('rejects data that is not an object', () => {
      expect(problems('Pid', [1])).toEqual([{ path: 'data', message: 'must be an object' }]);
      expect(problems('Pid', null)).toEqual([{ path: 'data', message: 'must be an object' }]);
    });

    it('names every problem of a write at once, in a BlockDataError', () => {
      const attempt = () => write('ActuatorPwm', { enabled: 'yes', storedSetting: 120, speed: 3 });
      expect(attempt).toThrow(BlockDataError);
      expect(attempt).toThrow(
        'invalid ActuatorPwm data: data.speed is not a field of ActuatorPwm; data.enabled must be true or false; data.storedSetting must be at most 100',
      );
    });
  });

  describe('numbers', () => {
    it('takes a number within the limits', () => {
      expect(write('ActuatorPwm', { storedSetting: 55.5 })).toMatchObject({ storedSetting: 55.5 });
      expect(write('ActuatorPwm', { storedSetting: 0, maxSetting: 100 })).toMatchObject({
        storedSetting: 0,
        maxSetting: 100,
      });
    });

    it.each([
      ['ActuatorPwm', { storedSetting: '50' }, 'data.storedSetting', 'must be a number'],
      ['ActuatorPwm', { storedSetting: null }, 'data.storedSetting', 'must be a number'],
      ['ActuatorPwm', { storedSetting: -1 }, 'data.storedSetting', 'must be at least 0'],
      ['ActuatorPwm', { minSetting: 100.5 }, 'data.minSetting', 'must be at most 100'],
      ['DigitalActuator', { channel: 1.5 }, 'data.channel', 'must be a whole number'],
    ])('rejects the %s write %p', (type, data, path, message) => {
      expect(problems(type, data)).toEqual([{ path, message }]);
    });
  });

  describe('durations', () => {
    it('takes zero and positive durations in any time unit', () => {
      expect(write('ActuatorPwm', { period: { __objtype: 'Quantity', unit: 'minute', value: 2 } })).toMatchObject({
        period: { unit: 'second', value: 120 },
      });
      expect(write('Pid', { ti: 0, 'td[hour]': 1 })).toMatchObject({ ti: { value: 0 }, td: { value: 3600 } });
    });

    it.each([
      ['ActuatorPwm', { period: -5 }, 'data.period'],
      ['ActuatorPwm', { period: { __objtype: 'Quantity', unit: 'minute', value: -1 } }, 'data.period'],
      ['Pid', { 'ti[hour]': -0.5 }, 'data.ti[hour]'],
      ['DigitalActuator', { minOnTime: -1 }, 'data.minOnTime'],
      ['TempSensorMock', { fluctuations: [{ amplitude: 1, period: -60 }] }, 'data.fluctuations.0.period'],
    ])('rejects the negative %s duration %p', (type, data, path) => {
      expect(problems(type, data)).toEqual([{ path, message: 'must be at least 0 second' }]);
    });

    it('rejects a negative filter threshold, converted from degF first', () => {
      expect(problems('SetpointSensorPair', { 'filterThreshold[delta_degF]': -1 })).toEqual([
        { path: 'data.filterThreshold[delta_degF]', message: 'must be at least 0 delta_degC' },
      ]);
    });
  });

  describe('bools, enums and strings', () => {
    it('takes true and false only as booleans', () => {
      expect(write('TempSensorMock', { connected: true })).toMatchObject({ connected: true });
      expect(problems('TempSensorMock', { connected: 1 })).toEqual([
        { path: 'data.connected', message: 'must be true or false' },
      ]);
      expect(problems('TempSensorMock', { connected: 'true' })).toEqual([
        { path: 'data.connected', message: 'must be true or false' },
      ]);
    });

    it('takes an enum by one of its names, not by its index', () => {
      expect(write('DigitalActuator', { storedState: 'STATE_ACTIVE' })).toMatchObject({ storedState: 'STATE_ACTIVE' });
      const message = 'must be one of STATE_INACTIVE, STATE_ACTIVE';
      expect(problems('DigitalActuator', { storedState: 1 })).toEqual([{ path: 'data.storedState', message }]);
      expect(problems('DigitalActuator', { storedState: 'ON' })).toEqual([{ path: 'data.storedState', message }]);
    });

    it('takes a string that matches the declared pattern', () => {
      expect(write('TempSensorOneWire', { address: '28FF4A2B3C4D5E6F' })).toMatchObject({
        address: '28FF4A2B3C4D5E6F',
      });
      expect(write('SysInfo', { timeZone: 'Europe/Amsterdam' })).toMatchObject({ timeZone: 'Europe/Amsterdam' });
      expect(problems('TempSensorOneWire', { address: '28FF' })).toEqual([
        { path: 'data.address', message: 'must be 16 hexadecimal digits' },
      ]);
      expect(problems('SysInfo', { timeZone: 1 })).toEqual([{ path: 'data.timeZone', message: 'must be a string' }]);
    });
  });

  describe('quantities', () => {
    it('keeps a Quantity in the device unit as it is', () => {
      expect(write('TempSensorMock', { setting: q('degC', 20.5) })).toMatchObject({ setting: q('degC', 20.5) });
    });

    it('converts a Quantity in any compatible unit to the device unit', () => {
      expect(write('TempSensorMock', { setting: q('degF', 68) })).toMatchObject({ setting: q('degC', 20) });
      expect(write('TempSensorOneWire', { offset: q('delta_degF', 9) })).toMatchObject({ offset: q('delta_degC', 5) });
      expect(write('Pid', { ti: q('minute', 10), td: q('hour', 0.5) })).toMatchObject({
        ti: q('second', 600),
        td: q('second', 1800),
      });
      expect(write('Pid', { kp: q('1 / degF', 10) })).toMatchObject({ kp: q('1 / degC', 18) });
    });

    it('takes a bare temperature number in the user unit', () => {
      expect(write('TempSensorMock', { setting: 68 }, { userUnit: 'degF' })).toMatchObject({ setting: q('degC', 20) });
      expect(write('TempSensorMock', { setting: 20 }, { userUnit: 'degC' })).toMatchObject({ setting: q('degC', 20) });
      expect(write('TempSensorMock', { setting: 20 })).toMatchObject({ setting: q('degC', 20) });
      expect(write('TempSensorOneWire', { offset: 9 }, { userUnit: 'degF' })).toMatchObject({
        offset: q('delta_degC', 5),
      });
      expect(write('Pid', { kp: 10 }, { userUnit: 'degF' })).toMatchObject({ kp: q('1 / degC', 18) });
    });

    it('takes a bare time number in seconds, whatever the user unit', () => {
      expect(write('Pid', { ti: 600 }, { userUnit: 'degF' })).toMatchObject({ ti: q('second', 600) });
    });

    it('takes a number under a postfixed key in the unit of the key', () => {
      const result = write('TempSensorOneWire', { 'offset[delta_degF]': 2 });
      expect(result.offset).toEqual({ __objtype: 'Quantity', unit: 'delta_degC', value: expect.closeTo(10 / 9, 10) });
      expect(write('Pid', { 'ti[minute]': 2, 'kp[1/degF]': 10 })).toMatchObject({
        ti: q('second', 120),
        kp: q('1 / degC', 18),
      });
    });

    it('takes null, as a bare value, a Quantity value or under a postfixed key, as an unknown value', () => {
      expect(write('TempSensorMock', { setting: null })).toMatchObject({ setting: q('degC', null) });
      expect(write('TempSensorMock', { setting: q('degF', null) })).toMatchObject({ setting: q('degC', null) });
      expect(write('TempSensorMock', { 'setting[degF]': null })).toMatchObject({ setting: q('degC', null) });
    });

    it.each([
      [{ offset: q('degC', 2) }, 'data.offset', 'has the unit degC, which does not convert to delta_degC'],
      [{ offset: q('second', 2) }, 'data.offset', 'has the unit second, which does not convert to delta_degC'],
      [{ offset: q('delta_degX', 2) }, 'data.offset', 'has the unknown unit delta_degX'],
      [{ 'offset[degF]': 2 }, 'data.offset[degF]', 'has the unit degF, which does not convert to delta_degC'],
      [{ 'offset[parsec]': 2 }, 'data.offset[parsec]', 'has the unknown unit parsec'],
      [{ 'offset[delta_degF]': '2' }, 'data.offset[delta_degF]', 'must be a number or null'],
      [{ 'offset[delta_degF]': q('delta_degF', 2) }, 'data.offset[delta_degF]', 'must be a number or null'],
      [{ offset: '2' }, 'data.offset', 'must be a Quantity, a number (in delta_degC) or null'],
      [
        { offset: { __objtype: 'Quantity', value: 2 } },
        'data.offset',
        'must be a Quantity with a unit and a number or null as value',
      ],
      [{ offset: 1, 'offset[delta_degF]': 2 }, 'data.offset[delta_degF]', 'sets offset a second time'],
      [
        { 'address[second]': 'x' },
        'data.address[second]',
        'is not a quantity: only quantities take a unit in their key',
      ],
    ])('rejects the TempSensorOneWire write %p', (data, path, message) => {
      expect(problems('TempSensorOneWire', data)).toEqual([{ path, message }]);
    });

    it('rejects a Quantity whose value is not finite, which only a caller in the same process can pass', () => {
      expect(problems('TempSensorMock', { setting: q('degC', Infinity) })).toEqual([
        { path: 'data.setting', message: 'must have a finite number or null as value' },
      ]);
    });

    it('names the user unit when a bare value is of the wrong kind', () => {
      expect(problems('TempSensorMock', { setting: true }, { userUnit: 'degF' })).toEqual([
        { path: 'data.setting', message: 'must be a Quantity, a number (in degF) or null' },
      ]);
    });
  });

  describe('links', () => {
    it('takes a Link object, with or without its type, and sets the type to the field interface', () => {
      expect(write('SetpointSensorPair', { sensorId: l('TempSensorInterface', 'Fridge sensor') })).toMatchObject({
        sensorId: l('TempSensorInterface', 'Fridge sensor'),
      });
      expect(write('SetpointSensorPair', { sensorId: { __objtype: 'Link', id: 'Fridge sensor' } })).toMatchObject({
        sensorId: l('TempSensorInterface', 'Fridge sensor'),
      });
      expect(write('SetpointSensorPair', { sensorId: l('TempSensorMock', 'Fridge sensor') })).toMatchObject({
        sensorId: l('TempSensorInterface', 'Fridge sensor'),
      });
    });

    it('takes a bare block id as a link', () => {
      expect(write('DigitalActuator', { hwDevice: 'Spark pins' })).toMatchObject({
        hwDevice: l('IoArrayInterface', 'Spark pins'),
      });
    });

    it('takes null, bare or as the id of a Link, as a link that is not set', () => {
      expect(write('Pid', { inputId: null })).toMatchObject({ inputId: l('SetpointSensorPairInterface', null) });
      expect(write('Pid', { inputId: l('SetpointSensorPairInterface', null) })).toMatchObject({
        inputId: l('SetpointSensorPairInterface', null),
      });
    });

    it('rejects a link to a block that does not exist', () => {
      expect(problems('Pid', { inputId: 'Beer setpoint' })).toEqual([
        { path: 'data.inputId', message: 'links to Beer setpoint, which does not exist' },
      ]);
    });

    it('rejects a link to a block that does not implement the field interface', () => {
      expect(problems('Pid', { inputId: 'Fridge sensor', outputId: 'Heater' })).toEqual([
        {
          path: 'data.inputId',
          message: 'links to Fridge sensor, a TempSensorMock, which does not implement SetpointSensorPairInterface',
        },
        {
          path: 'data.outputId',
          message: 'links to Heater, a DigitalActuator, which does not implement ActuatorAnalogInterface',
        },
      ]);
    });

    it.each([
      5,
      { id: 'Fridge sensor' },
      { __objtype: 'Link', id: 5 },
      { __objtype: 'Link', type: 3, id: 'Fridge sensor' },
      ['Fridge sensor'],
    ])('rejects %p as a link', (value) => {
      expect(problems('SetpointSensorPair', { sensorId: value })).toEqual([
        { path: 'data.sensorId', message: 'must be a Link, a block id or null' },
      ]);
    });

    it('checks only the shape of a link when no resolver is given', () => {
      expect(write('Pid', { inputId: 'Beer setpoint' }, { resolveLink: undefined })).toMatchObject({
        inputId: l('SetpointSensorPairInterface', 'Beer setpoint'),
      });
    });
  });

  describe('arrays', () => {
    it('normalises every item: units converted, omitted fields defaulted', () => {
      const fluctuations = [{ amplitude: q('delta_degF', 9), period: q('minute', 10) }, { 'period[hour]': 1 }];
      expect(write('TempSensorMock', { fluctuations })).toMatchObject({
        fluctuations: [
          { amplitude: q('delta_degC', 5), period: q('second', 600) },
          { amplitude: q('delta_degC', 0), period: q('second', 3600) },
        ],
      });
    });

    it('names the item at fault by its index', () => {
      const fluctuations = [{ amplitude: 1, period: 60 }, { amplitude: 1, period: q('degC', 1), phase: 0 }, 7];
      expect(problems('TempSensorMock', { fluctuations })).toEqual([
        { path: 'data.fluctuations.1.phase', message: 'is not a field of TempSensorMock.fluctuations' },
        { path: 'data.fluctuations.1.period', message: 'has the unit degC, which does not convert to second' },
        { path: 'data.fluctuations.2', message: 'must be an object' },
      ]);
    });

    it('rejects a value that is not an array', () => {
      expect(problems('TempSensorMock', { fluctuations: { amplitude: 1 } })).toEqual([
        { path: 'data.fluctuations', message: 'must be an array' },
      ]);
    });

    it('ignores a read-only array in a write', () => {
      expect(write('OnboardPins', { channels: 'anything', enableIoSupply12V: true })).toEqual({
        enableIoSupply12V: true,
      });
    });
  });

  describe('objects', () => {
    const type = defineBlockType({
      name: 'Probe',
      fields: {
        tuning: field.object(
          {
            gain: field.quantity('1 / degC'),
            mode: field.enum(['FAST', 'SLOW']),
            computed: field.number({ readonly: true }),
            source: field.link('TempSensorInterface'),
          },
          { stored: true },
        ),
      },
    });

    it('normalises nested fields: units converted, read-only ones dropped, omitted ones defaulted, links checked', () => {
      const data = { tuning: { gain: q('1 / degF', 5), computed: 4, source: 'Fridge sensor' } };
      expect(normaliseWrite(type, data, { resolveLink })).toEqual({
        tuning: { gain: q('1 / degC', 9), mode: 'FAST', source: l('TempSensorInterface', 'Fridge sensor') },
      });
      expect(normaliseWrite(type, {})).toEqual({
        tuning: { gain: q('1 / degC', 0), mode: 'FAST', source: l('TempSensorInterface', null) },
      });
    });

    it('names a nested field at fault by its path', () => {
      expect(() => normaliseWrite(type, { tuning: { mode: 'MEDIUM', source: 'Heater' } }, { resolveLink })).toThrow(
        'invalid Probe data: data.tuning.mode must be one of FAST, SLOW; data.tuning.source links to Heater, a DigitalActuator, which does not implement TempSensorInterface',
      );
      expect(() => normaliseWrite(type, { tuning: 3 })).toThrow('invalid Probe data: data.tuning must be an object');
    });
  });
});
