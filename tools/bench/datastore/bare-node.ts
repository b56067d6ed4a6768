// The floors beside the datastore in bench:datastore, over the same Redis with the same client:
// Node's own HTTP server (bare-node-server.mjs), what a Node service with no framework reaches on
// this machine, and a bare Fastify server (bare-fastify-server.mjs), what the HTTP layer the
// services run on reaches before Nest and the datastore's own work.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { freePort, waitFor } from '@eventcast/testing';
import { cleanups } from '../bench-run';

/** Starts the bare Node server on a free port in front of `redisUrl`, stopped at the end; resolves with its port. */
export function startBareNode(redisUrl: string): Promise<number> {
  return startFloor('bare-node-server.mjs', 'the bare Node server', redisUrl);
}

/** Starts the bare Fastify server on a free port in front of `redisUrl`, stopped at the end; resolves with its port. */
export function startBareFastify(redisUrl: string): Promise<number> {
  return startFloor('bare-fastify-server.mjs', 'the bare Fastify server', redisUrl);
}

async function startFloor(script: string, what: string, redisUrl: string): Promise<number> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(__dirname, script), String(port), redisUrl], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  cleanups.push(async () => {
    child.kill('SIGTERM');
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitFor(what, () => output.includes('listening'), 10_000);
  return port;
}
