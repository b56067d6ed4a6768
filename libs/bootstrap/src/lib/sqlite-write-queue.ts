import type { DatabaseSync } from 'node:sqlite';

/** A write waiting for the next commit. */
interface QueuedWrite {
  apply: () => unknown;
  resolve: (result: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; result: unknown } | { ok: false; error: unknown };

/**
 * Group commit for a SQLite database in WAL mode with full sync (the datastore's and the
 * automation service's embedded stores): the writes that arrive while one commit syncs are applied together at the next turn of the event
 * loop, in the order they came, in one transaction with a savepoint per write. Each write stays
 * all-or-none, a later one sees the earlier ones, and they share one sync to disk.
 */
export class SqliteWriteQueue {
  private queue: QueuedWrite[] = [];

  constructor(private readonly db: DatabaseSync) {}

  /** Queues `apply` for the next commit; settles once that commit is on disk. */
  write<T>(apply: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (this.queue.length === 0) setImmediate(() => this.commitQueued());
      this.queue.push({ apply, resolve: resolve as (result: unknown) => void, reject });
    });
  }

  /** Commits what is queued now; for closing. */
  commitQueued(): void {
    const writes = this.queue;
    this.queue = [];
    if (writes.length === 0) return;
    let outcomes: Outcome[];
    try {
      outcomes = this.atomically(() => writes.map((write) => this.applyAlone(write)), 'BEGIN IMMEDIATE');
    } catch (error) {
      for (const write of writes) write.reject(error);
      return;
    }
    writes.forEach((write, index) => {
      const outcome = outcomes[index];
      if (outcome.ok) write.resolve(outcome.result);
      else write.reject(outcome.error);
    });
  }

  /** Runs `run` in a transaction, or in a savepoint inside the open one: all of it is kept, or none when it throws. */
  atomically<T>(run: () => T, begin = 'BEGIN'): T {
    const nested = this.db.isTransaction;
    this.db.exec(nested ? 'SAVEPOINT write' : begin);
    try {
      const result = run();
      this.db.exec(nested ? 'RELEASE write' : 'COMMIT');
      return result;
    } catch (error) {
      if (nested) this.db.exec('ROLLBACK TO write; RELEASE write');
      else if (this.db.isTransaction) this.db.exec('ROLLBACK');
      throw error;
    }
  }

  private applyAlone(write: QueuedWrite): Outcome {
    try {
      return { ok: true, result: this.atomically(write.apply) };
    } catch (error) {
      return { ok: false, error };
    }
  }
}
