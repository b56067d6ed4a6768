import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import type { Incident } from '@eventcast/automation-model';
import { SqliteWriteQueue } from '@eventcast/bootstrap';
import { outboxEntries, receiverOf } from '../../app/notifications/outbox-entries.util';
import {
  AutomationStore,
  IncidentQuery,
  Notification,
  NotificationEvent,
  NotificationRequest,
} from '../../app/ports/automation-store.port';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS incidents (
  seq INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, rule_id TEXT NOT NULL,
  open INTEGER NOT NULL, notified INTEGER NOT NULL, value TEXT NOT NULL);
CREATE UNIQUE INDEX IF NOT EXISTS incidents_open_per_rule ON incidents (rule_id) WHERE open = 1;
CREATE INDEX IF NOT EXISTS incidents_by_rule ON incidents (rule_id, seq);
CREATE TABLE IF NOT EXISTS outbox (seq INTEGER PRIMARY KEY, key TEXT NOT NULL UNIQUE, receiver TEXT NOT NULL, value TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS outbox_by_receiver ON outbox (receiver, seq);`;

/** An incident's row: the incident's JSON and how many notifications it caused. */
interface IncidentRow {
  value: string;
  notified: number;
}

/** What a write did: the incident it changed, and how many notifications it enqueued. */
interface Written<T> {
  result: T;
  enqueued: number;
}

/**
 * Incidents and the outbox in one SQLite file in `DATA_DIR`, WAL with full sync: a write that
 * returned is on disk, and a crash leaves each write whole or absent. A partial unique index keeps
 * one open incident per rule. Writes are group-committed (`SqliteWriteQueue`).
 */
export class SqliteAutomationStore extends AutomationStore {
  private readonly db: DatabaseSync;
  private readonly writes: SqliteWriteQueue;
  private readonly statements = new Map<string, StatementSync>();

  constructor(file: string) {
    super();
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    this.db = new DatabaseSync(file);
    this.db.exec('PRAGMA journal_mode = WAL');
    this.db.exec('PRAGMA synchronous = FULL');
    this.db.exec(SCHEMA);
    this.writes = new SqliteWriteQueue(this.db, file);
  }

  async openIncident(incident: Incident, notifications: NotificationRequest[]): Promise<boolean> {
    return this.write(() => {
      const taken = this.get<{ id: string }>(
        'SELECT id FROM incidents WHERE id = ? OR (rule_id = ? AND open = 1)',
        incident.id,
        incident.ruleId,
      );
      if (taken) return { result: false, enqueued: 0 };
      const entries = outboxEntries(incident, 'opened', notifications, 0, Date.now());
      this.run(
        'INSERT INTO incidents (id, rule_id, open, notified, value) VALUES (?, ?, 1, ?, ?)',
        incident.id,
        incident.ruleId,
        entries.length,
        JSON.stringify(incident),
      );
      this.enqueue(entries);
      return { result: true, enqueued: entries.length };
    });
  }

  async incident(incidentId: string): Promise<Incident | undefined> {
    const row = this.get<{ value: string }>('SELECT value FROM incidents WHERE id = ?', incidentId);
    return row && (JSON.parse(row.value) as Incident);
  }

  async openIncidents(): Promise<Incident[]> {
    return this.incidents({ open: true, limit: -1 });
  }

  async incidents(query: IncidentQuery): Promise<Incident[]> {
    const conditions: string[] = [];
    const params: SQLInputValue[] = [];
    if (query.ruleId !== undefined) {
      conditions.push('rule_id = ?');
      params.push(query.ruleId);
    }
    if (query.open !== undefined) {
      conditions.push('open = ?');
      params.push(query.open ? 1 : 0);
    }
    const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
    return this.all<{ value: string }>(
      `SELECT value FROM incidents ${where} ORDER BY seq DESC LIMIT ?`,
      ...params,
      query.limit,
    ).map((row) => JSON.parse(row.value) as Incident);
  }

  async pending(limit: number): Promise<Notification[]> {
    return this.all<{ receiver: string }>('SELECT DISTINCT receiver FROM outbox').flatMap(({ receiver }) =>
      this.all<{ value: string }>(
        'SELECT value FROM outbox WHERE receiver = ? ORDER BY seq LIMIT ?',
        receiver,
        limit,
      ).map((row) => JSON.parse(row.value) as Notification),
    );
  }

  async delivered(key: string): Promise<void> {
    await this.writes.write(() => this.run('DELETE FROM outbox WHERE key = ?', key));
  }

  async failed(key: string, error: string, retryAtMs: number): Promise<void> {
    await this.writes.write(() => {
      const row = this.get<{ value: string }>('SELECT value FROM outbox WHERE key = ?', key);
      if (!row) return;
      const notification = JSON.parse(row.value) as Notification;
      const retried = { ...notification, attempts: notification.attempts + 1, lastError: error, retryAtMs };
      this.run('UPDATE outbox SET value = ? WHERE key = ?', JSON.stringify(retried), key);
    });
  }

  async ping(): Promise<void> {
    this.get('SELECT 1');
  }

  async close(): Promise<void> {
    if (!this.db.isOpen) return;
    this.writes.commitQueued();
    this.db.close();
  }

  protected async change(
    incidentId: string,
    update: (incident: Incident) => Incident | undefined,
    event: NotificationEvent,
    notifications: NotificationRequest[],
  ): Promise<Incident | undefined> {
    return this.write(() => {
      const row = this.get<IncidentRow>('SELECT value, notified FROM incidents WHERE id = ?', incidentId);
      const changed = row && update(JSON.parse(row.value) as Incident);
      if (!row || !changed) return { result: undefined, enqueued: 0 };
      const entries = outboxEntries(changed, event, notifications, row.notified, Date.now());
      this.run(
        'UPDATE incidents SET open = ?, notified = ?, value = ? WHERE id = ?',
        changed.closedAt === undefined ? 1 : 0,
        row.notified + entries.length,
        JSON.stringify(changed),
        incidentId,
      );
      this.enqueue(entries);
      return { result: changed, enqueued: entries.length };
    });
  }

  /** Runs `apply` as one atomic write and tells the listeners once what it enqueued is on disk. */
  private async write<T>(apply: () => Written<T>): Promise<T> {
    const written = await this.writes.write(apply);
    this.announceEnqueued(written.enqueued);
    return written.result;
  }

  private enqueue(entries: Notification[]): void {
    for (const entry of entries)
      this.run(
        'INSERT INTO outbox (key, receiver, value) VALUES (?, ?, ?)',
        entry.key,
        receiverOf(entry.action),
        JSON.stringify(entry),
      );
  }

  private get<Row>(sql: string, ...params: SQLInputValue[]): Row | undefined {
    return this.statement(sql).get(...params) as Row | undefined;
  }

  private all<Row>(sql: string, ...params: SQLInputValue[]): Row[] {
    return this.statement(sql).all(...params) as Row[];
  }

  private run(sql: string, ...params: SQLInputValue[]): void {
    this.statement(sql).run(...params);
  }

  /** The prepared statement of `sql`, prepared once. */
  private statement(sql: string): StatementSync {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }
}
