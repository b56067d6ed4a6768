import { useMemo } from 'preact/hooks';
import type { MetricField, WidgetConfig, WidgetEditorProps, WidgetProps } from '../../../common/dashboards';
import { EditInput } from '../../../ui/edit-input';
import { toggledField } from '../chosen-fields';
import { FieldPicker } from '../../../common/field-picker';
import { nameInUserUnit } from '../../../common/unit-variants';
import { useLatestValues } from '../use-latest-values';
import { useUserUnit } from '../../../common/use-user-unit';
import { DEFAULT_STALE_AFTER_S, metricReading, staleLimitOf } from './metric-fields';
import './widgets.css';

export type MetricsConfig = Extract<WidgetConfig, { kind: 'metrics' }>;

/**
 * The latest value of each chosen field with its age, kept current over the history stream; a
 * value older than its field's limit is greyed and says "stale".
 */
export function MetricsWidget({ widget }: WidgetProps<MetricsConfig>) {
  const userUnit = useUserUnit();
  const fields = widget.config.fields;
  const shown = useMemo(() => fields.map((field) => nameInUserUnit(field.name, userUnit)), [fields, userUnit]);
  const { latestOf, now } = useLatestValues(shown);
  if (fields.length === 0) return <p class="hint">No field chosen: edit the widget to pick some.</p>;
  return (
    <ul class="metrics-widget" aria-label={widget.title}>
      {fields.map((field, i) => {
        const reading = metricReading(field, shown[i], latestOf(shown[i]), now);
        return (
          <li key={field.name} class={reading.stale ? 'metric stale' : 'metric'}>
            <span class="metric-label" title={field.name}>
              {reading.label}
            </span>
            <span class="metric-value">{reading.value}</span>
            <span class="metric-age">
              {reading.age}
              {reading.stale && <strong class="metric-stale"> stale</strong>}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/** Picks the fields, and sets each one's label and staleness limit. */
export function MetricsWidgetEditor({ config, onChange }: WidgetEditorProps<MetricsConfig>) {
  const userUnit = useUserUnit();
  const chosen = new Set(config.fields.map((field) => nameInUserUnit(field.name, userUnit)));
  const change = (fields: MetricField[]) => onChange({ kind: 'metrics', fields }, 'Latest values');
  const changeField = (index: number, field: MetricField) =>
    change(config.fields.map((old, i) => (i === index ? field : old)));
  return (
    <div class="widget-editor">
      <div class="widget-field-picker">
        <FieldPicker
          chosen={chosen}
          userUnit={userUnit}
          onToggle={(name) =>
            change(
              toggledField(config.fields, name, userUnit, (added) => ({
                name: added,
                staleAfterS: DEFAULT_STALE_AFTER_S,
              })),
            )
          }
        />
      </div>
      {config.fields.length === 0 ? (
        <p class="hint">Pick fields from the tree to show their latest values.</p>
      ) : (
        <ul class="metric-settings" aria-label="Metrics fields">
          {config.fields.map((field, index) => (
            <li key={field.name}>
              <span class="field-name" title={field.name}>
                {field.name}
              </span>
              <label>
                Label
                <EditInput
                  type="text"
                  aria-label={`Label for ${field.name}`}
                  value={field.label ?? ''}
                  onEdit={(label) => changeField(index, { ...field, label: label.trim() || undefined })}
                />
              </label>
              <label>
                Stale after (s)
                <EditInput
                  type="number"
                  min="1"
                  step="1"
                  aria-label={`Stale after (s) for ${field.name}`}
                  value={String(field.staleAfterS)}
                  onEdit={(text) => {
                    const staleAfterS = staleLimitOf(text);
                    if (staleAfterS !== undefined) changeField(index, { ...field, staleAfterS });
                  }}
                />
              </label>
              <button
                type="button"
                aria-label={`Remove ${field.name}`}
                onClick={() => change(config.fields.filter((_, i) => i !== index))}
              >
                ✕
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
