import type { Incident, MqttAction, WebhookAction } from '@eventcast/automation-model';
import { acknowledgedIncident, closedIncident, remindedIncident } from '../notifications/incident-changes.util';

/** The actions whose notifications leave through the outbox. */
export type NotifyAction = WebhookAction | MqttAction;

/** Why a notification is sent: the incident opened, is still open, or closed. */
export type NotificationEvent = 'opened' | 'reminder' | 'closed';

/** What a notification tells, as the templates insert it. */
export interface NotificationFacts {
  /** The rule's title. */
  rule: string;
  message: string;
  /** The field or block path that fired the rule, or what it watches. */
  subject: string;
  value?: number | string | boolean | null;
  /** The incident's id. */
  incident: string;
  /** When the event happened, an ISO time. */
  time: string;
}

/** A notification the engine asks for: to which receiver, and what to tell. */
export interface NotificationRequest {
  action: NotifyAction;
  facts: NotificationFacts;
}

/** A notification in the outbox, waiting to be delivered. */
export interface Notification {
  /** The idempotency key, `<incident id>:<event>:<n>`, n counting the incident's notifications from 1. */
  key: string;
  incidentId: string;
  ruleId: string;
  event: NotificationEvent;
  action: NotifyAction;
  facts: NotificationFacts;
  enqueuedAtMs: number;
  /** Failed attempts so far. */
  attempts: number;
  /** Not to be sent before this time (milliseconds since the epoch). */
  retryAtMs: number;
  /** Why the last attempt failed. */
  lastError?: string;
}

/** Which incidents `incidents` lists. */
export interface IncidentQuery {
  ruleId?: string;
  /** Only open incidents (true) or only closed ones (false); both unless given. */
  open?: boolean;
  limit: number;
}

/**
 * The durable state of the automation service: its incidents and the outbox of their notifications.
 * An incident's change and the notifications it causes are written in one atomic step, so a crash
 * leaves both or neither. Every adapter passes the contract suite in
 * `apps/automation/test/store.contract.ts`. A call the store cannot answer rejects with
 * `StoreUnavailableError` (from `@eventcast/domain`).
 */
export abstract class AutomationStore {
  private readonly enqueueListeners = new Set<() => void>();

  /**
   * Opens `incident` and enqueues its notifications; false, writing nothing, when its rule already
   * has an open incident or an incident with its id exists.
   */
  abstract openIncident(incident: Incident, notifications: NotificationRequest[]): Promise<boolean>;

  /** Closes an open incident and enqueues its notifications; undefined, writing nothing, when it is not open. */
  closeIncident(
    incidentId: string,
    closedAt: string,
    notifications: NotificationRequest[],
  ): Promise<Incident | undefined> {
    return this.change(incidentId, (incident) => closedIncident(incident, closedAt), 'closed', notifications);
  }

  /**
   * Records a reminder at `at` (the incident's `remindedAt`) and enqueues its notifications;
   * undefined, writing nothing, when the incident is not open or was acknowledged.
   */
  remind(incidentId: string, at: string, notifications: NotificationRequest[]): Promise<Incident | undefined> {
    return this.change(incidentId, (incident) => remindedIncident(incident, at), 'reminder', notifications);
  }

  /** Acknowledges an incident (a second time keeps the first); undefined when there is no such incident. */
  acknowledge(incidentId: string, at: string, by: string): Promise<Incident | undefined> {
    return this.change(incidentId, (incident) => acknowledgedIncident(incident, at, by), 'reminder', []);
  }

  /** The incident with this id, open or closed; undefined when there is none. */
  abstract incident(incidentId: string): Promise<Incident | undefined>;

  /** Every open incident, newest first. */
  abstract openIncidents(): Promise<Incident[]>;

  /** Incidents newest first (by opening), at most `query.limit`. */
  abstract incidents(query: IncidentQuery): Promise<Incident[]>;

  /**
   * The first `limit` notifications of each receiver (webhook URL, or MQTT), each receiver's in the
   * order they were enqueued.
   */
  abstract pending(limit: number): Promise<Notification[]>;

  /** Takes a notification off the outbox: delivered, or refused for good by its receiver. */
  abstract delivered(key: string): Promise<void>;

  /** Records a failed attempt: one more attempt, its error, and when to try again. */
  abstract failed(key: string, error: string, retryAtMs: number): Promise<void>;

  /** Rejects with the reason when the store cannot be reached. */
  abstract ping(): Promise<void>;

  abstract close(): Promise<void>;

  /** Calls `listener` after each write that enqueued notifications; returns the call that stops it. */
  onEnqueued(listener: () => void): () => void {
    this.enqueueListeners.add(listener);
    return () => this.enqueueListeners.delete(listener);
  }

  /** Closes the store after the providers that use it stopped (their `onModuleDestroy`). */
  async onApplicationShutdown(): Promise<void> {
    await this.close();
  }

  /**
   * In one atomic step: reads the incident, gives it to `update`, and writes what `update` returns
   * with the notifications of `event`; undefined, writing nothing, when there is no such incident or
   * `update` returns undefined.
   */
  protected abstract change(
    incidentId: string,
    update: (incident: Incident) => Incident | undefined,
    event: NotificationEvent,
    notifications: NotificationRequest[],
  ): Promise<Incident | undefined>;

  protected announceEnqueued(count: number): void {
    if (count > 0) for (const listener of this.enqueueListeners) listener();
  }
}
