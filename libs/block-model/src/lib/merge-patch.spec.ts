import { link as l, quantity as q } from '@eventcast/domain';
import { mergePatch } from './merge-patch';

describe(mergePatch.name, () => {
  it('keeps the fields a patch does not name and replaces the ones it names', () => {
    expect(mergePatch({ enabled: true, kp: q('1 / degC', 2), integralReset: 0 }, { enabled: false })).toEqual({
      enabled: false,
      kp: q('1 / degC', 2),
      integralReset: 0,
    });
  });

  it('merges objects deeply', () => {
    const previous = { tuning: { gain: 1, limits: { low: 0, high: 10 } } };
    expect(mergePatch(previous, { tuning: { limits: { high: 20 } } })).toEqual({
      tuning: { gain: 1, limits: { low: 0, high: 20 } },
    });
  });

  it('replaces arrays whole', () => {
    const previous = { fluctuations: [{ amplitude: q('delta_degC', 1) }, { amplitude: q('delta_degC', 2) }] };
    expect(mergePatch(previous, { fluctuations: [{ amplitude: q('delta_degC', 3) }] })).toEqual({
      fluctuations: [{ amplitude: q('delta_degC', 3) }],
    });
  });

  it('replaces quantities and links whole, so that a new unit never meets an old value', () => {
    expect(mergePatch({ setting: q('degC', 20) }, { setting: { __objtype: 'Quantity', value: 68 } })).toEqual({
      setting: { __objtype: 'Quantity', value: 68 },
    });
    expect(
      mergePatch({ sensorId: l('TempSensorInterface', 'a') }, { sensorId: { __objtype: 'Link', id: 'b' } }),
    ).toEqual({ sensorId: { __objtype: 'Link', id: 'b' } });
  });

  it('replaces a field by a postfixed key of the same field, and the other way round', () => {
    expect(mergePatch({ offset: q('delta_degC', 1), enabled: true }, { 'offset[delta_degF]': 2 })).toEqual({
      enabled: true,
      'offset[delta_degF]': 2,
    });
    expect(mergePatch({ 'offset[delta_degF]': 2 }, { offset: q('delta_degC', 1) })).toEqual({
      offset: q('delta_degC', 1),
    });
  });

  it('replaces nulls, numbers and objects by one another', () => {
    expect(mergePatch({ a: { b: 1 }, c: null, d: 5 }, { a: null, c: { e: 1 }, d: { f: 2 } })).toEqual({
      a: null,
      c: { e: 1 },
      d: { f: 2 },
    });
  });

  it('changes neither the previous data nor the patch', () => {
    const previous = { tuning: { gain: 1 } };
    const patch = { tuning: { gain: 2 } };
    mergePatch(previous, patch);
    expect(previous).toEqual({ tuning: { gain: 1 } });
    expect(patch).toEqual({ tuning: { gain: 2 } });
  });

  it('keeps __proto__ in a patch as an ordinary key, for the write to reject', () => {
    const merged = mergePatch({ enabled: true }, JSON.parse('{"__proto__": {"polluted": true}}'));
    expect(Object.keys(merged)).toEqual(['enabled', '__proto__']);
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
    expect((merged as { polluted?: boolean }).polluted).toBeUndefined();
  });
});
