import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deleteRedisKeys, testRedisUrl, waitFor } from '@eventcast/testing';
import { RedisAutomationStore } from '../src/infra/redis/redis-automation-store';
import { SqliteAutomationStore } from '../src/infra/sqlite/sqlite-automation-store';
import { automationStoreContract } from './store.contract';

const REDIS_URL = testRedisUrl();
const sqliteFolder = mkdtempSync(join(tmpdir(), 'automation-contract-'));
// A key prefix of this run's own, so the shared Redis's other data is never touched.
const redisPrefix = `eventcast-test-${randomBytes(4).toString('hex')}:`;

automationStoreContract(
  'the embedded SQLite store',
  async () => new SqliteAutomationStore(join(sqliteFolder, 'automation.sqlite')),
);

automationStoreContract('the Redis store', async () => {
  const store = new RedisAutomationStore(REDIS_URL, redisPrefix);
  await waitFor('Redis', () => store.ping().then(() => true));
  return store;
});

afterAll(async () => {
  rmSync(sqliteFolder, { recursive: true, force: true });
  await deleteRedisKeys(REDIS_URL, redisPrefix);
});
