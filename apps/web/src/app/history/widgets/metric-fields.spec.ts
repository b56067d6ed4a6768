import { metricReading, staleLimitOf } from './metric-fields';

describe(metricReading.name, () => {
  const now = Date.parse('2026-01-01T12:00:00Z');
  const latest = (secondsAgo: number, value = 19.8765) => ({
    field: 'ferm/beer[degC]',
    value,
    timestamp: new Date(now - secondsAgo * 1000).toISOString(),
  });

  it('reads a fresh value rounded, with its unit and age', () => {
    const field = { name: 'ferm/beer[degC]', label: 'Beer', staleAfterS: 60 };
    expect(metricReading(field, 'ferm/beer[degC]', latest(12), now)).toEqual({
      label: 'Beer',
      value: '19.88 °C',
      age: '12 s ago',
      stale: false,
    });
  });

  it('reads a value older than its own limit as stale', () => {
    const field = { name: 'ferm/beer[degC]', staleAfterS: 5 };
    expect(metricReading(field, 'ferm/beer[degC]', latest(12), now)).toMatchObject({
      label: 'ferm/beer[degC]',
      stale: true,
    });
  });

  it('reads a field without a value as stale', () => {
    const field = { name: 'ferm/door', staleAfterS: 60 };
    expect(metricReading(field, 'ferm/door', undefined, now)).toEqual({
      label: 'ferm/door',
      value: '–',
      age: 'no value',
      stale: true,
    });
  });
});

describe(staleLimitOf.name, () => {
  it('takes whole seconds from 1', () => {
    expect(['60', ' 5 ', '0', '-3', '1.5', '', 'abc'].map(staleLimitOf)).toEqual([
      60,
      5,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});
