import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { SqliteWriteQueue } from '@eventcast/bootstrap';
import type { DatastoreDocument } from '@eventcast/domain';
import { DocumentSelection, DocumentStore, NamespaceCount } from '../../app/ports/document-store.port';
import { lastWriteWins, selectIds, sortedNamespaces, sortIds } from '../stored-document.util';

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
  private readonly db: DatabaseSync;
  private readonly selectOne: Query<[string, string], { value: string }>;
  private readonly selectIdsOf: Query<[string], { id: string }>;
  private readonly selectAllOf: Query<[string], { id: string; value: string }>;
  private readonly countsUnder: Query<[string], NamespaceCount>;
  private readonly upsert: StatementSync;
  private readonly remove: StatementSync;
  private readonly writes: SqliteWriteQueue;

  constructor(file: string) {
    super();
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    this.db = new DatabaseSync(file);
    this.db.exec('PRAGMA journal_mode = WAL');
    this.db.exec('PRAGMA synchronous = FULL');
    this.writes = new SqliteWriteQueue(this.db, file);
    this.db.exec(
      'CREATE TABLE IF NOT EXISTS documents (namespace TEXT NOT NULL, id TEXT NOT NULL, value TEXT NOT NULL, PRIMARY KEY (namespace, id)) WITHOUT ROWID',
    );
    this.selectOne = query(this.db, 'SELECT value FROM documents WHERE namespace = ? AND id = ?');
    this.selectIdsOf = query(this.db, 'SELECT id FROM documents WHERE namespace = ?');
    this.selectAllOf = query(this.db, 'SELECT id, value FROM documents WHERE namespace = ?');
    // A GLOB with a literal start walks only that part of the primary key, not the whole table.
    this.countsUnder = query(
      this.db,
      'SELECT namespace, count(*) AS count FROM documents WHERE namespace GLOB ? GROUP BY namespace',
    );
    this.upsert = this.db.prepare(
      'INSERT INTO documents (namespace, id, value) VALUES (?, ?, ?) ON CONFLICT (namespace, id) DO UPDATE SET value = excluded.value',
    );
    this.remove = this.db.prepare('DELETE FROM documents WHERE namespace = ? AND id = ?');
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
    return this.writes.atomically(() =>
      selectIds(selection, exists, sortedIds).map((id) => parseDocument(texts.get(id) as string)),
    ) as DatastoreDocument[];
  }

  setAll(documents: DatastoreDocument[]): Promise<DatastoreDocument[]> {
    return this.writes.write(() =>
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
    return this.writes.write(() => {
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
    this.writes.commitQueued();
    this.db.close();
  }
}

/** A prepared statement with the types of its parameters and rows. */
interface Query<Params extends string[], Row> {
  get(...params: Params): Row | undefined;
  all(...params: Params): Row[];
}

function query<Params extends string[], Row>(db: DatabaseSync, sql: string): Query<Params, Row> {
  return db.prepare(sql) as unknown as Query<Params, Row>;
}

function parseDocument(text: string): DatastoreDocument {
  return JSON.parse(text) as DatastoreDocument;
}
