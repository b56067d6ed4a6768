import {
  DEFAULT_VIEW,
  formatViewState,
  liveRange,
  MAX_FIELDS,
  parseViewState,
  rangeSpanAt,
  ViewState,
} from './view-state';

describe('view state in the URL', () => {
  it('reads back every part of a view it wrote', () => {
    const view: ViewState = {
      fields: [
        { name: 'ferm/beer[degC]', label: 'Beer', colour: '#ff0000', axis: 'degC' },
        { name: 'ferm/pid & out', label: 'a=b&c' },
        { name: 'ferm/door' },
      ],
      range: { from: Date.parse('2026-01-01T00:00:00Z'), to: Date.parse('2026-01-02T12:30:00Z') },
      yRanges: { degC: { min: -5, max: 30.5 }, value: { max: 1 } },
      staleAfter: 60,
    };
    const search = formatViewState(view);
    expect(parseViewState(`?${search}`)).toEqual(view);
    expect(search).toContain('from=2026-01-01T00%3A00%3A00.000Z');
  });

  it('writes a preset range by its key and leaves defaults out', () => {
    const search = formatViewState({ ...DEFAULT_VIEW, fields: [{ name: 'a' }], range: { duration: '1y' } });
    expect(search).toBe('f=a&range=1y');
    expect(parseViewState(search).range).toEqual({ duration: '1y' });
  });

  it('opens a mangled link as far as it parses', () => {
    const view = parseViewState('f=a&f=a&f=&colour=red&range=2y&from=x&ymin.degC=abc&ymax.degC=&stale=-1');
    expect(view).toEqual({ ...DEFAULT_VIEW, fields: [{ name: 'a' }] });
  });

  it('keeps at most the fields one graph shows', () => {
    const search = Array.from({ length: 30 }, (_, i) => `f=f${i}`).join('&');
    expect(parseViewState(search).fields).toHaveLength(MAX_FIELDS);
  });

  it('gives the span of a preset at a given time', () => {
    expect(rangeSpanAt({ duration: '1h' }, 10_000_000)).toEqual({ from: 10_000_000 - 3_600_000, to: 10_000_000 });
    expect(rangeSpanAt({ from: 1, to: 2 }, 10)).toEqual({ from: 1, to: 2 });
  });
});

describe('liveRange', () => {
  const now = 10_000_000;

  it('slides a preset with the clock, dropping what slid out', () => {
    const live = liveRange({ duration: '10m' }, now);
    expect(live?.query).toEqual({ duration: '10m' });
    expect(live?.spanAt(now + 5000)).toEqual({ from: now + 5000 - 600_000, to: now + 5000 });
    expect(live?.slidOutBefore(now)).toBe(now - 600_000);
  });

  it('grows a custom range that has not ended from its start, and keeps a past one fixed', () => {
    const live = liveRange({ from: now - 1000, to: now + 500 }, now);
    expect(live?.query).toEqual({ start: now - 1000 });
    expect(live?.spanAt(now + 2000)).toEqual({ from: now - 1000, to: now + 2000 });
    expect(live?.slidOutBefore(now)).toBe(-Infinity);
    expect(liveRange({ from: now - 1000, to: now - 1 }, now)).toBeUndefined();
  });
});
