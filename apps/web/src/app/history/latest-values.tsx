import { useEffect, useState } from 'preact/hooks';
import type { HistorySchemas } from '@eventcast/api-client';
import { EditInput } from '../../ui/edit-input';
import { useSameList } from '../../ui/use-same-list';
import { useConnection } from '../services-context';
import { formatAge } from './age';
import { unitVariants, variantConversion } from './unit-variants';
import { formatValue, unitOf } from './units';
import type { FieldView } from './view-state';

/** How far back the panel looks for a field's last value. */
const LATEST_WITHIN = '365d';

interface LatestValuesProps {
  fields: readonly FieldView[];
  staleAfter: number;
  onStaleAfter: (seconds: number) => void;
}

/** The last value of each field on the graph and its age, kept current over the stream; old ones are marked stale. */
export function LatestValues({ fields, staleAfter, onStaleAfter }: LatestValuesProps) {
  const { stream } = useConnection();
  const [latest, setLatest] = useState<ReadonlyMap<string, HistorySchemas['LatestValueDto']>>(new Map());
  const [now, setNow] = useState(Date.now());
  // Every stored name of each field: a temperature field goes on under a new name after a unit switch.
  const names = useSameList([...new Set(fields.flatMap((field) => unitVariants(field.name)))]);

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

  return (
    <section class="panel latest" aria-labelledby="latest-title" role="region">
      <h2 id="latest-title">Latest values</h2>
      <label class="stale-after">
        Stale after (s)
        <EditInput
          type="number"
          min="1"
          step="1"
          value={String(staleAfter)}
          onEdit={(text) => {
            const seconds = Number(text);
            if (text.trim() !== '' && Number.isFinite(seconds) && seconds > 0) onStaleAfter(seconds);
          }}
        />
      </label>
      <table class="data">
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Value</th>
            <th scope="col">Age</th>
          </tr>
        </thead>
        <tbody>
          {fields.map((field) => {
            const value = latestOf(field.name, latest);
            const age = value ? Math.max(0, (now - Date.parse(value.timestamp)) / 1000) : undefined;
            const stale = age === undefined || age > staleAfter;
            return (
              <tr key={field.name} class={stale ? 'stale' : ''}>
                <th scope="row" title={field.name}>
                  {field.label || field.name}
                </th>
                <td>{value ? formatValue(value.value, unitOf(field.name)) : '–'}</td>
                <td>
                  {age === undefined ? 'no value' : formatAge(age)}
                  {stale && <span class="stale-mark"> stale</span>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

/** The newest value of any stored name of `field`, in the unit of `field`. */
function latestOf(
  field: string,
  latest: ReadonlyMap<string, HistorySchemas['LatestValueDto']>,
): HistorySchemas['LatestValueDto'] | undefined {
  let newest: HistorySchemas['LatestValueDto'] | undefined;
  for (const variant of unitVariants(field)) {
    const value = latest.get(variant);
    if (value && (!newest || Date.parse(value.timestamp) > Date.parse(newest.timestamp))) {
      newest = { ...value, field, value: variantConversion(variant, field)(value.value) };
    }
  }
  return newest;
}
