// The closed-loop HTTP load that the REST benchmarks share: keep-alive `node:http` clients on
// loopback, each sending its next request as soon as the last one is answered.
import { Agent, request } from 'node:http';
import { percentile } from './percentile';

const REQUEST_TIMEOUT_MS = 10_000;

/** What one load run measured, after its warm-up. */
export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Answers other than 200, and requests that failed or timed out. */
  failed: number;
}

/** How one load run is made. */
export interface Load {
  port: number;
  path: string;
  /** The body of the n-th request, as JSON text. */
  body: (n: number) => string;
  clients: number;
  warmUpMs: number;
  seconds: number;
}

/** POSTs a JSON body to 127.0.0.1; resolves with the status code, 0 when the request failed. */
export function post(agent: Agent, port: number, path: string, body: string): Promise<number> {
  return new Promise((done) => {
    const headers = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) };
    const call = request(
      { host: '127.0.0.1', port, path, method: 'POST', agent, timeout: REQUEST_TIMEOUT_MS, headers },
      (response) => {
        response.resume();
        response.once('end', () => done(response.statusCode ?? 0));
        response.once('error', () => done(0));
      },
    );
    call.once('timeout', () => call.destroy(new Error('timed out')));
    call.once('error', () => done(0));
    call.end(body);
  });
}

/** Runs `load.clients` keep-alive clients for the warm-up and then `load.seconds`, measuring the latter. */
export async function runLoad(load: Load): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: load.clients });
  const measureFrom = Date.now() + load.warmUpMs;
  const end = measureFrom + load.seconds * 1000;
  const latencies: number[] = [];
  let failed = 0;
  let next = 0;
  const client = async () => {
    while (Date.now() < end) {
      const text = load.body(next++);
      const started = performance.now();
      const status = await post(agent, load.port, load.path, text);
      const finished = performance.now();
      if (Date.now() < measureFrom) continue;
      latencies.push(finished - started);
      if (status !== 200) failed++;
    }
  };
  await Promise.all(Array.from({ length: load.clients }, client));
  agent.destroy();
  return {
    requestsPerSecond: latencies.length / load.seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    failed,
  };
}
