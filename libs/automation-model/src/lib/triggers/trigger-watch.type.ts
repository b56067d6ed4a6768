/**
 * What a trigger sees: a history value, a controller's state event (`blocks` null: its last will),
 * or the clock. Every `atMs` is on one clock, the engine's (when it received the event), so that a
 * duration measured between a value and a tick means what it says.
 */
export type Observation =
  | { kind: 'value'; field: string; value: number; atMs: number }
  | { kind: 'state'; serviceId: string; blocks: readonly ObservedBlock[] | null; atMs: number }
  | { kind: 'tick'; atMs: number };

/** A block as a state event carries it. */
export interface ObservedBlock {
  id: string;
  type: string;
  data: Record<string, unknown>;
}

/** A trigger that fired or cleared: an incident opens or closes. */
export interface TriggerChange {
  change: 'fired' | 'cleared';
  atMs: number;
  /** What it is about: the field, `<service id>/<block id>/<path>`, the controller, or the schedule. */
  subject: string;
  value?: number | string | boolean | null;
  /** One sentence for a notification, in the field's unit, e.g. "fermenter/Beer/temp[degC] is 23.4, above 22 for 10 min". */
  message: string;
}

/** A trigger followed over time, one observation after another. */
export interface TriggerWatch {
  /** Changes this observation causes, in order (a schedule fires and clears at once: two changes). */
  observe(observation: Observation): TriggerChange[];
  readonly firing: boolean;
  /** The next time a tick can change something (a duration or a staleness running out, the next cron time), if any. */
  nextDueMs(): number | undefined;
}

/** What a trigger listens to, so the engine routes to it only what matters (1,000 rules over 5,000 fields). */
export interface TriggerInterest {
  fields: readonly string[];
  serviceIds: readonly string[];
}
