import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDbTimeSeriesStore, Retention } from '../src';
import { describeTimeSeriesStoreContract } from './time-series-store.contract';

const folder = mkdtempSync(join(tmpdir(), 'eventcast-history-duckdb-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function fileBytes(path: string): number {
  return statSync(path).size + (existsSync(`${path}.wal`) ? statSync(`${path}.wal`).size : 0);
}

async function openDuckDb(file: string, retention?: Retention): Promise<DuckDbTimeSeriesStore> {
  const store = new DuckDbTimeSeriesStore(join(folder, file), retention);
  await store.open();
  return store;
}

describeTimeSeriesStoreContract(
  'the embedded DuckDB store',
  () => openDuckDb('contract.duckdb'),
  (place, retention) => openDuckDb(`${place}.duckdb`, retention),
);

describe(DuckDbTimeSeriesStore.name, () => {
  it('keeps its values in the file across a close and a reopen', async () => {
    const first = await openDuckDb('reopen.duckdb');
    await first.write([{ ts: 1_714_564_800_000_000, values: new Map([['k/v', 1.5]]) }]);
    await first.close();

    const again = await openDuckDb('reopen.duckdb');
    try {
      await expect(again.latest(['k/v'], 0)).resolves.toEqual([
        { field: 'k/v', ts: 1_714_564_800_000_000, value: 1.5 },
      ]);
    } finally {
      await again.close();
    }
  });

  it('stops growing its file once the retention is reached: the blocks of dropped days are used again', async () => {
    const day = 86_400_000_000;
    const start = Date.UTC(2024, 0, 1) * 1000;
    const store = await openDuckDb('retained.duckdb', { rawUs: 3 * day, rollupUs: 3 * day });
    const sizes: number[] = [];
    try {
      for (let index = 0; index < 12; index++) {
        const events = Array.from({ length: 8_640 }, (_, step) => ({
          ts: start + index * day + step * 10_000_000,
          values: new Map(
            Array.from({ length: 20 }, (__, field) => [`grow/${field}`, Math.round(Math.random() * 1e4) / 100]),
          ),
        }));
        for (let from = 0; from < events.length; from += 1_000) await store.write(events.slice(from, from + 1_000));
        await store.maintain(start + (index + 1) * day + 120_000_000);
        sizes.push(fileBytes(join(folder, 'retained.duckdb')));
      }
      const [kept] = await store.values(['grow/0'], 0, start + 12 * day, 1);
      expect(kept.ts).toBe(start + 9 * day);
    } finally {
      await store.close();
    }
    // Twelve days written, three kept: in the last six days the file is never larger than it was in
    // the first six (it grows to its size by the fourth day, then stays there).
    expect(Math.max(...sizes.slice(6))).toBeLessThanOrEqual(Math.max(...sizes.slice(0, 6)));
    expect(sizes[3]).toBeGreaterThan(sizes[0]);
  }, 60_000);

  it('creates its folder when it is missing', async () => {
    const store = await openDuckDb('nested/deeper/history.duckdb');
    await expect(store.check()).resolves.toBeUndefined();
    await store.close();
  });
});
