import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteDocumentStore } from '../src/infra/sqlite/sqlite-document-store';

const BATCH = 500;
/** Batches written before the kill, so it lands while later batches are being written. */
const BATCHES_BEFORE_KILL = 5;

describe('the embedded store when the process dies mid-write', () => {
  it('keeps either the old or the new state of a multi-document write, never a mix', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'datastore-crash-'));
    const file = join(folder, 'datastore.sqlite');
    const writer = fork(join(__dirname, 'sqlite-crash-writer.ts'), [file, String(BATCH)], {
      execArgv: ['-r', 'ts-node/register/transpile-only', '-r', 'tsconfig-paths/register'],
      env: { ...process.env, TS_NODE_PROJECT: join(__dirname, '../tsconfig.json') },
      stdio: 'ignore',
    });
    const exited = new Promise((resolve) => writer.once('exit', resolve));
    await new Promise<void>((resolve) =>
      writer.on('message', (version) => version === BATCHES_BEFORE_KILL && resolve()),
    );
    writer.kill('SIGKILL');
    await exited;

    const store = new SqliteDocumentStore(file);
    try {
      const documents = await store.find({ namespace: 'crash' });
      expect(documents).toHaveLength(BATCH);
      const versions = new Set(documents.map((document) => document.version));
      expect(versions.size).toBe(1);
      expect([...versions][0]).toBeGreaterThanOrEqual(BATCHES_BEFORE_KILL);
    } finally {
      await store.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
