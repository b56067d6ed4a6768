import type { Incident } from '@eventcast/automation-model';
import { outboxEntries, receiverOf } from '../../src/app/notifications/outbox-entries.util';
import {
  AutomationStore,
  IncidentQuery,
  Notification,
  NotificationEvent,
  NotificationRequest,
} from '../../src/app/ports/automation-store.port';

/** An incident as the fake keeps it: a copy, with how many notifications it caused. */
interface KeptIncident {
  incident: Incident;
  notified: number;
}

/**
 * An `AutomationStore` in memory, for unit specs; it passes the same contract suite as the real
 * adapters (`in-memory-automation-store.spec.ts`). Everything is copied in and out through JSON, as
 * a real store would, so a caller cannot change what is stored by keeping a reference.
 */
export class InMemoryAutomationStore extends AutomationStore {
  /** In the order the incidents opened. */
  private readonly kept = new Map<string, KeptIncident>();
  /** In the order the notifications were enqueued. */
  private outbox: Notification[] = [];

  async openIncident(incident: Incident, notifications: NotificationRequest[]): Promise<boolean> {
    const taken = [...this.kept.values()].some(
      (kept) =>
        kept.incident.id === incident.id || (kept.incident.ruleId === incident.ruleId && !kept.incident.closedAt),
    );
    if (taken) return false;
    const entries = copy(outboxEntries(incident, 'opened', notifications, 0, Date.now()));
    this.kept.set(incident.id, { incident: copy(incident), notified: entries.length });
    this.enqueue(entries);
    return true;
  }

  async incident(incidentId: string): Promise<Incident | undefined> {
    const kept = this.kept.get(incidentId);
    return kept && copy(kept.incident);
  }

  async openIncidents(): Promise<Incident[]> {
    return this.incidents({ open: true, limit: Infinity });
  }

  async incidents(query: IncidentQuery): Promise<Incident[]> {
    return [...this.kept.values()]
      .map((kept) => kept.incident)
      .filter((incident) => query.ruleId === undefined || incident.ruleId === query.ruleId)
      .filter((incident) => query.open === undefined || query.open === (incident.closedAt === undefined))
      .reverse()
      .slice(0, query.limit)
      .map(copy);
  }

  async pending(limit: number): Promise<Notification[]> {
    const taken = new Map<string, number>();
    return copy(
      this.outbox.filter((notification) => {
        const receiver = receiverOf(notification.action);
        const count = taken.get(receiver) ?? 0;
        taken.set(receiver, count + 1);
        return count < limit;
      }),
    );
  }

  async delivered(key: string): Promise<void> {
    this.outbox = this.outbox.filter((notification) => notification.key !== key);
  }

  async failed(key: string, error: string, retryAtMs: number): Promise<void> {
    const notification = this.outbox.find((entry) => entry.key === key);
    if (!notification) return;
    notification.attempts += 1;
    notification.lastError = error;
    notification.retryAtMs = retryAtMs;
  }

  async ping(): Promise<void> {
    return;
  }

  async close(): Promise<void> {
    return;
  }

  protected async change(
    incidentId: string,
    update: (incident: Incident) => Incident | undefined,
    event: NotificationEvent,
    notifications: NotificationRequest[],
  ): Promise<Incident | undefined> {
    const kept = this.kept.get(incidentId);
    const changed = kept && update(kept.incident);
    if (!kept || !changed) return undefined;
    const entries = copy(outboxEntries(changed, event, notifications, kept.notified, Date.now()));
    this.kept.set(incidentId, { incident: copy(changed), notified: kept.notified + entries.length });
    this.enqueue(entries);
    return copy(changed);
  }

  private enqueue(entries: Notification[]): void {
    this.outbox.push(...entries);
    this.announceEnqueued(entries.length);
  }
}

function copy<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
