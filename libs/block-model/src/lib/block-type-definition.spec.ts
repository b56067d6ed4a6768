import { defineBlockType } from './block-type-definition';
import { field, FieldMap } from './fields';

function define(fields: FieldMap) {
  return defineBlockType({ name: 'Probe', fields });
}

describe(defineBlockType.name, () => {
  const type = defineBlockType({
    name: 'Probe',
    interfaces: ['TempSensorInterface'],
    fields: {
      value: field.quantity('degC', { readonly: true, logged: true }),
      setting: field.quantity('degC', { stored: true, logged: true }),
      label: field.string({ stored: true }),
      trigger: field.number(),
      steps: field.array({ hold: field.quantity('second'), reached: field.bool({ readonly: true }) }, { stored: true }),
      tuning: field.object(
        { gain: field.number(), note: field.string(), source: field.link('Any') },
        { stored: true, logged: true },
      ),
    },
  });

  it('lists the writable fields: all but the read-only ones', () => {
    expect(type.shape.writable.map((entry) => entry.name)).toEqual(['setting', 'label', 'trigger', 'steps', 'tuning']);
  });

  it('lists the stored fields, which a volatile setting or trigger is not', () => {
    expect(type.shape.stored.map((entry) => entry.name)).toEqual(['setting', 'label', 'steps', 'tuning']);
  });

  it('lists the logged fields', () => {
    expect(type.shape.logged.map((entry) => entry.name)).toEqual(['value', 'setting', 'tuning']);
  });

  it('lets nested fields be stored with their container, except the read-only ones', () => {
    expect(type.shape.byName.get('steps')?.shape?.stored.map((entry) => entry.name)).toEqual(['hold']);
  });

  it('lets nested fields be logged with their container when they are numbers, bools, enums or quantities', () => {
    expect(type.shape.byName.get('tuning')?.shape?.logged.map((entry) => entry.name)).toEqual(['gain']);
  });

  it('knows which fields hold quantities, directly or nested', () => {
    expect(type.shape.withQuantities.map((entry) => entry.name)).toEqual(['value', 'setting', 'steps']);
  });

  it('shows a quantity in each user unit, with its logged key', () => {
    const views = type.shape.byName.get('value')?.userUnits;
    expect(views?.degC).toMatchObject({ unit: 'degC', loggedKey: 'value[degC]' });
    expect(views?.degF).toMatchObject({ unit: 'degF', loggedKey: 'value[degF]' });
    expect(views?.degF.fromDevice(100)).toBe(212);
    expect(views?.degF.toDevice(212)).toBe(100);
  });

  it('implements the declared interfaces and is neither a system block nor discoverable unless declared', () => {
    expect(type).toMatchObject({
      name: 'Probe',
      interfaces: ['TempSensorInterface'],
      discoverable: false,
      system: undefined,
    });
  });

  it.each([
    [
      'a stored readonly field',
      { x: field.number({ readonly: true, stored: true }) },
      'Probe.x: a readonly field is computed by the controller and cannot be stored',
    ],
    ['a logged string', { x: field.string({ logged: true }) }, 'Probe.x: string fields cannot be logged'],
    ['a logged link', { x: field.link('Any', { logged: true }) }, 'Probe.x: link fields cannot be logged'],
    ['a logged array', { x: field.array({}, { logged: true }) }, 'Probe.x: array fields cannot be logged'],
    [
      'flags on a nested field',
      { x: field.object({ y: field.number({ stored: true }) }) },
      'Probe.x.y: a nested field takes stored and logged from its container',
    ],
    ['a default below the minimum', { x: field.number({ min: 1 }) }, 'Probe.x: the default 0 is not an allowed value'],
    [
      'a default above the maximum',
      { x: field.number({ max: 10, default: 11 }) },
      'Probe.x: the default 11 is not an allowed value',
    ],
    [
      'a fractional default of a whole number',
      { x: field.number({ integer: true, default: 0.5 }) },
      'Probe.x: the default 0.5 is not an allowed value',
    ],
    [
      'an enum default that is not a name',
      { x: field.enum(['A', 'B'], { default: 'C' }) },
      'Probe.x: the default C is not one of the names',
    ],
    ['an enum with a name twice', { x: field.enum(['A', 'A']) }, 'Probe.x: the names of an enum must differ'],
    [
      'a string default that breaks its pattern',
      { x: field.string({ pattern: { regex: /^a$/, rule: 'must be a' } }) },
      'Probe.x: the default does not match the pattern',
    ],
    [
      'a quantity in a unit the device does not keep',
      { x: field.quantity('degF') },
      'Probe.x: degF is not a unit the device keeps (degC, delta_degC, second and their products)',
    ],
    [
      'a quantity in an unknown unit',
      { x: field.quantity('furlong') },
      'Probe.x: furlong is not a unit the device keeps (degC, delta_degC, second and their products)',
    ],
  ])('refuses %s', (_, fields, message) => {
    expect(() => define(fields)).toThrow(message);
  });

  it('refuses a system block with a user nid', () => {
    expect(() => defineBlockType({ name: 'Probe', fields: {}, system: { id: 'Probe', nid: 100 } })).toThrow(
      "Probe: a system block's nid must be below 100",
    );
  });
});
