import { setTimeout } from 'node:timers/promises';
import { Logger } from '@nestjs/common';
import { createClient, ErrorReply } from 'redis';
import type { Incident } from '@eventcast/automation-model';
import { withoutUserInfoPassword } from '@eventcast/bootstrap';
import { StoreUnavailableError } from '@eventcast/domain';
import { outboxEntries, receiverOf } from '../../app/notifications/outbox-entries.util';
import {
  AutomationStore,
  IncidentQuery,
  Notification,
  NotificationEvent,
  NotificationRequest,
} from '../../app/ports/automation-store.port';
import { AUTOMATION_SCRIPTS, EntryArgs, IncidentWriteKeys } from './automation-scripts';

const CONNECT_TIMEOUT_MS = 2000;
const RECONNECT_CAP_MS = 2000;
/** How long a call waits for Redis's answer before it fails as unavailable. */
const COMMAND_TIMEOUT_MS = 5000;
/** Incidents read per step when closed ones are filtered out of the newest. */
const LIST_STEP = 100;
/** Tries of a compare-and-set that another writer keeps beating; each loses only to a change that happened. */
const CHANGE_TRIES = 20;

function connect(url: string) {
  return createClient({
    url,
    scripts: AUTOMATION_SCRIPTS,
    disableOfflineQueue: true,
    commandOptions: { timeout: COMMAND_TIMEOUT_MS },
    socket: {
      connectTimeout: CONNECT_TIMEOUT_MS,
      reconnectStrategy: (retries: number) => Math.min(100 * 2 ** retries, RECONNECT_CAP_MS),
    },
  });
}

type Client = ReturnType<typeof connect>;

/**
 * Incidents and the outbox in Redis, below the key prefix: the incidents by id in one hash, their
 * order in sorted sets (all, and per rule), the open incident of each rule in a hash; the outbox's
 * notifications by key in a hash, a list of keys per receiver, and the set of receivers with some.
 * Each write that opens or changes an incident and enqueues its notifications is one Lua script,
 * which Redis runs atomically; a change is a compare-and-set on what was read. Calls made while the
 * first connection is under way wait for it; afterwards, while Redis is away, calls fail at once
 * with `StoreUnavailableError` and the client reconnects by itself.
 */
export class RedisAutomationStore extends AutomationStore {
  private readonly logger = new Logger(RedisAutomationStore.name);
  private readonly client: Client;
  /** The URL without its password, for messages and logs. */
  private readonly address: string;
  private lastError = '';
  /** Settles once the client first connected, or gave up. */
  private readonly firstConnection: Promise<void>;

  constructor(
    url: string,
    private readonly keyPrefix: string,
  ) {
    super();
    this.address = withoutUserInfoPassword(url);
    this.client = connect(url);
    this.client.on('error', (error: Error) => this.reportError(error));
    this.client.on('ready', () => {
      if (this.lastError) this.logger.log(`Redis at ${this.address} is reachable again`);
      this.lastError = '';
    });
    this.firstConnection = this.client.connect().then(
      () => undefined,
      (error: Error) => this.reportError(error),
    );
  }

  async openIncident(incident: Incident, notifications: NotificationRequest[]): Promise<boolean> {
    const entries = outboxEntries(incident, 'opened', notifications, 0, Date.now());
    const args = [incident.id, incident.ruleId, JSON.stringify(incident), String(entries.length)];
    const entryArgs = this.entryArgs(entries);
    const opened = await this.call((redis) =>
      redis.openIncident(this.writeKeys(incident.ruleId, entryArgs), args, entryArgs),
    );
    if (opened === 1) this.announceEnqueued(entries.length);
    return opened === 1;
  }

  async incident(incidentId: string): Promise<Incident | undefined> {
    const text = await this.call((redis) => redis.hGet(this.key('incidents'), incidentId));
    return typeof text === 'string' ? (JSON.parse(text) as Incident) : undefined;
  }

  async openIncidents(): Promise<Incident[]> {
    return this.incidents({ open: true, limit: Infinity });
  }

  async incidents(query: IncidentQuery): Promise<Incident[]> {
    const order = query.ruleId === undefined ? this.key('incidents:order') : this.ruleOrder(query.ruleId);
    const found: Incident[] = [];
    for (let start = 0; found.length < query.limit; start += LIST_STEP) {
      const ids = await this.call((redis) => redis.zRange(order, start, start + LIST_STEP - 1, { REV: true }));
      if (ids.length === 0) break;
      const texts = await this.call((redis) => redis.hmGet(this.key('incidents'), ids));
      for (const text of texts) {
        const incident = JSON.parse(text as string) as Incident;
        if (query.open === undefined || query.open === (incident.closedAt === undefined)) found.push(incident);
      }
    }
    return found.slice(0, query.limit);
  }

  async pending(limit: number): Promise<Notification[]> {
    const receivers = await this.call((redis) => redis.sMembers(this.key('outbox:receivers')));
    const queues = await Promise.all(
      receivers.map(async (receiver) => {
        const keys = await this.call((redis) => redis.lRange(this.queue(receiver), 0, limit - 1));
        if (keys.length === 0) return [];
        const texts = await this.call((redis) => redis.hmGet(this.key('outbox'), keys));
        return texts
          .filter((text): text is string => typeof text === 'string')
          .map((text) => JSON.parse(text) as Notification);
      }),
    );
    return queues.flat();
  }

  async delivered(key: string): Promise<void> {
    const receiver = await this.call((redis) => redis.hGet(this.key('outbox:receiver'), key));
    if (receiver === null) return;
    const keys = [this.key('outbox'), this.key('outbox:receiver'), this.key('outbox:receivers'), this.queue(receiver)];
    await this.call((redis) => redis.takeOff(keys, key, receiver));
  }

  async failed(key: string, error: string, retryAtMs: number): Promise<void> {
    const text = await this.call((redis) => redis.hGet(this.key('outbox'), key));
    if (text === null) return;
    const notification = JSON.parse(text) as Notification;
    const retried = { ...notification, attempts: notification.attempts + 1, lastError: error, retryAtMs };
    await this.call((redis) => redis.setIfPresent(this.key('outbox'), key, JSON.stringify(retried)));
  }

  async ping(): Promise<void> {
    await this.call((redis) => redis.ping());
  }

  async close(): Promise<void> {
    if (this.client.isOpen) await this.client.close();
  }

  /** Reads the incident, changes it, and writes it with its notifications if no one changed it meanwhile. */
  protected async change(
    incidentId: string,
    update: (incident: Incident) => Incident | undefined,
    event: NotificationEvent,
    notifications: NotificationRequest[],
  ): Promise<Incident | undefined> {
    for (let attempt = 0; attempt < CHANGE_TRIES; attempt++) {
      const [text, notified] = await this.call((redis) =>
        redis.multi().hGet(this.key('incidents'), incidentId).hGet(this.key('incidents:notified'), incidentId).exec(),
      );
      if (typeof text !== 'string' || typeof notified !== 'string') return undefined;
      const changed = update(JSON.parse(text) as Incident);
      if (!changed) return undefined;
      const entries = outboxEntries(changed, event, notifications, Number(notified), Date.now());
      const entryArgs = this.entryArgs(entries);
      const args = [
        incidentId,
        changed.ruleId,
        text,
        notified,
        JSON.stringify(changed),
        String(Number(notified) + entries.length),
        changed.closedAt === undefined ? '1' : '0',
      ];
      const written = await this.call((redis) =>
        redis.changeIncident(this.writeKeys(changed.ruleId, entryArgs), args, entryArgs),
      );
      if (written === 1) {
        this.announceEnqueued(entries.length);
        return changed;
      }
    }
    throw new StoreUnavailableError(`incident ${incidentId} kept changing while it was being written; try again`);
  }

  private entryArgs(entries: Notification[]): EntryArgs[] {
    return entries.map((entry) => ({
      key: entry.key,
      receiver: receiverOf(entry.action),
      text: JSON.stringify(entry),
    }));
  }

  private writeKeys(ruleId: string, entries: EntryArgs[]): IncidentWriteKeys {
    return {
      incidents: this.key('incidents'),
      notified: this.key('incidents:notified'),
      open: this.key('incidents:open'),
      outbox: this.key('outbox'),
      outboxReceivers: this.key('outbox:receiver'),
      receivers: this.key('outbox:receivers'),
      counter: this.key('incidents:counter'),
      order: this.key('incidents:order'),
      ruleOrder: this.ruleOrder(ruleId),
      queues: entries.map((entry) => this.queue(entry.receiver)),
    };
  }

  private key(name: string): string {
    return `${this.keyPrefix}${name}`;
  }

  private ruleOrder(ruleId: string): string {
    return this.key(`incidents:rule:${ruleId}`);
  }

  private queue(receiver: string): string {
    return this.key(`outbox:queue:${receiver}`);
  }

  private async call<T>(command: (redis: Client) => Promise<T>): Promise<T> {
    // The calls made while the service starts wait for its first connection rather than fail.
    if (!this.client.isReady)
      await Promise.race([this.firstConnection, setTimeout(CONNECT_TIMEOUT_MS, undefined, { ref: false })]);
    if (!this.client.isReady)
      throw new StoreUnavailableError(
        `Redis is unreachable at ${this.address}${this.lastError ? `: ${this.lastError}` : ''}`,
      );
    try {
      return await command(this.client);
    } catch (error) {
      if (error instanceof ErrorReply) throw error;
      throw new StoreUnavailableError(`Redis is unreachable at ${this.address}: ${(error as Error).message}`);
    }
  }

  private reportError(error: Error): void {
    const message = error.message || error.name;
    if (message !== this.lastError) this.logger.warn(`Redis at ${this.address}: ${message}`);
    this.lastError = message;
  }
}
