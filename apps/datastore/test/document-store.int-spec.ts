import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deleteRedisKeys, testRedisUrl, waitFor } from '@eventcast/testing';
import { RedisDocumentStore } from '../src/infra/redis/redis-document-store';
import { SqliteDocumentStore } from '../src/infra/sqlite/sqlite-document-store';
import { documentStoreContract } from './document-store.contract';

const REDIS_URL = testRedisUrl();
const sqliteFolder = mkdtempSync(join(tmpdir(), 'datastore-contract-'));
// A key prefix of this run's own, so the shared Redis's other data is never touched.
const redisPrefix = `eventcast-test-${randomBytes(4).toString('hex')}:`;

documentStoreContract(
  'the embedded SQLite store',
  async () => new SqliteDocumentStore(join(sqliteFolder, 'datastore.sqlite')),
);

documentStoreContract('the Redis store', async () => {
  const store = new RedisDocumentStore(REDIS_URL, redisPrefix);
  await waitFor('Redis', () => store.ping().then(() => true));
  return store;
});

afterAll(async () => {
  rmSync(sqliteFolder, { recursive: true, force: true });
  await deleteRedisKeys(REDIS_URL, redisPrefix);
});
