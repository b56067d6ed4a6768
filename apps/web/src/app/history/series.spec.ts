import { alignSeries, convertSeries, gapThreshold, joinSeries, mergeBuckets, rowsWithValues, seriesOf } from './series';

const plain = (series: { times: Float64Array; values: Float64Array }) => ({
  times: [...series.times],
  values: [...series.values],
});

describe('mergeBuckets', () => {
  it('replaces the buckets a live update holds again and appends the new ones', () => {
    const merged = mergeBuckets(
      seriesOf([
        [1000, 1],
        [2000, 2],
        [3000, 3],
      ]),
      seriesOf([
        [3000, 3.5],
        [4000, 4],
      ]),
    );
    expect(plain(merged)).toEqual({ times: [1000, 2000, 3000, 4000], values: [1, 2, 3.5, 4] });
  });

  it('drops what slid out of the window', () => {
    const merged = mergeBuckets(
      seriesOf([
        [1000, 1],
        [2000, 2],
      ]),
      seriesOf([[3000, 3]]),
      1500,
    );
    expect(plain(merged)).toEqual({ times: [2000, 3000], values: [2, 3] });
  });

  it('keeps the series when the update is empty, and takes the update when the series is', () => {
    const series = seriesOf([[1000, 1]]);
    expect(plain(mergeBuckets(series, seriesOf([])))).toEqual(plain(series));
    expect(plain(mergeBuckets(seriesOf([]), series))).toEqual(plain(series));
  });
});

describe('alignSeries', () => {
  it('puts fields on one time axis in seconds, undefined where a field has no value there', () => {
    const [times, a, b] = alignSeries(
      [
        seriesOf([
          [1000, 1],
          [2000, 2],
        ]),
        seriesOf([
          [2000, 20],
          [3000, 30],
        ]),
      ],
      10_000,
    );
    expect([...times]).toEqual([1, 2, 3]);
    expect(a).toEqual([1, 2, undefined]);
    expect(b).toEqual([undefined, 20, 30]);
  });

  it('breaks a line with null from the value before a gap to the value after it, across the other fields', () => {
    const everySecond = seriesOf(Array.from({ length: 11 }, (_, i) => [i * 1000, i]));
    const withGap = seriesOf([0, 1, 2, 3, 9, 10].map((second) => [second * 1000, second * 10]));
    const [times, , b] = alignSeries([everySecond, withGap], 1000);
    expect([...times]).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(b).toEqual([0, 10, 20, 30, null, null, null, null, null, 90, 100]);
  });

  it('adds a time in the middle of a gap no other field fills', () => {
    const [times, a] = alignSeries([seriesOf([1, 2, 3, 4, 20].map((second) => [second * 1000, second]))], 1000);
    expect([...times]).toEqual([1, 2, 3, 4, 12, 20]);
    expect(a).toEqual([1, 2, 3, 4, null, 20]);
  });

  it("judges each field's gaps by its own steps: a field written every 10 s beside one every second stays a line", () => {
    const everySecond = seriesOf(Array.from({ length: 31 }, (_, i) => [i * 1000, i]));
    const everyTenSeconds = seriesOf([0, 10, 20, 30].map((second) => [second * 1000, second]));
    const [, , sparse] = alignSeries([everySecond, everyTenSeconds], 1000);
    expect(sparse.filter((cell) => cell === null)).toEqual([]);
    expect(sparse.filter((cell) => typeof cell === 'number')).toEqual([0, 10, 20, 30]);
  });
});

describe('gapThreshold', () => {
  it("is three buckets, or five of the field's usual steps when its values are sparser than buckets", () => {
    const everySecond = seriesOf(Array.from({ length: 10 }, (_, i) => [i * 1000, i]));
    expect(gapThreshold(everySecond, 1000)).toBe(5000);
    expect(gapThreshold(everySecond, 5000)).toBe(15_000);
    expect(gapThreshold(seriesOf([]), 5000)).toBe(15_000);
  });
});

describe('rowsWithValues', () => {
  it('leaves out the times that only mark a gap', () => {
    const columns = alignSeries(
      [seriesOf([1, 2, 3, 4, 20].map((second) => [second * 1000, second])), seriesOf([[1000, 5]])],
      1000,
    );
    expect([...columns[0]]).toEqual([1, 2, 3, 4, 12, 20]);
    expect(rowsWithValues(columns)).toEqual([0, 1, 2, 3, 5]);
  });
});

describe('convertSeries', () => {
  it('turns every value and keeps the times', () => {
    const series = seriesOf([
      [1000, 20],
      [2000, 21],
    ]);
    expect(plain(convertSeries(series, (value) => value * 2))).toEqual({ times: [1000, 2000], values: [40, 42] });
  });
});

describe('joinSeries', () => {
  it('puts the periods of two series one after the other, in time order', () => {
    const before = seriesOf([
      [1000, 20],
      [2000, 21],
    ]);
    const after = seriesOf([
      [3000, 71.6],
      [4000, 72],
    ]);
    expect(plain(joinSeries([after, before]))).toEqual({ times: [1000, 2000, 3000, 4000], values: [20, 21, 71.6, 72] });
  });

  it('makes the mean of two points of the same time, and keeps a lone series as it is', () => {
    const one = seriesOf([[1000, 20]]);
    expect(plain(joinSeries([one, seriesOf([[1000, 22]])]))).toEqual({ times: [1000], values: [21] });
    expect(joinSeries([seriesOf([]), one])).toBe(one);
    expect(plain(joinSeries([]))).toEqual({ times: [], values: [] });
  });
});
