// webdis (Debian's package: HTTP in front of Redis, written in C) beside the datastore on the same
// Redis: what plain HTTP over that Redis costs on this machine, the scale for the datastore's rates.
import { ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, waitFor } from '@eventcast/testing';
import { cleanups } from '../bench-run';

/** Starts webdis on a free port in front of `redisUrl` (2 threads, as many as the cores), stopped at the end. */
export async function startWebdis(redisUrl: string): Promise<number> {
  const { hostname, port } = new URL(redisUrl);
  const httpPort = await freePort();
  const config = join(mkdtempSync(join(tmpdir(), 'webdis-')), 'webdis.json');
  writeFileSync(
    config,
    JSON.stringify({
      redis_host: hostname,
      redis_port: Number(port || 6379),
      http_host: '127.0.0.1',
      http_port: httpPort,
      threads: 2,
      daemonize: false,
      database: 0,
      verbosity: 0,
      logfile: '/dev/null',
    }),
  );
  const child: ChildProcess = spawn('webdis', [config], { stdio: 'ignore' });
  cleanups.push(async () => {
    child.kill('SIGTERM');
  });
  await waitFor(
    'webdis',
    async () => (await fetch(`http://127.0.0.1:${httpPort}/PING`).catch(() => undefined))?.ok === true,
    10_000,
  );
  return httpPort;
}
