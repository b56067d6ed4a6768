import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Logger } from '@nestjs/common';
import { ConflictError, StoreUnavailableError } from '@eventcast/domain';
import { SqliteWriteQueue } from './sqlite-write-queue';

describe(SqliteWriteQueue.name, () => {
  let folder: string;
  let db: DatabaseSync;
  let queue: SqliteWriteQueue;
  let errors: jest.SpyInstance;
  let logs: jest.SpyInstance;
  const rows = () => (db.prepare('SELECT count(*) AS n FROM t').get() as { n: number }).n;
  const insert = (text: string) => () => db.prepare('INSERT INTO t VALUES (?)').run(text);

  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'sqlite-write-queue-'));
    db = new DatabaseSync(join(folder, 'test.sqlite'));
    db.exec('PRAGMA journal_mode = WAL');
    db.exec('CREATE TABLE t (text TEXT NOT NULL)');
    queue = new SqliteWriteQueue(db, 'test.sqlite');
    errors = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    logs = jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
  });

  afterEach(() => {
    jest.restoreAllMocks();
    db.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('refuses a write the full file cannot take as a store unavailable, keeps nothing of it, and writes again once there is room', async () => {
    await queue.write(insert('first'));
    // A file that may not grow is full for SQLite, as a full disk is (SQLITE_FULL).
    const pages = (db.prepare('PRAGMA page_count').get() as { page_count: number }).page_count;
    db.exec(`PRAGMA max_page_count = ${pages}`);

    const refused = queue.write(insert('x'.repeat(100_000)));
    await expect(refused).rejects.toThrow(StoreUnavailableError);
    await expect(refused).rejects.toThrow('cannot write test.sqlite: database or disk is full; nothing was written');
    // Committed together, a write that would fit fails with the one that does not: SQLite undid both.
    const group = await Promise.allSettled([queue.write(insert('small')), queue.write(insert('y'.repeat(100_000)))]);
    expect(
      group.map((outcome) => outcome.status === 'rejected' && outcome.reason instanceof StoreUnavailableError),
    ).toEqual([true, true]);
    expect(rows()).toBe(1);
    expect(errors).toHaveBeenCalledTimes(1);
    expect(errors).toHaveBeenCalledWith(
      'cannot write test.sqlite: database or disk is full; writes are refused (503) until it can be written again',
    );

    db.exec(`PRAGMA max_page_count = ${pages * 100}`);
    await queue.write(insert('x'.repeat(100_000)));
    expect(rows()).toBe(2);
    expect(logs).toHaveBeenCalledWith(expect.stringMatching(/^test\.sqlite takes writes again after \d+ s$/));
  });

  it('hands on the error of a write that refuses itself, and commits the writes beside it', async () => {
    const conflict = new ConflictError('taken');
    const [refused, kept] = await Promise.allSettled([
      queue.write(() => {
        insert('undone')();
        throw conflict;
      }),
      queue.write(insert('kept')),
    ]);
    expect(refused).toEqual({ status: 'rejected', reason: conflict });
    expect(kept.status).toBe('fulfilled');
    expect(db.prepare('SELECT text FROM t').all()).toEqual([{ text: 'kept' }]);
    expect(errors).not.toHaveBeenCalled();
  });
});
