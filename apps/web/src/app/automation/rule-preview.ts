import { ruleShapeProblems, type Observation, type PreviewIncident, type Rule } from '@eventcast/automation-model';
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

function shortTime(ms: number): string {
  return Date.now() - ms < PREVIEW_SPAN_MS
    ? new Date(ms).toLocaleTimeString(undefined, { timeStyle: 'short' })
    : shownTime(ms);
}
