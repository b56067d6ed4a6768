// Load from wrk (Debian's package), for comparing a service with another HTTP server on equal terms:
// wrk's C event loop outruns any server here, where a Node load generator is the bottleneck first.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** What one wrk run measured. */
export interface WrkResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Non-2xx answers, socket errors and timeouts. */
  failed: number;
}

/** How one wrk run is made: `script` is the Lua that builds each request (`request = function() ... end`). */
export interface WrkLoad {
  url: string;
  script: string;
  threads: number;
  connections: number;
  seconds: number;
}

/** Runs wrk and reads its summary and latency distribution. */
export function runWrk(load: WrkLoad): WrkResult {
  const script = join(mkdtempSync(join(tmpdir(), 'wrk-')), 'load.lua');
  writeFileSync(script, load.script);
  const args = ['-t', String(load.threads), '-c', String(load.connections), '-d', `${load.seconds}s`, '--latency'];
  const out = execFileSync('wrk', [...args, '-s', script, load.url], {
    encoding: 'utf8',
    timeout: (load.seconds + 30) * 1000,
  });
  const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const socketErrors = errors ? errors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
  return {
    requestsPerSecond: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? NaN),
    p50Ms: latencyMs(out, '50%'),
    p99Ms: latencyMs(out, '99%'),
    failed: Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0) + socketErrors,
  };
}

/** A percentile of wrk's latency distribution (`99%  4.21ms`), in milliseconds. */
function latencyMs(out: string, percentile: string): number {
  const match = new RegExp(`^\\s*${percentile}\\s+([\\d.]+)(us|ms|s)\\s*$`, 'm').exec(out);
  if (!match) return NaN;
  return Number(match[1]) * { us: 0.001, ms: 1, s: 1000 }[match[2] as 'us' | 'ms' | 's'];
}
