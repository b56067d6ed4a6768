import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { DatastoreDocument } from '@eventcast/domain';
import { DocumentSelection, DocumentStore, NamespaceCount } from '../../app/ports/document-store.port';
import { lastWriteWins, selectIds, sortedNamespaces, sortIds } from '../stored-document.util';

/** A write waiting for the next commit. */
interface QueuedWrite {
  apply: () => unknown;
  resolve: (result: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; result: unknown } | { ok: false; error: unknown };

/**
 * The embedded store: one SQLite file, one table keyed by `(namespace, id)`. The journal is WAL
 * with full sync, so a write that returned is on disk and a crash leaves each write whole or
 * absent.
 *
 * Writes are group-committed: the calls that arrive while one commit syncs to disk are applied
 * together at the next turn of the event loop, in the order they came, in one transaction with a
 * savepoint per call. Each call stays all-or-none, a later call sees the earlier ones, and many
 * concurrent calls share one sync instead of waiting for one each.
 */
export class SqliteDocumentStore extends DocumentStore {
  private readonly db: Database.Database;
  private readonly selectOne: Database.Statement<[string, string], { value: string }>;
  private readonly selectIdsOf: Database.Statement<[string], { id: string }>;
  private readonly selectAllOf: Database.Statement<[string], { id: string; value: string }>;
  private readonly countsUnder: Database.Statement<[string], NamespaceCount>;
  private readonly upsert: Database.Statement<[string, string, string]>;
  private readonly remove: Database.Statement<[string, string]>;
  private readonly commitAll: Database.Transaction<(writes: QueuedWrite[]) => Outcome[]>;
  /** Runs a function in a transaction, or in a savepoint when one is open already. */
  private readonly atomically: Database.Transaction<(run: () => unknown) => unknown>;
  private queue: QueuedWrite[] = [];

  constructor(file: string) {
    super();
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = FULL');
    this.db.exec(
      'CREATE TABLE IF NOT EXISTS documents (namespace TEXT NOT NULL, id TEXT NOT NULL, value TEXT NOT NULL, PRIMARY KEY (namespace, id)) WITHOUT ROWID',
    );
    this.selectOne = this.db.prepare('SELECT value FROM documents WHERE namespace = ? AND id = ?');
    this.selectIdsOf = this.db.prepare('SELECT id FROM documents WHERE namespace = ?');
    this.selectAllOf = this.db.prepare('SELECT id, value FROM documents WHERE namespace = ?');
    // A GLOB with a literal start walks only that part of the primary key, not the whole table.
    this.countsUnder = this.db.prepare(
      'SELECT namespace, count(*) AS count FROM documents WHERE namespace GLOB ? GROUP BY namespace',
    );
    this.upsert = this.db.prepare(
      'INSERT INTO documents (namespace, id, value) VALUES (?, ?, ?) ON CONFLICT (namespace, id) DO UPDATE SET value = excluded.value',
    );
    this.remove = this.db.prepare('DELETE FROM documents WHERE namespace = ? AND id = ?');
    this.atomically = this.db.transaction((run: () => unknown) => run());
    this.commitAll = this.db.transaction((writes: QueuedWrite[]) => writes.map((write) => this.applyAlone(write)));
  }

  async get(namespace: string, id: string): Promise<DatastoreDocument | null> {
    const row = this.selectOne.get(namespace, id);
    return row ? parseDocument(row.value) : null;
  }

  async find(selection: DocumentSelection): Promise<DatastoreDocument[]> {
    const { namespace } = selection;
    const texts = new Map<string, string>();
    const exists = (id: string) => {
      const row = this.selectOne.get(namespace, id);
      if (row) texts.set(id, row.value);
      return row !== undefined;
    };
    const sortedIds = () => {
      for (const row of this.selectAllOf.all(namespace)) texts.set(row.id, row.value);
      return sortIds([...texts.keys()]);
    };
    return this.atomically(() =>
      selectIds(selection, exists, sortedIds).map((id) => parseDocument(texts.get(id) as string)),
    ) as DatastoreDocument[];
  }

  setAll(documents: DatastoreDocument[]): Promise<DatastoreDocument[]> {
    return this.write(() =>
      lastWriteWins(documents).filter((document) => {
        const text = JSON.stringify(document);
        if (this.selectOne.get(document.namespace, document.id)?.value === text) return false;
        this.upsert.run(document.namespace, document.id, text);
        return true;
      }),
    );
  }

  deleteAll(selection: DocumentSelection): Promise<string[]> {
    if (selection.ids === undefined && selection.filter === undefined) return Promise.resolve([]);
    return this.write(() => {
      const ids = selectIds(
        selection,
        (id) => this.selectOne.get(selection.namespace, id) !== undefined,
        () => sortIds(this.selectIdsOf.all(selection.namespace).map((row) => row.id)),
      );
      for (const id of ids) this.remove.run(selection.namespace, id);
      return ids;
    });
  }

  async namespaces(prefix: string): Promise<NamespaceCount[]> {
    return sortedNamespaces(this.countsUnder.all(`${prefix.replace(/[*?[]/g, '[$&]')}*`));
  }

  async ping(): Promise<void> {
    this.db.prepare('SELECT 1').get();
  }

  async close(): Promise<void> {
    this.commitQueued();
    this.db.close();
  }

  /** Queues `apply` for the next commit; settles once that commit is on disk. */
  private write<T>(apply: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (this.queue.length === 0) setImmediate(() => this.commitQueued());
      this.queue.push({ apply, resolve: resolve as (result: unknown) => void, reject });
    });
  }

  private commitQueued(): void {
    const writes = this.queue;
    this.queue = [];
    if (writes.length === 0) return;
    let outcomes: Outcome[];
    try {
      outcomes = this.commitAll.immediate(writes);
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

  /** One call's write inside the shared transaction; a failure undoes that call alone. */
  private applyAlone(write: QueuedWrite): Outcome {
    try {
      return { ok: true, result: this.atomically(write.apply) };
    } catch (error) {
      return { ok: false, error };
    }
  }
}

function parseDocument(text: string): DatastoreDocument {
  return JSON.parse(text) as DatastoreDocument;
}
