import {
  cronProblem,
  nextCronMs,
  ruleShapeProblems,
  type Observation,
  type PreviewIncident,
  type Rule,
  type ScheduleTrigger,
} from '@eventcast/automation-model';
import { variantConversion } from '../../common/unit-variants';
import { shownTime } from './incident-words';

/** How far back the preview looks. */
export const PREVIEW_SPAN_MS = 24 * 3600_000;
/** The buckets the preview asks for over its span: 10 s each, fine enough for a stale field's gap. */
export const PREVIEW_POINTS = 8640;

/** A field's values over a span, as the history service's `ranges` answers for each stored name of it. */
export interface StoredSeries {
  field: string;
  /** `[epoch ms, value]` pairs, oldest first. */
  values: number[][];
}

/**
 * The values of `field` as the rules would have seen them, in time order: every stored name of it
 * (`…[degC]` and `…[degF]` across a change of the user's unit) converted to the unit of `field`.
 */
export function observationsOf(series: readonly StoredSeries[], field: string): Observation[] {
  return series
    .flatMap(({ field: stored, values }) => {
      const convert = variantConversion(stored, field);
      return values.map(([atMs, value]): Observation => ({ kind: 'value', field, value: convert(value), atMs }));
    })
    .sort((a, b) => a.atMs - b.atMs);
}

/** Whether the rule's trigger can be previewed over a field's history: a threshold or stale field with numbers that make sense. */
export function previewable(rule: Rule): boolean {
  const { trigger } = rule;
  if (trigger.type !== 'threshold' && trigger.type !== 'stale') return false;
  return trigger.field !== '' && !ruleShapeProblems(rule).some((problem) => problem.startsWith('trigger'));
}

/** When a rule would have fired: `Would have fired 3 times: 02:10–02:40, …, 23:10 (still firing)`. */
export function previewWords(incidents: readonly PreviewIncident[], time: (ms: number) => string = shortTime): string {
  if (incidents.length === 0) return 'Would not have fired in the last 24 h.';
  const times = incidents.length === 1 ? 'once' : `${incidents.length} times`;
  const spans = incidents.map(({ firedAtMs, clearedAtMs }) =>
    clearedAtMs === undefined ? `${time(firedAtMs)} (still firing)` : `${time(firedAtMs)}–${time(clearedAtMs)}`,
  );
  return `Would have fired ${times} in the last 24 h: ${spans.join(', ')}.`;
}

/** How many of a schedule's next times the preview names. */
const NEXT_TIMES = 3;

/**
 * When a schedule fires next, on the clock of its time zone: `Fires next Mon 30 Nov, 08:00, then
 * Mon 7 Dec, 08:00 and Mon 14 Dec, 08:00 (Europe/Amsterdam).`, or how to write it while it cannot run.
 */
export function scheduleWords({ cron, timeZone }: ScheduleTrigger, nowMs = Date.now()): string {
  if (cron.trim() === '') return 'Give five fields, minute hour day month weekday: 0 8 * * 1 is Mondays at 8:00.';
  const problem = cronProblem(cron, timeZone);
  if (problem !== undefined) return `This schedule cannot run: ${problem}.`;
  const times: number[] = [];
  for (let afterMs = nowMs; times.length < NEXT_TIMES;) {
    const next = nextCronMs(cron, timeZone, afterMs);
    if (next === undefined) break;
    times.push(next);
    afterMs = next;
  }
  if (times.length === 0) return 'Would not fire in the next eight years.';
  const format = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
  const [first, ...later] = times.map((ms) => format.format(ms));
  const then =
    later.length === 0
      ? ''
      : `, then ${later.slice(0, -1).join(', ')}${later.length > 1 ? ' and ' : ''}${later.at(-1)}`;
  return `Fires next ${first}${then} (${timeZone ?? 'UTC'}).`;
}

function shortTime(ms: number): string {
  return Date.now() - ms < PREVIEW_SPAN_MS
    ? new Date(ms).toLocaleTimeString(undefined, { timeStyle: 'short' })
    : shownTime(ms);
}
