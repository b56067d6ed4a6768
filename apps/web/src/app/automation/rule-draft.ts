import {
  DEFAULT_TIME_ZONE,
  differenceIn,
  fieldUnit,
  quantityIn,
  RULES_NAMESPACE,
  type Action,
  type Quantity,
  type Rule,
  type WebhookTemplate,
} from '@eventcast/automation-model';
import type { TemperatureUnit } from '@eventcast/block-model';
import { namedDocumentId } from '../../common/ui-documents';

/** The triggers the rules page makes and edits; a block's field is made through the API and listed. */
export type RuleKind = 'threshold' | 'stale' | 'offline' | 'schedule';
export const RULE_KINDS: readonly RuleKind[] = ['threshold', 'stale', 'offline', 'schedule'];

/**
 * The actions the page offers: a webhook with a ready template, an MQTT event, this browser, a
 * saved quick action, starting or stopping a profile; block patches are made through the API and kept.
 */
export type ActionDraft =
  | { type: 'webhook'; template: WebhookTemplate; url: string; body: string; headers?: Record<string, string> }
  | { type: 'mqtt' }
  | { type: 'web' }
  | { type: 'quick-action'; quickActionId: string }
  | { type: 'profile'; profileId: string; run: 'start' | 'stop' };

/** A rule as the form holds it: numbers as typed, temperatures in the user's unit, durations in minutes. */
export interface RuleDraft {
  /** The id of the rule edited; none for a new one. */
  id?: string;
  title: string;
  enabled: boolean;
  kind: RuleKind;
  field: string;
  serviceId: string;
  when: 'above' | 'below';
  threshold: string;
  hysteresis: string;
  forMin: string;
  /** A schedule's five-field cron expression and its time zone. */
  cron: string;
  timeZone: string;
  remindMin: string;
  actions: ActionDraft[];
  /** What the form does not edit (conditions, patches): saved as it was. */
  kept: Pick<Rule, 'conditions'> & { actions: Action[] };
}

/** The form of a new rule: a threshold, notified in this browser; a schedule in the browser's time zone. */
export function newDraft(timeZone = browserTimeZone()): RuleDraft {
  return {
    title: '',
    enabled: true,
    kind: 'threshold',
    field: '',
    serviceId: '',
    when: 'above',
    threshold: '',
    hysteresis: '',
    forMin: '',
    cron: '',
    timeZone,
    remindMin: '',
    actions: [{ type: 'web' }],
    kept: { actions: [] },
  };
}

const TEMPERATURES = new Set(['degC', 'degF']);

/** The unit a field's threshold is typed in: the user's for a temperature, else the field's own (none for a field without one). */
export function shownUnit(field: string, userUnit: TemperatureUnit): string | undefined {
  const unit = fieldUnit(field);
  return unit !== undefined && TEMPERATURES.has(unit) ? userUnit : unit;
}

/** The unit a hysteresis is typed in: a difference of the shown unit (`delta_degC` for `degC`). */
export function differenceUnit(unit: string | undefined): string | undefined {
  return unit !== undefined && TEMPERATURES.has(unit) ? `delta_${unit}` : unit;
}

/** Whether the page can edit `rule`: any trigger but a block's field. */
export function editable(rule: Rule): boolean {
  return (RULE_KINDS as readonly string[]).includes(rule.trigger?.type);
}

/** The form of a saved rule, in the user's unit, or undefined for a trigger the page does not edit. */
export function draftOf(rule: Rule, userUnit: TemperatureUnit): RuleDraft | undefined {
  const { trigger } = rule;
  const draft: RuleDraft = {
    ...newDraft(),
    id: rule.id,
    title: rule.title,
    enabled: rule.enabled,
    remindMin: minutesText(rule.remindEveryS),
    actions: rule.actions.flatMap(actionDraftOf),
    kept: {
      ...(rule.conditions ? { conditions: rule.conditions } : {}),
      actions: rule.actions.filter((action) => actionDraftOf(action).length === 0),
    },
  };
  switch (trigger.type) {
    case 'threshold': {
      const unit = shownUnit(trigger.field, userUnit);
      const hysteresis = trigger.hysteresis && differenceIn(trigger.hysteresis, unit);
      return {
        ...draft,
        kind: 'threshold',
        field: trigger.field,
        when: trigger.when,
        threshold: numberText(quantityIn(trigger.threshold, unit)),
        hysteresis: numberText(hysteresis),
        forMin: minutesText(trigger.forS),
      };
    }
    case 'stale':
      return { ...draft, kind: 'stale', field: trigger.field, forMin: minutesText(trigger.forS) };
    case 'offline':
      return { ...draft, kind: 'offline', serviceId: trigger.serviceId, forMin: minutesText(trigger.forS) };
    case 'schedule':
      return { ...draft, kind: 'schedule', cron: trigger.cron, timeZone: trigger.timeZone ?? DEFAULT_TIME_ZONE };
    default:
      return undefined;
  }
}

/**
 * The rule the form describes, as the service takes it: numbers as typed (an empty one left out,
 * for the service to name), a threshold in the unit it was typed in, minutes as seconds. A new
 * rule's id is made from its title.
 */
export function ruleOf(draft: RuleDraft, userUnit: TemperatureUnit, now = Date.now()): Rule {
  const forS = secondsOf(draft.forMin);
  const unit = shownUnit(draft.field, userUnit);
  const trigger = (): Rule['trigger'] => {
    switch (draft.kind) {
      case 'threshold':
        return {
          type: 'threshold',
          field: draft.field,
          when: draft.when,
          threshold: quantity(draft.threshold, unit),
          ...(draft.hysteresis.trim() === '' ? {} : { hysteresis: quantity(draft.hysteresis, unit) }),
          ...(forS === undefined ? {} : { forS }),
        };
      case 'stale':
        return { type: 'stale', field: draft.field, forS: forS as number };
      case 'offline':
        return { type: 'offline', serviceId: draft.serviceId.trim(), ...(forS === undefined ? {} : { forS }) };
      case 'schedule':
        return { type: 'schedule', cron: draft.cron.trim(), timeZone: draft.timeZone.trim() || DEFAULT_TIME_ZONE };
    }
  };
  const remindEveryS = secondsOf(draft.remindMin);
  return {
    namespace: RULES_NAMESPACE,
    id: draft.id ?? namedDocumentId('rule', draft.title.trim(), now),
    title: draft.title.trim(),
    enabled: draft.enabled,
    trigger: trigger(),
    ...draft.kept,
    actions: [...draft.actions.map(actionOf), ...draft.kept.actions],
    ...(remindEveryS === undefined ? {} : { remindEveryS }),
  };
}

function actionDraftOf(action: Action): ActionDraft[] {
  switch (action.type) {
    case 'webhook':
      return [
        {
          type: 'webhook',
          template: action.template,
          url: action.url,
          body: action.body ?? '',
          ...(action.headers ? { headers: action.headers } : {}),
        },
      ];
    case 'mqtt':
    case 'web':
      return [{ type: action.type }];
    case 'quick-action':
      return [{ type: 'quick-action', quickActionId: action.quickActionId }];
    case 'profile':
      return [{ type: 'profile', profileId: action.profileId, run: action.run }];
    default:
      return [];
  }
}

function actionOf(draft: ActionDraft): Action {
  if (draft.type !== 'webhook') return draft;
  const { template, url, body, headers } = draft;
  return {
    type: 'webhook',
    url: url.trim(),
    template,
    ...(template === 'custom' ? { body } : {}),
    ...(headers ? { headers } : {}),
  };
}

/** A typed number; left out when empty, NaN (sent as null) when it is not a number, for the service to name. */
function numberOf(text: string): number | undefined {
  return text.trim() === '' ? undefined : Number(text.trim());
}

function quantity(text: string, unit: string | undefined): Quantity {
  return { value: numberOf(text) as number, ...(unit === undefined ? {} : { unit }) };
}

function secondsOf(minutes: string): number | undefined {
  const value = numberOf(minutes);
  return value === undefined ? undefined : Math.round(value * 60);
}

function minutesText(seconds: number | undefined): string {
  return seconds === undefined ? '' : numberText(seconds / 60);
}

/** A number as the form shows it: at most four decimals, none trailing. */
function numberText(value: number | undefined): string {
  return value === undefined ? '' : String(Math.round(value * 10_000) / 10_000);
}

function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_TIME_ZONE;
}
