import { invalidWhen, RuleField } from './rule-form-parts';

/** A document the user picks by its name: a quick action, a profile. */
export interface NamedDocument {
  id: string;
  name: string;
}

/**
 * A select of `choices` by name for the rule's input at `path`; an id that is not among them (none
 * saved yet, or deleted since) stays chosen and says so, so nothing changes behind the user's back.
 */
export function DocumentChoice({
  path,
  label,
  value,
  choices,
  noneWords,
  problems,
  onChange,
}: {
  path: string;
  label: string;
  value: string;
  choices: readonly NamedDocument[];
  noneWords: string;
  problems: readonly string[] | undefined;
  onChange: (id: string) => void;
}) {
  return (
    <RuleField path={path} label={label} problems={problems}>
      <select {...invalidWhen(path, problems)} value={value} onChange={(event) => onChange(event.currentTarget.value)}>
        {!choices.some(({ id }) => id === value) && (
          <option value={value}>{value === '' ? noneWords : `${value} (deleted)`}</option>
        )}
        {choices.map(({ id, name }) => (
          <option key={id} value={id}>
            {name}
          </option>
        ))}
      </select>
    </RuleField>
  );
}
