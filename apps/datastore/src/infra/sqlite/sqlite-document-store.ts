import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { DatastoreDocument } from '@eventcast/domain';
import Database from 'better-sqlite3';
import { DocumentSelection, DocumentStore } from '../document-store.port';
import { lastWriteWins, selectIds, sortIds } from '../stored-document.util';

/**
 * The embedded store: one SQLite file. Every multi-document write is one transaction, and the
 * journal is WAL with full sync, so a crash leaves the old or the new state and a write that
 * returned is on disk.
 */
export class SqliteDocumentStore extends DocumentStore {
  private readonly db: Database.Database;
  private readonly selectOne: Database.Statement<[string, string], { value: string }>;
  private readonly selectIdsOf: Database.Statement<[string], { id: string }>;
  private readonly upsert: Database.Statement<[string, string, string]>;
  private readonly remove: Database.Statement<[string, string]>;

  constructor(file: string) {
    super();
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = FULL');
    this.db.exec('CREATE TABLE IF NOT EXISTS documents (namespace TEXT NOT NULL, id TEXT NOT NULL, value TEXT NOT NULL, PRIMARY KEY (namespace, id)) WITHOUT ROWID');
    this.selectOne = this.db.prepare('SELECT value FROM documents WHERE namespace = ? AND id = ?');
    this.selectIdsOf = this.db.prepare('SELECT id FROM documents WHERE namespace = ?');
    this.upsert = this.db.prepare('INSERT INTO documents (namespace, id, value) VALUES (?, ?, ?) ON CONFLICT (namespace, id) DO UPDATE SET value = excluded.value');
    this.remove = this.db.prepare('DELETE FROM documents WHERE namespace = ? AND id = ?');
  }

  async get(namespace: string, id: string): Promise<DatastoreDocument | null> {
    const row = this.selectOne.get(namespace, id);
    return row ? (JSON.parse(row.value) as DatastoreDocument) : null;
  }

  async find(selection: DocumentSelection): Promise<DatastoreDocument[]> {
    return this.db.transaction(() =>
      this.selectedIds(selection).map((id) => JSON.parse((this.selectOne.get(selection.namespace, id) as { value: string }).value) as DatastoreDocument),
    )();
  }

  async setAll(documents: DatastoreDocument[]): Promise<DatastoreDocument[]> {
    return this.db.transaction(() =>
      lastWriteWins(documents).filter((document) => {
        const text = JSON.stringify(document);
        if (this.selectOne.get(document.namespace, document.id)?.value === text) return false;
        this.upsert.run(document.namespace, document.id, text);
        return true;
      }),
    ).immediate();
  }

  async deleteAll(selection: DocumentSelection): Promise<string[]> {
    if (selection.ids === undefined && selection.filter === undefined) return [];
    return this.db.transaction(() => {
      const ids = this.selectedIds(selection);
      for (const id of ids) this.remove.run(selection.namespace, id);
      return ids;
    }).immediate();
  }

  async ping(): Promise<void> {
    this.db.prepare('SELECT 1').get();
  }

  async close(): Promise<void> {
    this.db.close();
  }

  private selectedIds(selection: DocumentSelection): string[] {
    return selectIds(
      selection,
      (id) => this.selectOne.get(selection.namespace, id) !== undefined,
      () => sortIds(this.selectIdsOf.all(selection.namespace).map((row) => row.id)),
    );
  }
}
