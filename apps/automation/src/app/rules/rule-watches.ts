import { interestOf, Observation, Rule, TriggerChange, TriggerWatch, watchTrigger } from '@eventcast/automation-model';

/** A rule being watched: its trigger's state, and the incident it has open, if any. */
export interface WatchedRule {
  rule: Rule;
  watch: TriggerWatch;
  incidentId?: string;
  timer?: NodeJS.Timeout;
  dueMs?: number;
}

/**
 * The enabled rules with their trigger watches, indexed by what each listens to, so that a value
 * reaches only the rules of its field and a state event only those of its controller.
 */
export class RuleWatches {
  private readonly byId = new Map<string, WatchedRule>();
  private readonly byField = new Map<string, Set<WatchedRule>>();
  private readonly byController = new Map<string, Set<WatchedRule>>();

  get size(): number {
    return this.byId.size;
  }

  get(ruleId: string): WatchedRule | undefined {
    return this.byId.get(ruleId);
  }

  all(): IterableIterator<WatchedRule> {
    return this.byId.values();
  }

  /** Watches `rule` from `nowMs`; `incidentId` resumes one whose incident is open, so it does not fire again. */
  add(rule: Rule, nowMs: number, incidentId?: string): WatchedRule {
    const watched: WatchedRule = {
      rule,
      watch: watchTrigger(rule.trigger, nowMs, incidentId !== undefined),
      incidentId,
    };
    this.byId.set(rule.id, watched);
    const { fields, serviceIds } = interestOf(rule.trigger);
    for (const field of fields) indexed(this.byField, field).add(watched);
    for (const serviceId of serviceIds) indexed(this.byController, serviceId).add(watched);
    return watched;
  }

  remove(ruleId: string): WatchedRule | undefined {
    const watched = this.byId.get(ruleId);
    if (watched === undefined) return undefined;
    this.byId.delete(ruleId);
    const { fields, serviceIds } = interestOf(watched.rule.trigger);
    for (const field of fields) unindex(this.byField, field, watched);
    for (const serviceId of serviceIds) unindex(this.byController, serviceId, watched);
    return watched;
  }

  /** The rules an observation concerns (none for ticks: those go to one rule at a time). */
  concerned(observation: Observation): ReadonlySet<WatchedRule> | undefined {
    if (observation.kind === 'value') return this.byField.get(observation.field);
    if (observation.kind === 'state') return this.byController.get(observation.serviceId);
    return undefined;
  }
}

/** What a watched rule's trigger did with an observation. */
export type RuleChange = { watched: WatchedRule; change: TriggerChange };

function indexed(index: Map<string, Set<WatchedRule>>, key: string): Set<WatchedRule> {
  let set = index.get(key);
  if (set === undefined) index.set(key, (set = new Set()));
  return set;
}

function unindex(index: Map<string, Set<WatchedRule>>, key: string, watched: WatchedRule): void {
  const set = index.get(key);
  set?.delete(watched);
  if (set?.size === 0) index.delete(key);
}
