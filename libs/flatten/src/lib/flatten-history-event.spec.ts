import {
  emptyFlattenReport,
  flattenHistoryEvent,
  MAX_FLATTEN_DEPTH,
  MAX_VALUES_PER_EVENT,
} from './flatten-history-event';

function flatten(key: string, data: object) {
  const report = emptyFlattenReport();
  const values = Object.fromEntries(flattenHistoryEvent({ key, data }, report));
  return { values, report };
}

describe(flattenHistoryEvent.name, () => {
  it('names a value by the key, its parents and its own key: key=<key>, data.<a>.<b>.<c> is <key>/<a>/<b>/<c>', () => {
    expect(flatten('spark-one', { a: { b: { c: 21.5 } } }).values).toEqual({ 'spark-one/a/b/c': 21.5 });
  });

  it('keeps integers, decimals, booleans and numeric strings, and ignores other strings and null', () => {
    const { values, report } = flatten('k', {
      int: 3,
      dec: -0.25,
      on: true,
      off: false,
      digits: '12',
      negative: '-0.5',
      spaced: ' 8 ',
      exp: '1e3',
      plus: '+3',
      fraction: '.5',
      word: 'true',
      version: '1.2.3',
      nothing: null,
    });
    expect(values).toEqual({
      'k/int': 3,
      'k/dec': -0.25,
      'k/on': 1,
      'k/off': 0,
      'k/digits': 12,
      'k/negative': -0.5,
      'k/spaced': 8,
      'k/exp': 1000,
      'k/plus': 3,
      'k/fraction': 0.5,
    });
    expect(report).toEqual({ ignored: 3, tooDeep: 0, truncated: false });
  });

  it('ignores strings that are no plain number, null and non-finite numbers, and counts them', () => {
    const data = {
      a: 'true',
      b: '1.2.3',
      c: 'NaN',
      d: 'Infinity',
      e: '0x10',
      f: '',
      g: '   ',
      h: '5.',
      i: null,
      j: NaN,
      l: -Infinity,
      kept: 1,
    };
    const { values, report } = flatten('k', data);
    expect(values).toEqual({ 'k/kept': 1 });
    expect(report).toEqual({ ignored: 11, tooDeep: 0, truncated: false });
  });

  it('keys array items by their index', () => {
    expect(flatten('k', { values: [1, [2, 3], { x: 4 }] }).values).toEqual({
      'k/values/0': 1,
      'k/values/1/0': 2,
      'k/values/1/1': 3,
      'k/values/2/x': 4,
    });
    expect(flatten('k', [5, { y: 6 }]).values).toEqual({ 'k/0': 5, 'k/1/y': 6 });
  });

  it('yields nothing for empty objects and arrays', () => {
    expect(flatten('k', { a: {}, b: [], c: { d: {} } }).values).toEqual({});
    expect(flatten('k', {}).values).toEqual({});
  });

  it('keeps the quantity names of controller events as they are, brackets and spaces included', () => {
    const data = { 'Fridge sensor': { 'value[degC]': 20.5 }, 'PID 1': { 'error[delta_degC]': -0.3, enabled: true } };
    expect(flatten('controller-1', data).values).toEqual({
      'controller-1/Fridge sensor/value[degC]': 20.5,
      'controller-1/PID 1/error[delta_degC]': -0.3,
      'controller-1/PID 1/enabled': 1,
    });
  });

  it('does not escape keys that contain a slash, nor empty keys', () => {
    expect(flatten('k', { 'a/b': 1, '': { '': 2 } }).values).toEqual({ 'k/a/b': 1, 'k//': 2 });
  });

  it('treats __proto__, constructor and prototype as ordinary keys without touching any prototype', () => {
    const data = JSON.parse(
      '{"__proto__": {"polluted": 1}, "constructor": {"prototype": {"x": 2}}, "prototype": 3, "a": {"__proto__": 4}}',
    );
    const { values } = flatten('k', data);
    expect(values).toEqual({
      'k/__proto__/polluted': 1,
      'k/constructor/prototype/x': 2,
      'k/prototype': 3,
      'k/a/__proto__': 4,
    });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
  });

  it('keeps huge finite numbers and ignores numbers that overflow', () => {
    expect(flatten('k', { big: 1.7976931348623157e308, text: '1e308', over: '1e999', unsafe: 2 ** 60 }).values).toEqual(
      {
        'k/big': 1.7976931348623157e308,
        'k/text': 1e308,
        'k/unsafe': 2 ** 60,
      },
    );
  });

  it(`drops what is nested deeper than ${MAX_FLATTEN_DEPTH} levels, even 10,000 levels deep, and reports it`, () => {
    let deep: Record<string, unknown> = { leaf: 1 };
    for (let level = 0; level < 10_000; level++) deep = { n: deep, v: level };
    const { values, report } = flatten('k', deep);

    expect(Object.keys(values)).toHaveLength(MAX_FLATTEN_DEPTH);
    expect(values['k/v']).toBe(9999);
    expect(values[`k${'/n'.repeat(MAX_FLATTEN_DEPTH - 1)}/v`]).toBe(10_000 - MAX_FLATTEN_DEPTH);
    expect(report.tooDeep).toBe(1);
    expect(report.truncated).toBe(false);
  });

  it(`keeps at most ${MAX_VALUES_PER_EVENT} values of an event with a million keys, and reports the truncation`, () => {
    const data: Record<string, number> = {};
    for (let index = 0; index < 1_000_000; index++) data[`v${index}`] = index;
    const { values, report } = flatten('k', data);

    expect(Object.keys(values)).toHaveLength(MAX_VALUES_PER_EVENT);
    expect(values['k/v0']).toBe(0);
    expect(values[`k/v${MAX_VALUES_PER_EVENT - 1}`]).toBe(MAX_VALUES_PER_EVENT - 1);
    expect(values[`k/v${MAX_VALUES_PER_EVENT}`]).toBeUndefined();
    expect(report).toEqual({ ignored: 0, tooDeep: 0, truncated: true });
  });

  it(`keeps all of an event with exactly ${MAX_VALUES_PER_EVENT} values and reports no truncation`, () => {
    const data = Array.from({ length: MAX_VALUES_PER_EVENT }, (_, index) => index);
    const { values, report } = flatten('k', data);

    expect(Object.keys(values)).toHaveLength(MAX_VALUES_PER_EVENT);
    expect(values[`k/${MAX_VALUES_PER_EVENT - 1}`]).toBe(MAX_VALUES_PER_EVENT - 1);
    expect(report.truncated).toBe(false);
  });

  it('counts ignored values and nested objects toward the limit of values per event', () => {
    const data = { nulls: Array.from({ length: MAX_VALUES_PER_EVENT - 1 }, () => null), late: 1 };
    const { values, report } = flatten('k', data);

    expect(values).toEqual({});
    expect(report).toEqual({ ignored: MAX_VALUES_PER_EVENT - 1, tooDeep: 0, truncated: true });
  });

  it('lets the later of two paths with the same name win', () => {
    expect(flatten('k', { 'a/b': 1, a: { b: 2 } }).values).toEqual({ 'k/a/b': 2 });
  });

  it('stops at the depth limit on a cyclic object instead of looping', () => {
    const cyclic: Record<string, unknown> = { x: 1 };
    cyclic.self = cyclic;
    const { values, report } = flatten('k', cyclic);
    expect(Object.keys(values)).toHaveLength(MAX_FLATTEN_DEPTH);
    expect(values[`k${'/self'.repeat(MAX_FLATTEN_DEPTH - 1)}/x`]).toBe(1);
    expect(report.tooDeep).toBe(1);
  });

  it('stops at the limit of values per event on an object that refers to itself twice', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.left = cyclic;
    cyclic.right = cyclic;
    const { values, report } = flatten('k', cyclic);
    expect(values).toEqual({});
    expect(report.truncated).toBe(true);
  });

  it('works without a report and yields nothing when data is not an object', () => {
    expect(flattenHistoryEvent({ key: 'k', data: { a: 1 } })).toEqual(new Map([['k/a', 1]]));
    expect(flattenHistoryEvent({ key: 'k', data: null as unknown as object }).size).toBe(0);
  });
});
