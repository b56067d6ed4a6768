import { sampleByWidth, sqlFieldFilter, sqlText, sqlTime } from './questdb-sql.util';

describe(sqlText.name, () => {
  it('doubles single quotes and keeps every other character as it is', () => {
    expect(sqlText("it's")).toBe("'it''s'");
    expect(sqlText("a' OR '1'='1")).toBe("'a'' OR ''1''=''1'");
    expect(sqlText('k/a b,c="d"[e]\\f')).toBe('\'k/a b,c="d"[e]\\f\'');
  });
});

describe(sqlFieldFilter.name, () => {
  it('looks plain names up as symbols', () => {
    expect(sqlFieldFilter(['a', 'b c'])).toBe("field IN ('a', 'b c')");
  });

  it('compares names holding a quote as text, since QuestDB finds no symbol by such a literal', () => {
    expect(sqlFieldFilter(["it's"])).toBe("cast(field AS string) IN ('it''s')");
    expect(sqlFieldFilter(['a', "b'c"])).toBe("(field IN ('a') OR cast(field AS string) IN ('b''c'))");
  });
});

describe(sqlTime.name, () => {
  it('writes a timestamp literal with microseconds', () => {
    expect(sqlTime(1_714_564_800_000_001)).toBe("'2024-05-01T12:00:00.000001Z'");
  });
});

describe(sampleByWidth.name, () => {
  it('uses the largest unit that divides the bucket width', () => {
    expect(sampleByWidth(86_400_000_000 * 7)).toBe('7d');
    expect(sampleByWidth(3 * 3_600_000_000)).toBe('3h');
    expect(sampleByWidth(15 * 60_000_000)).toBe('15m');
    expect(sampleByWidth(90_000_000)).toBe('90s');
    expect(sampleByWidth(250_000)).toBe('250T');
  });
});
