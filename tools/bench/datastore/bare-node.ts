// Node's own HTTP server over the same Redis (bare-node-server.mjs), beside the datastore in
// bench:datastore: what a Node service with no framework reaches on this machine.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { freePort, waitFor } from '@eventcast/testing';
import { cleanups } from '../bench-run';

/** Starts the bare server on a free port in front of `redisUrl`, stopped at the end; resolves with its port. */
export async function startBareNode(redisUrl: string): Promise<number> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(__dirname, 'bare-node-server.mjs'), String(port), redisUrl], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  cleanups.push(async () => {
    child.kill('SIGTERM');
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitFor('the bare Node server', () => output.includes('listening'), 10_000);
  return port;
}
