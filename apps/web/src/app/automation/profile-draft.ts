import { PLAN_UNIT, PROFILES_NAMESPACE, quantityIn, type Profile, type ProfileStep } from '@eventcast/automation-model';
import type { TemperatureUnit } from '@eventcast/block-model';
import { namedDocumentId } from '../../common/ui-documents';

const DAY_S = 86_400;

/** A step as the form holds it: the setting in the user's unit and the duration in days, as typed. */
export interface StepDraft {
  type: ProfileStep['type'];
  setting: string;
  days: string;
}

/** A profile as the form holds it. */
export interface ProfileDraft {
  /** The id of the profile edited; none for a new one. */
  id?: string;
  title: string;
  serviceId: string;
  blockId: string;
  steps: StepDraft[];
  /** A running profile's start, saved back as it was. */
  startedAt?: string;
}

/** The form of a new profile: one hold step to fill in. */
export function newProfileDraft(): ProfileDraft {
  return { title: '', serviceId: '', blockId: '', steps: [{ type: 'hold', setting: '', days: '' }] };
}

/** The form of a saved profile, its settings in the user's unit. */
export function profileDraftOf(profile: Profile, userUnit: TemperatureUnit): ProfileDraft {
  return {
    id: profile.id,
    title: profile.title,
    serviceId: profile.serviceId,
    blockId: profile.blockId,
    steps: profile.steps.map((step) => ({
      type: step.type,
      setting: numberText(quantityIn(step.setting, userUnit)),
      days: numberText(step.durationS / DAY_S),
    })),
    ...(profile.startedAt ? { startedAt: profile.startedAt } : {}),
  };
}

/**
 * The profile the form describes, as the service takes it: settings in the unit they were typed
 * in, days as seconds, a number that is not one sent as it is for the service to name. A new
 * profile's id is made from its title.
 */
export function profileOf(draft: ProfileDraft, userUnit: TemperatureUnit, now = Date.now()): Profile {
  return {
    namespace: PROFILES_NAMESPACE,
    id: draft.id ?? namedDocumentId('profile', draft.title.trim(), now),
    title: draft.title.trim(),
    serviceId: draft.serviceId.trim(),
    blockId: draft.blockId.trim(),
    steps: draft.steps.map((step) => ({
      type: step.type,
      setting: { value: numberOf(step.setting), unit: userUnit },
      durationS: Math.round(numberOf(step.days) * DAY_S),
    })),
    ...(draft.startedAt ? { startedAt: draft.startedAt } : {}),
  };
}

/** A planned setting (degC, as the plan gives it) in the user's unit. */
export function plannedIn(degC: number, userUnit: TemperatureUnit): number {
  return quantityIn({ value: degC, unit: PLAN_UNIT }, userUnit) ?? degC;
}

/** A typed number; NaN (sent as null) when empty or not a number, for the service to name. */
function numberOf(text: string): number {
  return text.trim() === '' ? NaN : Number(text.trim());
}

/** A number as the form shows it: at most two decimals, none trailing. */
function numberText(value: number | undefined): string {
  return value === undefined ? '' : String(Math.round(value * 100) / 100);
}
