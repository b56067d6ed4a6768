import type { HistorySchemas } from '@eventcast/api-client';
import type { MetricField } from '../../../common/dashboards';
import { formatAge, freshness } from '../age';
import { formatValue, unitOf } from '../../../common/units';

/** Seconds after which a metric's latest value reads as stale unless the user sets its own limit (BrewBlox's default). */
export const DEFAULT_STALE_AFTER_S = 60;

/** One row of a metrics widget as it reads: the field's label, its value, how old it is, and whether that is stale. */
export interface MetricReading {
  label: string;
  value: string;
  age: string;
  stale: boolean;
}

/**
 * How `field` reads at `now`, its latest value `latest` named `shown` (the field in the user's unit):
 * rounded with its unit as the explorer's latest values, its age as "12 s ago".
 */
export function metricReading(
  field: MetricField,
  shown: string,
  latest: HistorySchemas['LatestValueDto'] | undefined,
  now: number,
): MetricReading {
  const { age, stale } = freshness(latest?.timestamp, now, field.staleAfterS);
  return {
    label: field.label || shown,
    value: latest ? formatValue(latest.value, unitOf(shown)) : '–',
    age: age === undefined ? 'no value' : `${formatAge(age)} ago`,
    stale,
  };
}

/** A staleness limit typed by the user, in whole seconds from 1; undefined when it is not one. */
export function staleLimitOf(text: string): number | undefined {
  const seconds = Number(text);
  return text.trim() !== '' && Number.isInteger(seconds) && seconds >= 1 ? seconds : undefined;
}
