/**
 * A five-field cron expression: minute hour day-of-month month day-of-week, each `*`, a number, a
 * range `a-b`, one of those followed by a step `/n` (`a/n` runs from a to the end), or a list of
 * those with commas.
 * Months and days of the week may be named by their first three letters (`JAN`, `MON`); day of
 * the week 0 and 7 are both Sunday. As in Vixie cron, when both day fields are restricted (neither
 * starts with `*`) a day matches either; otherwise it must match both.
 */
export interface CronExpression {
  /** Sorted, without doubles. */
  minutes: readonly number[];
  hours: readonly number[];
  matchesDay(month: number, dayOfMonth: number, dayOfWeek: number): boolean;
}

interface FieldSpec {
  name: string;
  min: number;
  max: number;
  names?: readonly string[];
}

const MINUTE: FieldSpec = { name: 'minute', min: 0, max: 59 };
const HOUR: FieldSpec = { name: 'hour', min: 0, max: 23 };
const DAY_OF_MONTH: FieldSpec = { name: 'day-of-month', min: 1, max: 31 };
const MONTH: FieldSpec = {
  name: 'month',
  min: 1,
  max: 12,
  names: ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'],
};
const DAY_OF_WEEK: FieldSpec = {
  name: 'day-of-week',
  min: 0,
  max: 7,
  names: ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'],
};

/** The most days each month can have (February in a leap year). */
const MONTH_LENGTHS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

class CronProblem extends Error {}

/** The expression, or a sentence saying what is wrong with it. */
export function parseCron(cron: string): CronExpression | string {
  const fields = cron.trim().split(/\s+/);
  if (fields.length !== 5) {
    return `cron "${cron}" needs five fields (minute hour day-of-month month day-of-week), not ${fields.length}`;
  }
  try {
    return cronExpression(fields);
  } catch (error) {
    if (error instanceof CronProblem) return `cron "${cron}": ${error.message}`;
    throw error;
  }
}

function cronExpression([minute, hour, dayOfMonth, month, dayOfWeek]: string[]): CronExpression {
  const minutes = valuesOf(minute, MINUTE);
  const hours = valuesOf(hour, HOUR);
  const days = new Set(valuesOf(dayOfMonth, DAY_OF_MONTH));
  const months = new Set(valuesOf(month, MONTH));
  const weekdays = new Set(valuesOf(dayOfWeek, DAY_OF_WEEK).map((day) => day % 7));
  const either = !dayOfMonth.startsWith('*') && !dayOfWeek.startsWith('*');
  if (!either && ![...months].some((m) => [...days].some((day) => day <= MONTH_LENGTHS[m - 1]))) {
    throw new CronProblem(`day-of-month ${dayOfMonth} never falls in month ${month}`);
  }
  return {
    minutes,
    hours,
    matchesDay: (m, day, weekday) =>
      months.has(m) && (either ? days.has(day) || weekdays.has(weekday) : days.has(day) && weekdays.has(weekday)),
  };
}

function valuesOf(field: string, spec: FieldSpec): number[] {
  const values = new Set<number>();
  for (const part of field.split(',')) {
    const [range, stepText, ...rest] = part.split('/');
    if (rest.length > 0) throw new CronProblem(`${spec.name} "${part}" has more than one step`);
    const step = stepText === undefined ? 1 : numberIn(stepText, spec, 'step');
    if (step < 1) throw new CronProblem(`${spec.name} step in "${part}" must be at least 1`);
    const [from, to] = bounds(range, spec, stepText !== undefined);
    for (let value = from; value <= to; value += step) values.add(value);
  }
  return [...values].sort((a, b) => a - b);
}

/** The first and last value of `*`, `a`, `a-b`, or `a` with a step (then up to the end). */
function bounds(range: string, spec: FieldSpec, stepped: boolean): [number, number] {
  if (range === '*') return [spec.min, spec.max];
  const [fromText, toText, ...rest] = range.split('-');
  if (rest.length > 0) throw new CronProblem(`${spec.name} "${range}" is not a range`);
  const from = valueIn(fromText, spec);
  const to = toText === undefined ? (stepped ? spec.max : from) : valueIn(toText, spec);
  if (to < from) throw new CronProblem(`${spec.name} range "${range}" runs backwards`);
  return [from, to];
}

function valueIn(text: string, spec: FieldSpec): number {
  const named = spec.names?.indexOf(text.toUpperCase()) ?? -1;
  const value = named >= 0 ? named + spec.min : numberIn(text, spec, 'value');
  if (value < spec.min || value > spec.max) {
    throw new CronProblem(`${spec.name} ${value} is outside ${spec.min}-${spec.max}`);
  }
  return value;
}

function numberIn(text: string, spec: FieldSpec, what: string): number {
  if (!/^\d+$/.test(text)) throw new CronProblem(`${spec.name} ${what} "${text}" is not a whole number`);
  return Number(text);
}
