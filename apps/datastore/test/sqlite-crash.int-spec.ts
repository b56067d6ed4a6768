import { fork } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteDocumentStore } from '../src/infra/sqlite/sqlite-document-store';

const BATCH = 500;

describe('the embedded store when the process dies mid-write', () => {
  it('keeps either the old or the new state of a multi-document write, never a mix', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'datastore-crash-')), 'datastore.sqlite');
    const writer = fork(join(__dirname, 'sqlite-crash-writer.ts'), [file, String(BATCH)], {
      execArgv: ['-r', 'ts-node/register/transpile-only', '-r', 'tsconfig-paths/register'],
      env: { ...process.env, TS_NODE_PROJECT: join(__dirname, '../tsconfig.json') },
      stdio: 'ignore',
    });
    await new Promise((resolve) => writer.once('message', resolve));
    // Let it get well into later batches, then kill it without warning.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const exited = new Promise((resolve) => writer.once('exit', resolve));
    writer.kill('SIGKILL');
    await exited;

    const store = new SqliteDocumentStore(file);
    try {
      const documents = await store.find({ namespace: 'crash' });
      expect(documents).toHaveLength(BATCH);
      const versions = new Set(documents.map((document) => document.version));
      expect(versions.size).toBe(1);
      expect([...versions][0]).toBeGreaterThanOrEqual(1);
    } finally {
      await store.close();
    }
  });
});
