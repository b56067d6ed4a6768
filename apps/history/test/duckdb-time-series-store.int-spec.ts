import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDbTimeSeriesStore, Retention } from '@eventcast/time-series-store';
import { describeTimeSeriesStoreContract } from './time-series-store.contract';

const folder = mkdtempSync(join(tmpdir(), 'eventcast-history-duckdb-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

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

  it('creates its folder when it is missing', async () => {
    const store = await openDuckDb('nested/deeper/history.duckdb');
    await expect(store.check()).resolves.toBeUndefined();
    await store.close();
  });
});
