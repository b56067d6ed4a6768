import { randomBytes } from 'node:crypto';
import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import {
  fieldUnit,
  FieldCondition,
  Incident,
  isRule,
  Observation,
  quantityIn,
  Rule,
  RULES_NAMESPACE,
  TriggerChange,
} from '@eventcast/automation-model';
import { AutomationDocuments } from '../documents/automation-documents.service';
import { AutomationStore } from '../ports/automation-store.port';
import { IncidentEvents } from './incident-events';
import { incidentNotifications } from './incident-notifications';
import { RuleActions } from './rule-actions';
import { RuleWatches, WatchedRule } from './rule-watches';

/**
 * Evaluates the enabled rules on the live bus (docs/automation.md, "Rules"): each observation goes
 * to the rules it concerns, a trigger that fires opens an incident (with its notifications, in one
 * write) and runs the rule's actions, and one that clears closes it. A rule whose incident is open
 * when the service starts resumes as firing, so a restart never opens a second incident.
 */
@Injectable()
export class RuleEngine implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Rules');
  private readonly watches = new RuleWatches();
  private readonly latest = new Map<string, number>();
  private readonly reminders = new Map<string, NodeJS.Timeout>();
  private stopFollowing?: () => void;
  private stopped = false;
  /** Changes of one rule are handled in order, one at a time. */
  private readonly queues = new Map<string, Promise<void>>();
  readonly counts = { observations: 0, fired: 0, cleared: 0, failures: 0, refused: 0 };

  constructor(
    private readonly documents: AutomationDocuments,
    private readonly store: AutomationStore,
    private readonly actions: RuleActions,
    private readonly events: IncidentEvents,
  ) {}

  onApplicationBootstrap(): void {
    // Not awaited: the service answers (its health says what it waits for) while the datastore is away.
    void this.watchRules().catch((error: unknown) =>
      this.logger.error(`could not start watching the rules: ${String(error)}`),
    );
  }

  private async watchRules(): Promise<void> {
    await this.documents.ready();
    this.stopFollowing = this.documents.onChange((namespace, id, document) => {
      if (namespace === RULES_NAMESPACE) this.replace(id, document);
    });
    const open = new Map((await this.store.openIncidents()).map((incident) => [incident.ruleId, incident]));
    for (const document of this.documents.documents(RULES_NAMESPACE))
      this.replace(String(document['id']), document, open);
    for (const incident of open.values()) this.scheduleReminder(incident);
    this.logger.log(`watching ${this.watches.size} rules, ${open.size} incidents open`);
  }

  onModuleDestroy(): void {
    this.stopped = true;
    this.stopFollowing?.();
    for (const watched of this.watches.all()) clearTimeout(watched.timer);
    for (const timer of this.reminders.values()) clearTimeout(timer);
  }

  /** How many rules are watched now. */
  get watchedRules(): number {
    return this.watches.size;
  }

  /** Hands an observation of the bus to the rules it concerns. */
  observe(observation: Observation): void {
    this.counts.observations++;
    if (observation.kind === 'value') this.latest.set(observation.field, observation.value);
    const concerned = this.watches.concerned(observation);
    if (concerned === undefined) return;
    for (const watched of concerned) this.feed(watched, observation);
  }

  /** The latest value of a history field seen on the bus since start. */
  latestValue(field: string): number | undefined {
    return this.latest.get(field);
  }

  private feed(watched: WatchedRule, observation: Observation): void {
    for (const change of watched.watch.observe(observation)) this.enqueue(watched, change);
    this.scheduleTick(watched);
  }

  private scheduleTick(watched: WatchedRule): void {
    const dueMs = watched.watch.nextDueMs();
    if (dueMs === watched.dueMs) return;
    clearTimeout(watched.timer);
    watched.dueMs = dueMs;
    watched.timer = undefined;
    if (dueMs === undefined || this.stopped) return;
    watched.timer = setTimeout(
      () => {
        watched.dueMs = undefined;
        this.feed(watched, { kind: 'tick', atMs: Math.max(Date.now(), dueMs) });
      },
      Math.max(0, dueMs - Date.now()),
    );
  }

  private replace(id: string, document: Record<string, unknown> | undefined, open?: Map<string, Incident>): void {
    const previous = this.watches.remove(id);
    if (previous !== undefined) clearTimeout(previous.timer);
    if (document === undefined || !isRule(document)) {
      if (document !== undefined) this.logger.warn(`rule ${id} is not a rule this service can run; it is not watched`);
      return;
    }
    if (!document.enabled) return;
    const incidentId = open?.get(id)?.id ?? previous?.incidentId;
    this.scheduleTick(this.watches.add(document, Date.now(), incidentId));
  }

  private enqueue(watched: WatchedRule, change: TriggerChange): void {
    const ruleId = watched.rule.id;
    const previous = this.queues.get(ruleId) ?? Promise.resolve();
    const next = previous
      .then(() => (change.change === 'fired' ? this.fire(watched, change) : this.clear(watched, change)))
      .catch((error: unknown) => {
        this.counts.failures++;
        this.logger.error(`rule ${ruleId}: could not handle its trigger ${change.change}: ${String(error)}`);
      });
    this.queues.set(ruleId, next);
    void next.finally(() => {
      if (this.queues.get(ruleId) === next) this.queues.delete(ruleId);
    });
  }

  private async fire(watched: WatchedRule, change: TriggerChange): Promise<void> {
    const { rule } = watched;
    if (watched.incidentId !== undefined || !this.conditionsHold(rule.conditions ?? [])) return;
    const incident: Incident = {
      id: `${change.atMs.toString(36)}-${randomBytes(4).toString('hex')}`,
      ruleId: rule.id,
      ruleTitle: rule.title,
      openedAt: new Date(change.atMs).toISOString(),
      subject: change.subject,
      value: change.value ?? null,
      message: change.message,
    };
    const opened = await this.store.openIncident(incident, incidentNotifications(rule, incident, change.atMs));
    if (!opened) {
      const [open] = await this.store.incidents({ ruleId: rule.id, open: true, limit: 1 });
      watched.incidentId = open?.id;
      return;
    }
    watched.incidentId = incident.id;
    this.counts.fired++;
    this.logger.log(`rule ${rule.id} fired: ${change.message}`);
    void this.events.opened(incident);
    this.scheduleReminder(incident);
    await this.actions.run(rule);
  }

  private async clear(watched: WatchedRule, change: TriggerChange): Promise<void> {
    const incidentId = watched.incidentId;
    if (incidentId === undefined) return;
    watched.incidentId = undefined;
    clearTimeout(this.reminders.get(incidentId));
    this.reminders.delete(incidentId);
    const incident = await this.store.incident(incidentId);
    if (incident === undefined || incident.closedAt !== undefined) return;
    const closedAt = new Date(change.atMs).toISOString();
    const notifications = incidentNotifications(watched.rule, { ...incident, message: change.message }, change.atMs);
    const closed = await this.store.closeIncident(incidentId, closedAt, notifications);
    if (closed === undefined) return;
    this.counts.cleared++;
    this.logger.log(`rule ${watched.rule.id} cleared: ${change.message}`);
    void this.events.closed(closed);
  }

  private scheduleReminder(incident: Incident): void {
    const rule = this.watches.get(incident.ruleId)?.rule;
    if (rule?.remindEveryS === undefined || rule.remindEveryS <= 0 || this.stopped) return;
    const timer = setTimeout(() => {
      this.reminders.delete(incident.id);
      void this.remind(rule, incident.id);
    }, rule.remindEveryS * 1000);
    this.reminders.set(incident.id, timer);
  }

  private async remind(rule: Rule, incidentId: string): Promise<void> {
    const incident = await this.store.incident(incidentId);
    if (incident === undefined || incident.closedAt !== undefined) return;
    const now = Date.now();
    const reminded = await this.store.remind(
      incidentId,
      new Date(now).toISOString(),
      incidentNotifications(rule, incident, now),
    );
    if (reminded !== undefined) this.scheduleReminder(reminded);
  }

  private conditionsHold(conditions: readonly FieldCondition[]): boolean {
    return conditions.every(({ field, when, threshold }) => {
      const value = this.latest.get(field);
      const limit = quantityIn(threshold, fieldUnit(field));
      if (value === undefined || limit === undefined) return false;
      return when === 'above' ? value > limit : value < limit;
    });
  }
}
