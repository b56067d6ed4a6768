import type { DatabaseSync } from 'node:sqlite';
import { Logger } from '@nestjs/common';
import { StoreUnavailableError } from '@eventcast/domain';

/**
 * SQLite's primary result codes for a file it cannot write (read-only, an I/O error, the disk full,
 * the file gone): the disk is at fault, not the write, so it is refused as a store unavailable (503).
 */
const CANNOT_WRITE_FILE = new Set([8, 10, 13, 14]);

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
  private readonly logger = new Logger(SqliteWriteQueue.name);
  /** Since when the file refuses writes, while it does. */
  private refusingSince?: number;

  /** `file` names the database in the log lines about a file that cannot be written. */
  constructor(
    private readonly db: DatabaseSync,
    private readonly file = 'the SQLite file',
  ) {}

  /**
   * Queues `apply` for the next commit; settles once that commit is on disk. A commit the file
   * cannot take (`CANNOT_WRITE_FILE`) rejects with a `StoreUnavailableError`: nothing was written,
   * and the first such refusal and the first commit after the last are logged.
   */
  write<T>(apply: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (this.queue.length === 0) setImmediate(() => this.commitQueued());
      this.queue.push({
        apply,
        resolve: (result) => {
          this.noteWritten();
          resolve(result as T);
        },
        reject: (error) => reject(this.unwritable(error) ?? error),
      });
    });
  }

  private unwritable(error: unknown): StoreUnavailableError | undefined {
    const { errcode, errstr } = (error ?? {}) as { errcode?: unknown; errstr?: unknown };
    if (typeof errcode !== 'number' || !CANNOT_WRITE_FILE.has(errcode & 0xff)) return undefined;
    const reason = `cannot write ${this.file}: ${typeof errstr === 'string' ? errstr : String(error)}`;
    if (this.refusingSince === undefined) {
      this.refusingSince = Date.now();
      this.logger.error(`${reason}; writes are refused (503) until it can be written again`);
    }
    return new StoreUnavailableError(`${reason}; nothing was written`);
  }

  private noteWritten(): void {
    if (this.refusingSince === undefined) return;
    const seconds = Math.round((Date.now() - this.refusingSince) / 1000);
    this.refusingSince = undefined;
    this.logger.log(`${this.file} takes writes again after ${seconds} s`);
  }

  /** Commits what is queued now; for closing. */
  commitQueued(): void {
    const writes = this.queue;
    this.queue = [];
    if (writes.length === 0) return;
    let outcomes: Outcome[];
    try {
      outcomes = this.atomically(() => writes.map((write) => this.applyInGroup(write)), 'BEGIN IMMEDIATE');
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
      // SQLite may have rolled back the whole transaction itself (a full disk): nothing is left to undo.
      if (!this.db.isTransaction) throw error;
      this.db.exec(nested ? 'ROLLBACK TO write; RELEASE write' : 'ROLLBACK');
      throw error;
    }
  }

  /** `applyAlone` inside the group's transaction; a failure that ended the transaction fails the whole group. */
  private applyInGroup(write: QueuedWrite): Outcome {
    const outcome = this.applyAlone(write);
    if (!outcome.ok && !this.db.isTransaction) throw outcome.error;
    return outcome;
  }

  private applyAlone(write: QueuedWrite): Outcome {
    try {
      return { ok: true, result: this.atomically(write.apply) };
    } catch (error) {
      return { ok: false, error };
    }
  }
}
