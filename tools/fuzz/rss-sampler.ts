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

/** A stretch of the run in which one service is under load, in samples of that service. */
interface LoadWindow {
  service: string;
  label: string;
  from: number;
  to?: number;
}

/**
 * Samples each service's RSS every second while a phase runs. Memory is judged in each window in
 * which a service is under load (`open`, `close`), not over the whole run, where a service loaded
 * late would look like one that grows: it is bounded when the peak of the window's last quarter
 * stays within 1.5 times the peak of its first quarter plus 64 MiB. A service that keeps something
 * of every request grows through the whole of its load.
 */
export class RssSampler {
  private readonly samples = new Map<string, number[]>();
  private readonly windows: LoadWindow[] = [];
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly pids: Record<string, number | undefined>) {
    this.sample();
    this.timer = setInterval(() => this.sample(), 1000);
  }

  /** `service` comes under the load named `label` now. */
  open(service: string, label: string): void {
    this.sample();
    this.windows.push({ service, label, from: this.countOf(service) - 1 });
  }

  /** The load `label` on `service` ends now. */
  close(service: string, label: string): void {
    this.sample();
    const window = this.windows.find(
      (each) => each.service === service && each.label === label && each.to === undefined,
    );
    if (window) window.to = this.countOf(service);
  }

  private countOf(service: string): number {
    return this.samples.get(service)?.length ?? 0;
  }

  private sample(): void {
    for (const [name, pid] of Object.entries(this.pids)) {
      const rss = pid === undefined ? undefined : rssOf(pid);
      if (rss !== undefined) this.samples.set(name, [...(this.samples.get(name) ?? []), rss]);
    }
  }

  /** Stops sampling; returns a line per service and the windows in which a service's memory kept growing. */
  stop(): { lines: string[]; growing: string[] } {
    clearInterval(this.timer);
    this.sample();
    const mib = (bytes: number) => `${Math.round(bytes / MIB)} MiB`;
    const lines = [...this.samples].map(
      ([name, samples]) =>
        `${name}: RSS ${mib(samples[0])} at the start, ${mib(Math.max(...samples))} at most, ${mib(samples[samples.length - 1])} at the end (${samples.length} samples)`,
    );
    const growing: string[] = [];
    for (const window of this.windows) {
      const samples = (this.samples.get(window.service) ?? []).slice(Math.max(0, window.from), window.to);
      if (samples.length === 0) continue;
      const quarter = Math.max(1, Math.floor(samples.length / 4));
      const early = Math.max(...samples.slice(0, quarter));
      const late = Math.max(...samples.slice(-quarter));
      if (late > early * GROWTH_ALLOWED.factor + GROWTH_ALLOWED.mib * MIB) {
        growing.push(
          `${window.service} under ${window.label} (first quarter at most ${mib(early)}, last quarter ${mib(late)}, ${samples.length} samples)`,
        );
      }
    }
    return { lines, growing };
  }
}
