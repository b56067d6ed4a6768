import { differenceIn, durationText, quantityIn, type Action, type Rule } from '@eventcast/automation-model';
import type { TemperatureUnit } from '@eventcast/block-model';
import { formatValue, NO_UNIT } from '../../common/units';
import { differenceUnit, shownUnit } from './rule-draft';

/** The ready templates by the receiver they suit. */
export const TEMPLATE_WORDS = {
  ntfy: 'ntfy',
  gotify: 'Gotify',
  discord: 'Discord',
  slack: 'Slack (or any Slack-compatible receiver)',
  custom: 'Custom body',
} as const;

/** What fires a rule, in a brewer's words, temperatures in the user's unit. */
export function triggerWords(trigger: Rule['trigger'], userUnit: TemperatureUnit): string {
  const lasting = (forS: number | undefined) => (forS ? ` for ${durationText(forS)}` : '');
  switch (trigger.type) {
    case 'threshold': {
      const unit = shownUnit(trigger.field, userUnit);
      const threshold = quantityText(quantityIn(trigger.threshold, unit), unit);
      const hysteresis = trigger.hysteresis
        ? `, clears ${quantityText(differenceIn(trigger.hysteresis, unit), differenceUnit(unit))} back`
        : '';
      return `${trigger.field} ${trigger.when} ${threshold}${lasting(trigger.forS)}${hysteresis}`;
    }
    case 'stale':
      return `${trigger.field} sends no new value for ${durationText(trigger.forS)}`;
    case 'offline':
      return `${trigger.serviceId} offline${lasting(trigger.forS)}`;
    case 'block':
      return `${trigger.serviceId} / ${trigger.blockId} / ${trigger.path}${
        trigger.equals === undefined ? ` ${trigger.when ?? ''} a threshold` : ` is ${String(trigger.equals)}`
      }${lasting(trigger.forS)}`;
    case 'schedule':
      return `on the schedule ${trigger.cron} (${trigger.timeZone ?? 'UTC'})`;
  }
}

/** The names the page knows things by, by id, for a rule's words. */
export interface KnownNames {
  quickActions: ReadonlyMap<string, string>;
  profiles: ReadonlyMap<string, string>;
}

const NO_NAMES: KnownNames = { quickActions: new Map(), profiles: new Map() };

/** What a rule does when it fires, one line per action; a quick action or profile by its name where known. */
export function actionWords(action: Action, names: KnownNames = NO_NAMES): string {
  switch (action.type) {
    case 'webhook':
      return `${TEMPLATE_WORDS[action.template] ?? action.template} at ${action.url}`;
    case 'mqtt':
      return 'An MQTT event on eventcast/automation/notifications/…';
    case 'web':
      return 'In the web app, as a browser notification where allowed';
    case 'patch':
      return `Patches ${action.blockId} on ${action.serviceId}`;
    case 'quick-action':
      return `Applies the quick action ${names.quickActions.get(action.quickActionId) ?? action.quickActionId}`;
    case 'profile':
      return `${action.run === 'start' ? 'Starts' : 'Stops'} the profile ${names.profiles.get(action.profileId) ?? action.profileId}`;
  }
}

function quantityText(value: number | undefined, unit: string | undefined): string {
  return value === undefined ? 'a value in another unit' : formatValue(value, unit ?? NO_UNIT);
}
