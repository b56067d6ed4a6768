import { QuestDbHttpClient } from './questdb-http.client';
import { createRollups, QuestDbRollups, retentionStatements, ROLLUP_LAG_US } from './questdb-rollup';

const MINUTE = 60_000_000;
const DAY = 1_440 * MINUTE;
const NOW = 1_000 * DAY + 30_000_000;

describe(QuestDbRollups.name, () => {
  /** A QuestDB whose table has committed transaction 7, whose minute view (at its own transaction 3) has taken `minutes`, and whose hour view may be behind it. */
  function questDb(refreshed: { minutes: number; hoursBehind: boolean }) {
    const statements: string[] = [];
    const exec = async (sql: string) => {
      statements.push(sql);
      if (sql.includes("wal_tables() WHERE name = 'history_values_1m'")) return [[3]];
      if (sql.includes('wal_tables()')) return [[7]];
      if (sql.includes('materialized_views()')) {
        return [
          ['history_values_1m', refreshed.minutes],
          ['history_values_1h', refreshed.hoursBehind ? 2 : 3],
        ];
      }
      return [];
    };
    return { statements, http: { exec } as unknown as QuestDbHttpClient };
  }
  const written = (ts: number) => ({ ts, values: new Map([['k/v', 1]]) });

  it('covers nothing until both views have taken what the table held at start (they may still be building)', async () => {
    const refreshed = { minutes: 6, hoursBehind: false };
    const { http } = questDb(refreshed);
    const rollups = new QuestDbRollups(http, 'history_values');
    await expect(rollups.coveredUntil(NOW)).resolves.toBe(-Infinity);
    refreshed.minutes = 7;
    await expect(rollups.coveredUntil(NOW)).resolves.toBe(NOW - ROLLUP_LAG_US);
  });

  it('asks for nothing after a write of recent values, and covers all but the last minutes', async () => {
    const { statements, http } = questDb({ minutes: 7, hoursBehind: false });
    const rollups = new QuestDbRollups(http, 'history_values');
    await rollups.coveredUntil(NOW);
    statements.length = 0;
    await rollups.written([written(NOW - MINUTE)], NOW);
    await expect(rollups.coveredUntil(NOW)).resolves.toBe(NOW - ROLLUP_LAG_US);
    expect(statements).toEqual([]);
  });

  it('after a backlog, covers only up to its oldest value until both views have taken its transaction', async () => {
    const refreshed = { minutes: 7, hoursBehind: false };
    const { statements, http } = questDb(refreshed);
    const rollups = new QuestDbRollups(http, 'history_values');
    await rollups.coveredUntil(NOW);
    Object.assign(refreshed, { minutes: 6, hoursBehind: true });
    const oldest = NOW - 60 * MINUTE + 5;
    await rollups.written([written(oldest + MINUTE), written(oldest)], NOW);
    expect(statements).toContain('REFRESH MATERIALIZED VIEW history_values_1m INCREMENTAL');
    await expect(rollups.coveredUntil(NOW)).resolves.toBe(oldest);
    refreshed.minutes = 7;
    await expect(rollups.coveredUntil(NOW)).resolves.toBe(oldest);
    refreshed.hoursBehind = false;
    await expect(rollups.coveredUntil(NOW)).resolves.toBe(NOW - ROLLUP_LAG_US);
    statements.length = 0;
    await expect(rollups.coveredUntil(NOW)).resolves.toBe(NOW - ROLLUP_LAG_US);
    expect(statements).toEqual([]);
  });
});

describe(createRollups.name, () => {
  it('makes the hour view from the minute view, both partitioned by day', () => {
    const [minutes, hours] = createRollups('history_values');
    expect(minutes).toContain('FROM history_values SAMPLE BY 1m) PARTITION BY DAY');
    expect(hours).toContain('FROM history_values_1m SAMPLE BY 1h) PARTITION BY DAY');
  });

  it('keeps raw points and rollups for their own retention in days', () => {
    expect(retentionStatements('history_values', { rawUs: 30 * DAY, rollupUs: 400 * DAY }, true)).toEqual([
      'ALTER TABLE history_values SET TTL 30 DAYS',
      'ALTER TABLE history_values_annotations SET TTL 30 DAYS',
      'ALTER MATERIALIZED VIEW history_values_1h SET TTL 400 DAYS',
      'ALTER MATERIALIZED VIEW history_values_1m SET TTL 400 DAYS',
    ]);
  });

  it('keeps everything for ever without a retention', () => {
    expect(retentionStatements('history_values', {}, true)).toEqual([
      'ALTER TABLE history_values SET TTL 0 DAYS',
      'ALTER TABLE history_values_annotations SET TTL 0 DAYS',
      'ALTER MATERIALIZED VIEW history_values_1h SET TTL 0 DAYS',
      'ALTER MATERIALIZED VIEW history_values_1m SET TTL 0 DAYS',
    ]);
  });
});
