import { EditInput } from '../../ui/edit-input';
import { defaultColour } from './colours';
import { axisOfField, unitOf } from '../../common/units';
import type { FieldView } from './view-state';

interface GraphFieldsProps {
  fields: readonly FieldView[];
  onChange: (index: number, field: FieldView) => void;
  onRemove: (index: number) => void;
}

/** The fields on the graph, each with its label, colour and axis. */
export function GraphFields({ fields, onChange, onRemove }: GraphFieldsProps) {
  const axisChoices = [...new Set(fields.flatMap((field) => [unitOf(field.name), axisOfField(field)]))];
  if (fields.length === 0) return <p class="hint">Pick fields from the tree to draw them here (up to 20).</p>;
  return (
    <ul aria-label="Graph fields" class="graph-fields">
      {fields.map((field, index) => (
        <li key={field.name}>
          <span class="field-name" title={field.name}>
            {field.name}
          </span>
          <EditInput
            type="text"
            aria-label={`Label for ${field.name}`}
            placeholder="label"
            value={field.label ?? ''}
            onEdit={(label) => onChange(index, { ...field, label: label || undefined })}
          />
          <input
            type="color"
            aria-label={`Colour for ${field.name}`}
            value={field.colour ?? defaultColour(index)}
            onChange={(event) => onChange(index, { ...field, colour: event.currentTarget.value })}
          />
          <select
            aria-label={`Axis for ${field.name}`}
            value={axisOfField(field)}
            onChange={(event) => {
              const axis = event.currentTarget.value;
              onChange(index, { ...field, axis: axis === unitOf(field.name) ? undefined : axis });
            }}
          >
            {axisChoices.map((axis) => (
              <option key={axis} value={axis}>
                {axis}
              </option>
            ))}
          </select>
          <button type="button" aria-label={`Remove ${field.name}`} onClick={() => onRemove(index)}>
            ✕
          </button>
        </li>
      ))}
    </ul>
  );
}
