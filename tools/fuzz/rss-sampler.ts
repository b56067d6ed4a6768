import { readFileSync } from 'node:fs';

const MIB = 1024 * 1024;
/** A service's memory may grow while it warms up and its stores fill their caches; past that it must level off. */
const GROWTH_ALLOWED = { factor: 1.5, mib: 64 };

/** The resident memory of a process, in bytes; undefined once it is gone. */
function rssOf(pid: number): number | undefined {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((row) => row.startsWith('VmRSS:'));
    return line === undefined ? undefined : Number(/(\d+)/.exec(line)?.[1]) * 1024;
  } catch {
    return undefined;
  }
}

/**
 * Samples each service's RSS every second while a phase runs. Memory is bounded when the peak of
 * the last quarter of the samples stays within 1.5 times the peak of the first quarter plus
 * 64 MiB: a service that keeps something of every request grows through the whole run.
 */
export class RssSampler {
  private readonly samples = new Map<string, number[]>();
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly pids: Record<string, number | undefined>) {
    this.sample();
    this.timer = setInterval(() => this.sample(), 1000);
  }

  private sample(): void {
    for (const [name, pid] of Object.entries(this.pids)) {
      const rss = pid === undefined ? undefined : rssOf(pid);
      if (rss !== undefined) this.samples.set(name, [...(this.samples.get(name) ?? []), rss]);
    }
  }

  /** Stops sampling; returns a line per service and the services whose memory kept growing. */
  stop(): { lines: string[]; growing: string[] } {
    clearInterval(this.timer);
    this.sample();
    const lines: string[] = [];
    const growing: string[] = [];
    for (const [name, samples] of this.samples) {
      const quarter = Math.max(1, Math.floor(samples.length / 4));
      const early = Math.max(...samples.slice(0, quarter));
      const late = Math.max(...samples.slice(-quarter));
      const mib = (bytes: number) => `${Math.round(bytes / MIB)} MiB`;
      lines.push(
        `${name}: RSS ${mib(samples[0])} at the start, ${mib(Math.max(...samples))} at most, ${mib(samples[samples.length - 1])} at the end (${samples.length} samples)`,
      );
      if (late > early * GROWTH_ALLOWED.factor + GROWTH_ALLOWED.mib * MIB) {
        growing.push(`${name} (first quarter at most ${mib(early)}, last quarter ${mib(late)})`);
      }
    }
    return { lines, growing };
  }
}
