import { roundForUnit, unitConversion } from '@eventcast/block-model';
import { problemsByPath } from '../services/service-problems';
import { isFormValues, type FormField, type FormValues } from './block-form';
import { unitLabel } from '../ui/unit-label';
import { itemName } from './list-field';

/** A part of the form as the controller names it in its problems, and how the form names it. */
interface FormPath {
  /** Without the leading `data.`: `storedSetting`, `fluctuations`, `fluctuations.1.period` (items count from 0). */
  path: string;
  label: string;
  field?: FormField;
}

/** Every part of the form, with the path the controller gives it in its problems. */
export function formPaths(fields: readonly FormField[], values: FormValues, prefix = ''): FormPath[] {
  return fields.flatMap((field) => {
    const path = `${prefix}${field.name}`;
    const part = { path, label: field.label, field };
    const value = values[field.name];
    if (field.kind === 'group') return [part, ...formPaths(field.fields, isFormValues(value) ? value : {}, `${path}.`)];
    if (field.kind !== 'list' || !Array.isArray(value)) return [part];
    const items = value as FormValues[];
    const itemPaths = items.flatMap((item, index) => [
      { path: `${path}.${index}`, label: itemName(field, index) },
      ...formPaths(field.fields, item, `${path}.${index}.`),
    ]);
    return [part, ...itemPaths];
  });
}

/**
 * The service's problems by the part of the form they name, the deepest that fits, each in the
 * words of the form ({@link wordedProblem}); the others, as the service wrote them, under `''`.
 */
export function problemsByField(
  problems: readonly string[],
  fields: readonly FormField[],
  values: FormValues,
): Record<string, string[]> {
  const parts = new Map(formPaths(fields, values).map((part) => [`data.${part.path}`, part]));
  const byPath = problemsByPath(
    problems,
    [...parts.keys()].sort((a, b) => b.length - a.length),
  );
  return Object.fromEntries(
    Object.entries(byPath).map(([key, found]) => {
      const part = parts.get(key);
      return part === undefined
        ? [key, found]
        : [part.path, found.map((problem) => wordedProblem(part, problem, key.length))];
    }),
  );
}

const LIMIT = /^must be at (least|most) (-?\d+(?:\.\d+)?(?:e[+-]?\d+)?)(?: (.+))?$/;

/**
 * A problem the service wrote about a part (`data.ti must be at least 0 second`, the part's path
 * `pathLength` long) as the form says it: the part's label, limits in the unit the input shows
 * (`Integral time must be at least 0 s`), enum names as their labels, a number asked for as a
 * number. A problem about something inside the part (`data.kp[1] …`) stays as it was written.
 */
function wordedProblem(part: FormPath, problem: string, pathLength: number): string {
  const message = problem.slice(pathLength);
  return message.startsWith(' ') ? `${part.label} ${wordedMessage(part.field, message.trim())}` : problem;
}

function wordedMessage(field: FormField | undefined, message: string): string {
  const limit = LIMIT.exec(message);
  if (limit !== null) return `must be at ${limit[1]} ${limitText(field, Number(limit[2]), limit[3])}`;
  if (field?.kind === 'enum' && message.startsWith('must be one of ')) {
    return `must be one of ${field.options.map(({ label }) => label).join(', ')}`;
  }
  if (field?.kind === 'quantity' && message.startsWith('must be a Quantity')) return 'must be a number';
  return message;
}

function limitText(field: FormField | undefined, value: number, unit: string | undefined): string {
  if (field?.kind === 'quantity' && unit !== undefined) {
    const shown = unitConversion(unit, field.unit)?.(value);
    if (shown !== undefined) return `${roundForUnit(shown, field.unit)} ${unitLabel(field.unit)}`;
  }
  if (field?.kind === 'number' && field.unit !== undefined) return `${value} ${field.unit}`;
  return unit === undefined ? String(value) : `${value} ${unitLabel(unit)}`;
}

/**
 * The service's problems about the keys of a body (`id must start with a letter…`), with each
 * key named as the form names it (`A block name must start with a letter…`).
 */
export function wordedBodyProblems(
  byKey: Readonly<Record<string, string[]>>,
  subjects: Readonly<Record<string, string>>,
): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(byKey).map(([key, found]) => [
      key,
      subjects[key] === undefined ? found : found.map((problem) => `${subjects[key]}${problem.slice(key.length)}`),
    ]),
  );
}
