import { DAY_US, HOUR_US, MINUTE_US } from '@eventcast/domain';
import { formatIsoMicros } from '../micros.util';

/**
 * A QuestDB string literal holding exactly `text`. QuestDB's `/exec` takes no bind parameters, so
 * field names travel as literals; its lexer reads `''` inside quotes as one quote and treats every
 * other character (backslash included) as itself, so doubling the quotes is the whole escape.
 */
export function sqlText(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/** `('a', 'b')`: the texts as a literal list for `IN`. */
function sqlTextList(texts: readonly string[]): string {
  return `(${texts.map(sqlText).join(', ')})`;
}

/**
 * The condition "field is one of `fields`". QuestDB (8.1 to 9.3 at least) finds no row when it
 * looks a symbol up by a literal holding a doubled quote (`field IN ('it''s')` under `LATEST ON`,
 * and on 8.x everywhere), while it compares the text correctly: names with a quote are matched as
 * text, the others by the symbol lookup, which is faster on a large table.
 */
export function sqlFieldFilter(fields: readonly string[]): string {
  const quoted = fields.filter((field) => field.includes("'"));
  const plain = fields.filter((field) => !field.includes("'"));
  const conditions = [
    ...(plain.length > 0 ? [`field IN ${sqlTextList(plain)}`] : []),
    ...(quoted.length > 0 ? [`cast(field AS string) IN ${sqlTextList(quoted)}`] : []),
  ];
  return conditions.length === 1 ? conditions[0] : `(${conditions.join(' OR ')})`;
}

/** A microsecond time as a QuestDB timestamp literal. */
export function sqlTime(micros: number): string {
  return `'${formatIsoMicros(micros)}'`;
}

const UNITS: Array<[suffix: string, micros: number]> = [
  ['d', DAY_US],
  ['h', HOUR_US],
  ['m', MINUTE_US],
  ['s', 1_000_000],
  ['T', 1_000],
];

/** `SAMPLE BY` width in the largest unit that divides it, e.g. `15m`, `90s`, `250T`. */
export function sampleByWidth(bucketUs: number): string {
  const [suffix, micros] = UNITS.find(([, size]) => bucketUs % size === 0) ?? ['U', 1];
  return `${bucketUs / micros}${suffix}`;
}
