import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { waitFor } from '@eventcast/testing';
import { RedisDocumentStore } from '../src/infra/redis/redis-document-store';
import { SqliteDocumentStore } from '../src/infra/sqlite/sqlite-document-store';
import { documentStoreContract } from './document-store.contract';

documentStoreContract('the embedded SQLite store', async () => new SqliteDocumentStore(join(mkdtempSync(join(tmpdir(), 'datastore-')), 'datastore.sqlite')));

documentStoreContract('the Redis store', async () => {
  const store = new RedisDocumentStore('redis://127.0.0.1:6379', `eventcast-test-${randomBytes(4).toString('hex')}:`);
  await waitFor('Redis', () => store.ping().then(() => true));
  return store;
});
