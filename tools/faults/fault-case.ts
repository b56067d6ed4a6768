import { ServiceName } from '@eventcast/testing';

/** What a case is given to run with. */
export interface FaultRun {
  /** The short form (`--short`): a few seconds per case, for CI. */
  readonly short: boolean;
  /** Stops `thing` when the case ends, however it ends; returns it. */
  stopAtEnd<T extends { stop(): Promise<unknown> }>(thing: T): T;
  /** A new temporary folder, removed when the case ends. */
  tempDir(name: string): string;
}

/** What a case found. */
export interface FaultResult {
  /** The figures, e.g. `answered 4,213 set calls, readable after 4,213, lost 0 (promised: 0)`. */
  summary: string;
  /** Each way the service broke what its docs promise under this fault; empty when it kept every promise. */
  broken: string[];
}

/** One fault played against built services, with what the docs promise under it. */
export interface FaultCase {
  /** The service whose promise it checks; its built app must exist. */
  service: ServiceName;
  /** The fault, e.g. `Redis SIGKILL, appendfsync always`. */
  name: string;
  /** How long the full form may take, when longer than the suite's default. */
  deadlineMs?: number;
  run(run: FaultRun): Promise<FaultResult>;
}

/** `1234` as `1,234`. */
export function count(n: number): string {
  return n.toLocaleString('en');
}

/** Resolves after `ms`. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
