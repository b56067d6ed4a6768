import { TimedValues } from '../time-series-store.port';

/** Characters an ILP symbol value escapes with a backslash: separators, line ends and the backslash itself. */
const SYMBOL_SPECIALS = /[ ,=\n\r\\]/g;
/** Characters an ILP string value escapes with a backslash. */
const STRING_SPECIALS = /["\\]/g;

/** `text` as an ILP symbol (tag) value. */
export function ilpSymbol(text: string): string {
  return text.replace(SYMBOL_SPECIALS, '\\$&');
}

/**
 * `text` as a quoted ILP string field. Only `"` and `\` are escaped: callers give texts without
 * line ends (JSON, ids, block lists).
 */
export function ilpString(text: string): string {
  return `"${text.replace(STRING_SPECIALS, '\\$&')}"`;
}

/** Line starts kept for this many field names at most, then forgotten at once (a burst of new names cannot grow it without end). */
const LINE_STARTS_KEPT = 100_000;

/**
 * Writes history values as InfluxDB line protocol text, one line per value:
 * `<table>,field=<name> value=<number> <nanoseconds>`. Any QuestDB version takes text
 * lines; doubles written by `String(number)` are the shortest text that reads back as the same
 * number. The line start of each field name (its escaping) is computed once.
 */
export class IlpTextEncoder {
  private readonly lineStarts = new Map<string, string>();

  /** `table` is a plain name (letters, digits, `_`), which needs no escaping. */
  constructor(private readonly table: string) {}

  /** The lines of every value of `events`, each ending in `\n`. */
  encode(events: readonly TimedValues[]): string {
    let text = '';
    for (const event of events) {
      // Microseconds to nanoseconds as text: exact, where `ts * 1000` would pass 2^53.
      const end = ` ${event.ts}000\n`;
      for (const [field, value] of event.values) text += this.lineStart(field) + value + end;
    }
    return text;
  }

  private lineStart(field: string): string {
    let start = this.lineStarts.get(field);
    if (start === undefined) {
      if (this.lineStarts.size >= LINE_STARTS_KEPT) this.lineStarts.clear();
      start = `${this.table},field=${ilpSymbol(field)} value=`;
      this.lineStarts.set(field, start);
    }
    return start;
  }
}
