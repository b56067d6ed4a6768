import { useEffect, useState } from 'preact/hooks';
import type { HistorySchemas } from '@eventcast/api-client';
import { useSameList } from '../../ui/use-same-list';
import { useConnection } from '../services-context';
import { unitVariants, variantConversion } from '../../common/unit-variants';

type LatestValue = HistorySchemas['LatestValueDto'];

/** How far back a field's last value is looked for. */
const LATEST_WITHIN = '365d';

/**
 * The last value of each of `fields` (in its unit, from any of its stored names), kept current over
 * the history stream, and the time now, moved on once a second so that ages grow between values.
 */
export function useLatestValues(fields: readonly string[]): {
  latestOf: (field: string) => LatestValue | undefined;
  now: number;
} {
  const { stream } = useConnection();
  const [latest, setLatest] = useState<ReadonlyMap<string, LatestValue>>(new Map());
  const [now, setNow] = useState(Date.now());
  // Every stored name of each field: a temperature field goes on under a new name after a unit switch.
  const names = useSameList([...new Set(fields.flatMap(unitVariants))]);

  useEffect(() => {
    setLatest(new Map());
    if (names.length === 0) return;
    return stream.subscribe({
      command: 'metrics',
      query: { fields: [...names], duration: LATEST_WITHIN },
      onData: (values) => setLatest(new Map(values.map((value) => [value.field, value]))),
    });
  }, [stream, names]);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);

  return { latestOf: (field) => latestOf(field, latest), now };
}

/** The newest value of any stored name of `field`, in the unit of `field`. */
function latestOf(field: string, latest: ReadonlyMap<string, LatestValue>): LatestValue | undefined {
  let newest: LatestValue | undefined;
  for (const variant of unitVariants(field)) {
    const value = latest.get(variant);
    if (value && (!newest || Date.parse(value.timestamp) > Date.parse(newest.timestamp))) {
      newest = { ...value, field, value: variantConversion(variant, field)(value.value) };
    }
  }
  return newest;
}
