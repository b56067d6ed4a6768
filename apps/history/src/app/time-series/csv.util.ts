import { formatIsoMicros, MICROS_PER_MS, MICROS_PER_SECOND } from '@eventcast/time-series-store';

/** How the `time` column of a CSV export is written. */
export const CSV_PRECISIONS = ['s', 'ms', 'ns', 'ISO8601'] as const;
export type CsvPrecision = (typeof CSV_PRECISIONS)[number];

const NEEDS_QUOTES = /[",\r\n]/;

/** One RFC 4180 line: cells separated by commas, quoted when they hold `"`, `,`, CR or LF, ended by CRLF. */
export function csvLine(cells: readonly string[]): string {
  return cells.map((cell) => (NEEDS_QUOTES.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell)).join(',') + '\r\n';
}

/** A microsecond time as the export asks: whole epoch seconds or milliseconds, epoch nanoseconds, or ISO 8601 in UTC. */
export function csvTime(micros: number, precision: CsvPrecision): string {
  switch (precision) {
    case 's':
      return String(Math.floor(micros / MICROS_PER_SECOND));
    case 'ms':
      return String(Math.floor(micros / MICROS_PER_MS));
    case 'ns':
      return String(BigInt(micros) * 1000n);
    case 'ISO8601':
      return formatIsoMicros(micros);
  }
}
