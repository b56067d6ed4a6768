/**
 * The documents of the automation service, kept in the datastore namespaces `svc-automation:rules` and `svc-automation:profiles`
 * (docs/automation.md). A rule is a trigger, optional conditions and actions; a profile is a list
 * of steps applied to a SetpointSensorPair's `storedSetting`.
 */

/** The datastore namespace of the automation service's documents. */
export const AUTOMATION_NAMESPACE = 'svc-automation';
/** The namespaces of the rules and of the profiles, one document each. */
export const RULES_NAMESPACE = `${AUTOMATION_NAMESPACE}:rules`;
export const PROFILES_NAMESPACE = `${AUTOMATION_NAMESPACE}:profiles`;

/** A number in a unit: `{value: 68, unit: "degF"}`; without a unit, the field's own unit. */
export interface Quantity {
  value: number;
  unit?: string;
}

/** A history field (`fermenter/Beer setpoint/setting[degC]`) above or below a threshold for `forS` seconds. */
export interface ThresholdTrigger {
  type: 'threshold';
  field: string;
  /** `above` fires when the value is over `threshold`, `below` when it is under. */
  when: 'above' | 'below';
  threshold: Quantity;
  /** How far back past the threshold the value must come before the incident closes (no flapping); 0 unless given. */
  hysteresis?: Quantity;
  /** How long the value must stay past the threshold before the rule fires; 0 unless given. */
  forS?: number;
}

/** A history field with no new value for `forS` seconds: a sensor gone. */
export interface StaleTrigger {
  type: 'stale';
  field: string;
  forS: number;
}

/** A controller offline (its last will, or no state event) for `forS` seconds. */
export interface OfflineTrigger {
  type: 'offline';
  serviceId: string;
  forS?: number;
}

/** A block's field, read from the controller's state events, compared with a value. */
export interface BlockTrigger {
  type: 'block';
  serviceId: string;
  blockId: string;
  /** The field's path in the block's data, dots between levels: `value`, `setting`, `state`. */
  path: string;
  /** Fires while the field equals this value (a state such as `STATE_ACTIVE`, a boolean, a number). */
  equals?: string | number | boolean;
  /** Or while a numeric field is past a threshold, as a threshold trigger. */
  when?: 'above' | 'below';
  threshold?: Quantity;
  hysteresis?: Quantity;
  forS?: number;
}

/** A schedule: a five-field cron expression in a time zone. It fires and clears at once. */
export interface ScheduleTrigger {
  type: 'schedule';
  cron: string;
  /** An IANA time zone such as `Europe/Amsterdam`; UTC unless given. */
  timeZone?: string;
}

export type Trigger = ThresholdTrigger | StaleTrigger | OfflineTrigger | BlockTrigger | ScheduleTrigger;
export type TriggerType = Trigger['type'];

/** A condition checked when the trigger fires: the latest value of a history field past a threshold. */
export interface FieldCondition {
  field: string;
  when: 'above' | 'below';
  threshold: Quantity;
}

/** The ready body templates of a webhook, or `custom` with a template of its own. */
export type WebhookTemplate = 'ntfy' | 'gotify' | 'discord' | 'slack' | 'custom';
export const WEBHOOK_TEMPLATES: readonly WebhookTemplate[] = ['ntfy', 'gotify', 'discord', 'slack', 'custom'];

/** Sends a notification to a receiver over HTTP(S). */
export interface WebhookAction {
  type: 'webhook';
  url: string;
  template: WebhookTemplate;
  /**
   * For `custom`: the body, with `{{rule}}`, `{{message}}`, `{{value}}`, `{{subject}}`, `{{state}}`,
   * `{{time}}`, `{{incident}}`, `{{key}}`; in a JSON body they are inserted JSON-escaped.
   */
  body?: string;
  /** Extra request headers, such as a receiver's token. */
  headers?: Record<string, string>;
}

/** Publishes the incident's opening, reminders and closing on `eventcast/automation/incidents/<rule id>`. */
export interface MqttAction {
  type: 'mqtt';
}

/** Shows the incident in the web app, by the browser's Notification API where the user allowed it. */
export interface WebAction {
  type: 'web';
}

/** Patches a block on a controller when the rule fires. */
export interface PatchAction {
  type: 'patch';
  serviceId: string;
  blockId: string;
  blockType: string;
  data: Record<string, unknown>;
}

/** Applies a saved quick action (a document of `svc-ui-store`) when the rule fires. */
export interface QuickActionAction {
  type: 'quick-action';
  quickActionId: string;
}

/** Starts or stops a profile when the rule fires. */
export interface ProfileAction {
  type: 'profile';
  profileId: string;
  run: 'start' | 'stop';
}

export type Action = WebhookAction | MqttAction | WebAction | PatchAction | QuickActionAction | ProfileAction;
export type ActionType = Action['type'];

/** A rule as a document of `svc-automation`: its id is the document's id. */
export interface Rule {
  namespace: typeof RULES_NAMESPACE;
  id: string;
  title: string;
  enabled: boolean;
  trigger: Trigger;
  conditions?: FieldCondition[];
  actions: Action[];
  /** Sends the notification again every so many seconds while the incident stays open and unacknowledged; never unless given. */
  remindEveryS?: number;
}

/** Holds a setting for a duration. */
export interface HoldStep {
  type: 'hold';
  setting: Quantity;
  durationS: number;
}

/** Goes in a straight line from the previous step's setting to `setting` over a duration. */
export interface RampStep {
  type: 'ramp';
  setting: Quantity;
  durationS: number;
}

export type ProfileStep = HoldStep | RampStep;

/**
 * A fermentation profile as a document of `svc-automation`: steps applied to a SetpointSensorPair's
 * `storedSetting` on one controller, from `startedAt` (an ISO time) while it runs.
 */
export interface Profile {
  namespace: typeof PROFILES_NAMESPACE;
  id: string;
  title: string;
  serviceId: string;
  blockId: string;
  steps: ProfileStep[];
  /** When the profile started; none while it is stopped. */
  startedAt?: string;
}

/** An incident: a rule that fired, open until its trigger clears. */
export interface Incident {
  /** Unique and stable: the idempotency key of its notifications starts with it. */
  id: string;
  ruleId: string;
  ruleTitle: string;
  openedAt: string;
  closedAt?: string;
  /** What fired it: the field or block path, and the value then (absent for offline and schedule triggers). */
  subject: string;
  value?: number | string | boolean | null;
  message: string;
  acknowledgedAt?: string;
  acknowledgedBy?: string;
  /** When the last reminder was sent; the next is due `remindEveryS` after it (or after `openedAt`). */
  remindedAt?: string;
}
