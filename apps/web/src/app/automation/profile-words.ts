import { durationText, quantityIn, settingAt, type Profile } from '@eventcast/automation-model';
import type { TemperatureUnit } from '@eventcast/block-model';
import { formatValue } from '../../common/units';
import { plannedIn } from './profile-draft';

/** A profile's steps in a brewer's words: `Hold 20.00 °C for 7 d, then ramp to 22.00 °C over 2 d.` */
export function planWords(profile: Profile, userUnit: TemperatureUnit): string {
  if (profile.steps.length === 0) return 'No steps yet.';
  const steps = profile.steps.map((step, index) => {
    const value = quantityIn(step.setting, userUnit);
    const setting =
      value === undefined || !Number.isFinite(value) ? 'a setting not given' : formatValue(value, userUnit);
    const duration = Number.isFinite(step.durationS) ? durationText(step.durationS) : 'a time not given';
    const words = step.type === 'hold' ? `hold ${setting} for ${duration}` : `ramp to ${setting} over ${duration}`;
    return index === 0 ? words.charAt(0).toUpperCase() + words.slice(1) : words;
  });
  return `${steps.join(', then ')}.`;
}

/**
 * Where a profile stands at `nowMs`: `Stopped`, `Starts …` for a start still to come, `Step 2 of
 * 3: 21.00 °C now`, or `Done: holds 2.00 °C`.
 */
export function standingWords(profile: Profile, userUnit: TemperatureUnit, nowMs = Date.now()): string {
  if (profile.startedAt === undefined) return 'Stopped';
  const startMs = Date.parse(profile.startedAt);
  if (startMs > nowMs)
    return `Starts ${new Date(startMs).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}`;
  const position = settingAt(profile, nowMs);
  if (position === undefined) return 'Running';
  const setting = formatValue(plannedIn(position.setting, userUnit), userUnit);
  return position.done
    ? `Done: holds ${setting}`
    : `Step ${position.stepIndex + 1} of ${profile.steps.length}: ${setting} now`;
}
