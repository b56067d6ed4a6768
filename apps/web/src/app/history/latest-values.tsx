import { EditInput } from '../../ui/edit-input';
import { formatAge, freshness } from './age';
import { formatValue, unitOf } from '../../common/units';
import { useLatestValues } from './use-latest-values';
import type { FieldView } from './view-state';

interface LatestValuesProps {
  fields: readonly FieldView[];
  staleAfter: number;
  onStaleAfter: (seconds: number) => void;
}

/** The last value of each field on the graph and its age, kept current over the stream; old ones are marked stale. */
export function LatestValues({ fields, staleAfter, onStaleAfter }: LatestValuesProps) {
  const { latestOf, now } = useLatestValues(fields.map((field) => field.name));

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
            const value = latestOf(field.name);
            const { age, stale } = freshness(value?.timestamp, now, staleAfter);
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
