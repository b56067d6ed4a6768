import { formatIsoMicros } from '../../time/micros.util';

/**
 * A QuestDB string literal holding exactly `text`. QuestDB's `/exec` takes no bind parameters, so
 * field names travel as literals; its lexer reads `''` inside quotes as one quote and treats every
 * other character (backslash included) as itself, so doubling the quotes is the whole escape.
 */
export function sqlText(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/** `('a', 'b')`: the field names as a literal list for `IN`. */
export function sqlTextList(texts: readonly string[]): string {
  return `(${texts.map(sqlText).join(', ')})`;
}

/** A microsecond time as a QuestDB timestamp literal. */
export function sqlTime(micros: number): string {
  return `'${formatIsoMicros(micros)}'`;
}

const UNITS: Array<[suffix: string, micros: number]> = [
  ['d', 86_400_000_000],
  ['h', 3_600_000_000],
  ['m', 60_000_000],
  ['s', 1_000_000],
  ['T', 1_000],
];

/** `SAMPLE BY` width in the largest unit that divides it, e.g. `15m`, `90s`, `250T`. */
export function sampleByWidth(bucketUs: number): string {
  const [suffix, micros] = UNITS.find(([, size]) => bucketUs % size === 0) ?? ['U', 1];
  return `${bucketUs / micros}${suffix}`;
}
