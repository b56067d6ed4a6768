import { problemsByPath } from '../../services/service-problems';
import { isFormValues, type FormField, type FormValues } from './block-form';

/**
 * The path of every part of the form as the controller names it in its problems, without the
 * leading `data.`: `storedSetting`, `fluctuations`, `fluctuations.1.period` (items count from 0).
 */
export function formPaths(fields: readonly FormField[], values: FormValues, prefix = ''): string[] {
  return fields.flatMap((field) => {
    const path = `${prefix}${field.name}`;
    const value = values[field.name];
    if (field.kind === 'group') return [path, ...formPaths(field.fields, isFormValues(value) ? value : {}, `${path}.`)];
    if (field.kind !== 'list' || !Array.isArray(value)) return [path];
    const items = value as FormValues[];
    const itemPaths = items.flatMap((item, index) => [
      `${path}.${index}`,
      ...formPaths(field.fields, item, `${path}.${index}.`),
    ]);
    return [path, ...itemPaths];
  });
}

/**
 * The service's problems by the part of the form they name, the deepest that fits
 * (`data.fluctuations.1.period must be at least 0 second` under `fluctuations.1.period`), and the
 * others under `''`, to show each beside its input.
 */
export function problemsByField(
  problems: readonly string[],
  fields: readonly FormField[],
  values: FormValues,
): Record<string, string[]> {
  const paths = formPaths(fields, values)
    .map((path) => `data.${path}`)
    .sort((a, b) => b.length - a.length);
  const byPath = problemsByPath(problems, paths);
  return Object.fromEntries(Object.entries(byPath).map(([path, found]) => [path.replace(/^data\./, ''), found]));
}
