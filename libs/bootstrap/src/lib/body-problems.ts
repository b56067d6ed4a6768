import { getMetadataStorage, type ValidationError } from 'class-validator';
import { describeProblems } from '@eventcast/domain';

/**
 * Constraints that say a value has the wrong type, in the order they are named: when one of them
 * fails, the others of the field (its size, its pattern, its range) are beside the point.
 */
const TYPE_CONSTRAINTS: readonly string[] = [
  'isDefined',
  'isArray',
  'isObject',
  'isString',
  'isNumber',
  'isInt',
  'isBoolean',
  'isIn',
  'isEnum',
];

/**
 * One problem per field, the one that names what is really wrong, as `<path> <message>`: the type
 * first (`fields must be an array`, not also `fields must contain no more than 250 elements`); else
 * the rule of the decorator written first on the field (its constraints come last from
 * class-validator). The items of a field that has a problem of its own are named only for problems
 * of their own: `nested property must be either object or array` restates the field's type problem
 * (an array given as `value` is `value must be a JSON object`, not also `value.0 nested property ...`).
 */
export function mainProblems(errors: ValidationError[]): string[] {
  return describeProblems(errors.map(withMainConstraint));
}

function withMainConstraint(error: ValidationError): ValidationError {
  const constraints = error.constraints ?? {};
  const names = Object.keys(constraints);
  const children = (error.children ?? []).map(withMainConstraint);
  if (names.length === 0) return { ...error, children };
  const main = TYPE_CONSTRAINTS.find((name) => names.includes(name)) ?? names[names.length - 1];
  const hasOwnProblem = main !== NESTED;
  return {
    ...error,
    constraints: { [main]: constraints[main] },
    children: hasOwnProblem ? children.filter((child) => !restatesType(child)) : children,
  };
}

/** The constraint class-validator adds to an item of a nested field that is not an object. */
const NESTED = 'nestedValidation';

/** Whether an item's only problems are that it, or items inside it, are not objects. */
function restatesType(error: ValidationError): boolean {
  return (
    Object.keys(error.constraints ?? {}).every((name) => name === NESTED) && (error.children ?? []).every(restatesType)
  );
}

/** The fields of each DTO, read once: its decorators ran when its class was defined. */
const fieldsByDto = new WeakMap<abstract new () => object, readonly string[]>();

/**
 * The fields of `dto`: every property with a class-validator decorator, its base classes' included
 * and named first (a field the DTO takes without a rule carries `@IsOptional()` or `@Allow()`).
 */
export function fieldsOf(dto: abstract new () => object): readonly string[] {
  let fields = fieldsByDto.get(dto);
  if (fields === undefined) {
    fields = readFields(dto);
    fieldsByDto.set(dto, fields);
  }
  return fields;
}

function readFields(dto: abstract new () => object): string[] {
  const classes: unknown[] = [];
  for (let type: unknown = dto; type !== Function.prototype && type !== null; type = Object.getPrototypeOf(type)) {
    classes.unshift(type);
  }
  const metadata = getMetadataStorage()
    .getTargetValidationMetadatas(dto, '', true, false)
    .sort((a, b) => classes.indexOf(a.target) - classes.indexOf(b.target));
  return [...new Set(metadata.map(({ propertyName }) => propertyName))];
}

/**
 * A problem for each key of `body` that is not a field of `dto` (`from is not a field of this
 * body; the fields are fields, start, end, duration, points`), so a misspelt key is refused
 * instead of silently leaving its field at the default. Nothing for a body that is not an object.
 */
export function unknownFieldProblems(dto: abstract new () => object, body: unknown): string[] {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return [];
  const fields = fieldsOf(dto);
  return Object.keys(body)
    .filter((key) => !fields.includes(key))
    .map((key) => `${key} is not a field of this body; the fields are ${fields.join(', ')}`);
}
