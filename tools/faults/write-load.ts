import { waitFor } from '@eventcast/testing';
import { count, sleep } from './fault-case';

/**
 * One client of a write load. It owns what it writes (documents, a block) and writes version 1, 2,
 * 3, ... of it, one call at a time, so what it stored must read back at the version of its last
 * answered call or later: an answered write is lost when a lower version reads back.
 */
export interface Writer {
  /** The route it calls, as the summary names it: `set`, `mset`, `write`, `patch`. */
  readonly call: string;
  /** Makes the call that stores `version`; true when the service answered it with success. */
  write(version: number): Promise<boolean>;
  /** The version stored now, read back through the service (0 when nothing is); throws when the service cannot answer. */
  storedVersion(): Promise<number>;
}

/** A call the service answered with success. */
export interface AnsweredWrite {
  writer: number;
  version: number;
  /** When the answer arrived (`Date.now()`). */
  at: number;
}

/** After a failed call (refused, 503, connection lost), so a writer does not spin while the service is down. */
const RETRY_PAUSE_MS = 20;

/**
 * Writers writing concurrently, each as fast as the service answers, between `start()` and
 * `stop()`. A case stops them after a fault, brings the service back, and `check()`s that every
 * answered write reads back before it starts them again: their next writes would hide a loss.
 */
export class WriteLoad {
  readonly answered: AnsweredWrite[] = [];
  /** The answered writes that did not read back at some `check()`. */
  readonly lost = new Set<AnsweredWrite>();
  private readonly lastVersions: number[];
  private running = false;
  private loops: Promise<void>[] = [];

  constructor(readonly writers: Writer[]) {
    this.lastVersions = writers.map(() => 0);
  }

  start(): this {
    this.running = true;
    this.loops = this.writers.map((writer, index) => this.loop(writer, index));
    return this;
  }

  /** Resolves once every writer's last call has ended. */
  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
  }

  /** Reads back what every writer stored, until the service answers, and records the answered writes it lacks. */
  async check(): Promise<void> {
    const stored = await waitFor(
      'the writes to read back',
      () => Promise.all(this.writers.map((writer) => writer.storedVersion())),
      30_000,
    );
    stored.forEach((version, writer) => {
      if (version > this.lastVersions[writer])
        throw new Error(`writer ${writer} reads back version ${version}, above any it wrote: the read-back is wrong`);
    });
    for (const write of this.answered) if (write.version > stored[write.writer]) this.lost.add(write);
  }

  /** `answered 4,213 set calls and 812 mset calls, readable after 5,025, lost 0`. */
  describe(): string {
    const calls = [...new Set(this.writers.map((writer) => writer.call))].map((call) => {
      const answered = this.answered.filter((write) => this.writers[write.writer].call === call).length;
      return `${count(answered)} ${call} calls`;
    });
    const readable = this.answered.length - this.lost.size;
    return `answered ${calls.join(' and ')}, readable after ${count(readable)}, lost ${count(this.lost.size)}`;
  }

  /** A broken promise naming how many of `writes` were lost and the first of them; none when there are none. */
  brokenBy(writes: AnsweredWrite[], promise: string): string[] {
    if (writes.length === 0) return [];
    const { writer, version, at } = writes[0];
    const first = `${this.writers[writer].call} version ${version} of writer ${writer}, answered at ${new Date(at).toISOString()}`;
    return [`${count(writes.length)} answered writes lost (${promise}); the first: ${first}`];
  }

  private async loop(writer: Writer, index: number): Promise<void> {
    while (this.running) {
      const version = ++this.lastVersions[index];
      const ok = await writer.write(version).catch(() => false);
      if (ok) this.answered.push({ writer: index, version, at: Date.now() });
      else await sleep(RETRY_PAUSE_MS);
    }
  }
}
