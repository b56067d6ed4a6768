import { QuestDbHttpClient } from './questdb-http.client';
import { mergeBucketSums, QuestDbRollup, ROLLUP_LAG_US, ROLLUP_US, rollupCut } from './questdb-rollup';

const MINUTE = ROLLUP_US;
const NOW = 1_000 * 24 * 60 * MINUTE + 30_000_000;

describe(rollupCut.name, () => {
  it('reads whole minutes from the rollup up to a few minutes before now, and the rest from the table', () => {
    const from = NOW - 60 * MINUTE - 30_000_000;
    expect(rollupCut(from, NOW, 15 * MINUTE, NOW)).toBe(Math.floor((NOW - ROLLUP_LAG_US) / MINUTE) * MINUTE);
  });

  it('reads a range that ended long ago from the rollup alone, but a last minute it takes only part of from the table', () => {
    expect(rollupCut(0, 10 * MINUTE - 1, MINUTE, NOW)).toBe(10 * MINUTE);
    expect(rollupCut(0, 10 * MINUTE, MINUTE, NOW)).toBe(10 * MINUTE);
    expect(rollupCut(0, 10 * MINUTE + 5, MINUTE, NOW)).toBe(10 * MINUTE);
  });

  it('reads the table alone for buckets shorter than a minute, a start inside a minute, or a range of the last minutes', () => {
    expect(rollupCut(0, NOW, 30_000_000, NOW)).toBe(0);
    expect(rollupCut(1, NOW, MINUTE, NOW)).toBe(1);
    const recent = NOW - MINUTE - 30_000_000;
    expect(rollupCut(recent, NOW, MINUTE, NOW)).toBe(recent);
  });
});

describe(mergeBucketSums.name, () => {
  it('averages a bucket over the sums of the rollup and of the table together', () => {
    expect(
      mergeBucketSums([
        { field: 'a', ts: 0, total: 6, count: 3 },
        { field: 'a', ts: 0, total: 10, count: 1 },
        { field: 'b', ts: 0, total: 5, count: 2 },
        { field: 'a', ts: MINUTE, total: 7, count: 1 },
      ]),
    ).toEqual([
      { field: 'a', ts: 0, value: 4 },
      { field: 'b', ts: 0, value: 2.5 },
      { field: 'a', ts: MINUTE, value: 7 },
    ]);
  });
});

describe(QuestDbRollup.name, () => {
  /** A QuestDB whose table has committed transaction 7 and whose rollup has taken `refreshed`. */
  function questDb(refreshed: { txn: number }) {
    const statements: string[] = [];
    const exec = async (sql: string) => {
      statements.push(sql);
      if (sql.includes('wal_tables()')) return [[7]];
      if (sql.includes('materialized_views()')) return [[refreshed.txn]];
      return [];
    };
    return { statements, http: { exec } as unknown as QuestDbHttpClient };
  }
  const written = (ts: number) => ({ ts, values: new Map([['k/v', 1]]) });
  const from = Math.floor((NOW - 60 * MINUTE) / MINUTE) * MINUTE;
  const normalCut = rollupCut(from, NOW, MINUTE, NOW);

  it('asks for nothing after a write of recent values', async () => {
    const { statements, http } = questDb({ txn: 0 });
    const rollup = new QuestDbRollup(http, 'history_values');
    await rollup.written([written(NOW - MINUTE)], NOW);
    await expect(rollup.cut(from, NOW, MINUTE, NOW)).resolves.toBe(normalCut);
    expect(statements).toEqual([]);
  });

  it('after a backlog, reads the table from its oldest minute until the rollup has taken its transaction', async () => {
    const refreshed = { txn: 6 };
    const { statements, http } = questDb(refreshed);
    const rollup = new QuestDbRollup(http, 'history_values');
    const oldest = from + 10 * MINUTE + 5;
    await rollup.written([written(oldest + MINUTE), written(oldest)], NOW);
    expect(statements).toContain('REFRESH MATERIALIZED VIEW history_values_1m INCREMENTAL');
    await expect(rollup.cut(from, NOW, MINUTE, NOW)).resolves.toBe(from + 10 * MINUTE);
    refreshed.txn = 7;
    await expect(rollup.cut(from, NOW, MINUTE, NOW)).resolves.toBe(normalCut);
    statements.length = 0;
    await expect(rollup.cut(from, NOW, MINUTE, NOW)).resolves.toBe(normalCut);
    expect(statements).toEqual([]);
  });
});
