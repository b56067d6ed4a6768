import type { LoggerService } from '@nestjs/common';

/** The level a `ThrottledLog` writes at. */
export type ThrottledLogLevel = 'log' | 'warn' | 'error';

/** What a summary line says, given what happened since the last line of its kind. */
export interface ThrottledSummary {
  kind: string;
  /** Reports since the last line of this kind. */
  count: number;
  /** The interval, in whole seconds. */
  seconds: number;
  /** The message of the last of them. */
  lastMessage: string;
  /** Reports of this kind since the log was made, this window included. */
  total: number;
}

/** How a `ThrottledLog` words and writes its lines. */
export interface ThrottledLogOptions {
  /** The level of every line (default `warn`). */
  level?: ThrottledLogLevel;
  /** The line written at once for the first report of a kind in an interval (default: the message as given). */
  first?: (kind: string, message: string, total: number) => string;
  /**
   * The summary line (default: `<count> more <kind> in the last <seconds> s (<total> since start); the last:
   * <message>`, which reads as a sentence when the kind names what is counted, in the plural:
   * `3 more invalid history events in the last 10 s`).
   */
  summary?: (summary: ThrottledSummary) => string;
}

interface Window {
  count: number;
  lastMessage: string;
  timer: NodeJS.Timeout;
}

/**
 * A log that a flood cannot flood: the first report of each kind (a topic, a route: kinds should be
 * few, as each keeps its count) is written at once; the reports of that kind in the next `intervalMs` are only counted, and one
 * summary line then gives their count and the last message, at most one line per kind and interval
 * however many come. When a whole interval passes without a report, the next one is written at once
 * again. The counts stay exact (`total`); the timers do not keep a process alive; `flush` writes
 * what is pending, e.g. on shutdown.
 *
 * ```ts
 * const refusals = new ThrottledLog(new Logger('Ingest'), 10_000);
 * refusals.report(topic, `refused the message on ${topic}: ${reason}`);
 * ```
 */
export class ThrottledLog {
  private readonly windows = new Map<string, Window>();
  private readonly totals = new Map<string, number>();
  private readonly level: ThrottledLogLevel;
  private readonly first: (kind: string, message: string, total: number) => string;
  private readonly summary: (summary: ThrottledSummary) => string;

  constructor(
    private readonly logger: Pick<LoggerService, ThrottledLogLevel>,
    readonly intervalMs = 10_000,
    options: ThrottledLogOptions = {},
  ) {
    this.level = options.level ?? 'warn';
    this.first = options.first ?? ((_kind, message) => message);
    this.summary =
      options.summary ??
      ((s) =>
        `${s.count.toLocaleString('en-US')} more ${s.kind} in the last ${s.seconds} s (${s.total.toLocaleString('en-US')} since start); the last: ${s.lastMessage}`);
  }

  /**
   * Counts one occurrence of `kind`; writes `message` (with `details`, e.g. a stack, at the error
   * level) when it is the first of its kind in an interval, else keeps it for the summary.
   */
  report(kind: string, message: string, ...details: unknown[]): void {
    this.totals.set(kind, this.total(kind) + 1);
    const window = this.windows.get(kind);
    if (window) {
      window.count += 1;
      window.lastMessage = message;
      return;
    }
    this.write(this.first(kind, message, this.total(kind)), details);
    this.open(kind);
  }

  /** Reports of `kind` since the log was made, or of every kind without one. */
  total(kind?: string): number {
    if (kind !== undefined) return this.totals.get(kind) ?? 0;
    let sum = 0;
    for (const count of this.totals.values()) sum += count;
    return sum;
  }

  /** Writes the summary of every kind with reports not written yet, and ends their intervals. */
  flush(): void {
    for (const kind of [...this.windows.keys()]) {
      const window = this.windows.get(kind) as Window;
      clearTimeout(window.timer);
      this.windows.delete(kind);
      if (window.count > 0) this.writeSummary(kind, window);
    }
  }

  private open(kind: string): void {
    const timer = setTimeout(() => this.close(kind), this.intervalMs);
    timer.unref();
    this.windows.set(kind, { count: 0, lastMessage: '', timer });
  }

  /** At the end of an interval: a summary if anything came, and a new interval; else the kind is quiet again. */
  private close(kind: string): void {
    const window = this.windows.get(kind);
    if (!window) return;
    this.windows.delete(kind);
    if (window.count === 0) return;
    this.writeSummary(kind, window);
    this.open(kind);
  }

  private writeSummary(kind: string, window: Window): void {
    const seconds = Math.round(this.intervalMs / 1000);
    const { count, lastMessage } = window;
    this.write(this.summary({ kind, count, seconds, lastMessage, total: this.total(kind) }), []);
  }

  private write(message: string, details: unknown[]): void {
    this.logger[this.level](message, ...details);
  }
}
