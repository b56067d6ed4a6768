/** The bench's summary, printed again at its end: `print` also shows a line at once, `add` keeps it for the end. */
export class BenchReport {
  readonly lines: string[] = [];

  add(line: string): void {
    this.lines.push(line);
  }

  print(line: string): void {
    this.add(line);
    console.log(line);
  }
}

/** How a verdict on a target reads. */
export const met = (ok: boolean): string => (ok ? 'met' : 'NOT met');

/** A count rounded and grouped by thousands: 1,234,567. */
export const thousands = (value: number): string => Math.round(value).toLocaleString('en');
