import type { InputField } from './block-form';

export interface FieldInputProps {
  field: InputField;
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** The id of the problem shown beside the input, if any. */
  problem?: string;
  /** The ids of the other texts that describe the input (its help, a warning), if any. */
  describedBy?: string;
  /** The ids of the elements that name the input, when its label alone does not (an item of a list). */
  labelledBy?: string;
}

/**
 * The input of one field of a block's form: a checkbox, a select of named values or blocks, a text
 * or number input, or the button of a trigger, which counts its presses for the next Save.
 */
export function FieldInput({ field, id, value, onChange, problem, describedBy, labelledBy }: FieldInputProps) {
  const described = [problem, describedBy].filter(Boolean).join(' ');
  const common = {
    id,
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': described === '' ? undefined : described,
    'aria-labelledby': labelledBy,
  };
  const onInput = (event: Event) => onChange((event.currentTarget as HTMLInputElement | HTMLSelectElement).value);
  switch (field.kind) {
    case 'bool':
      return (
        <input
          {...common}
          type="checkbox"
          checked={value === 'true'}
          onChange={(event) => onChange(String(event.currentTarget.checked))}
        />
      );
    case 'trigger':
      return (
        <button {...common} type="button" onClick={() => onChange(String((Number(value) || 0) + 1))}>
          {field.label}
        </button>
      );
    case 'enum':
    case 'link':
      return (
        <select {...common} value={value} onChange={onInput}>
          {field.kind === 'link' && <option value="">not set</option>}
          {field.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      );
    case 'string':
      return <input {...common} type="text" value={value} onInput={onInput} />;
    default:
      return (
        <input
          {...common}
          type="number"
          step="any"
          value={value}
          min={field.min}
          max={field.kind === 'number' ? field.max : undefined}
          onInput={onInput}
        />
      );
  }
}
