import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket, { WebSocketServer } from 'ws';
import { freePort, waitFor } from '@eventcast/testing';
import { documentedRoutes, found, readRepoFile } from './deployment-files';

// Runs the proxy's own nginx.conf with a stand-in server for each service behind it; only the
// service addresses and the listening port are changed. Needs an nginx program (apt-get install nginx-light).
const nginxInstalled = spawnSync('nginx', ['-v']).status === 0;
const routes = documentedRoutes();
const services = [...new Set(routes.map((r) => r.service))];

(nginxInstalled ? describe : describe.skip)(
  `the proxy, run by nginx in front of stand-in services${nginxInstalled ? '' : ' (SKIPPED: no nginx program here)'}`,
  () => {
    const backends = new Map<string, Server>();
    let nginx: ChildProcess;
    let base: string;

    beforeAll(async () => {
      for (const service of services) backends.set(service, await standIn(service));
      const port = await freePort();
      const prefix = mkdtempSync(join(tmpdir(), 'eventcast-proxy-'));
      mkdirSync(join(prefix, 'logs'));
      const config = readRepoFile('docker/proxy/nginx.conf')
        .replace(/listen 80;/, `listen 127.0.0.1:${port};`)
        .replace(
          /set \$upstream ([\w-]+);/g,
          (_m, name: string) => `set $upstream 127.0.0.1:${portOf(backends.get(name))};`,
        )
        .replace(/proxy_pass http:\/\/\$upstream:5000;/g, 'proxy_pass http://$upstream;');
      writeFileSync(join(prefix, 'nginx.conf'), config);
      const globals = `daemon off; pid ${prefix}/nginx.pid; error_log ${prefix}/logs/error.log;`;
      nginx = spawn('nginx', ['-p', prefix, '-c', join(prefix, 'nginx.conf'), '-g', globals], { stdio: 'ignore' });
      base = `http://127.0.0.1:${port}`;
      await waitFor(`nginx to answer ${base}/healthz`, () =>
        fetch(`${base}/healthz`).then(
          (response) => response.ok,
          () => false,
        ),
      );
    });

    afterAll(async () => {
      if (nginx?.exitCode === null) {
        const exited = new Promise((resolve) => nginx.once('exit', resolve));
        nginx.kill('SIGTERM');
        await exited;
      }
      await Promise.all([...backends.values()].map((server) => new Promise((resolve) => server.close(resolve))));
    });

    it.each(routes.map((r) => [r.path, r.service] as const))(
      'hands %sapi/doc to %s with the path unchanged',
      async (path, service) => {
        const response = await fetch(`${base}${path}api/doc?x=1`);
        expect(await response.json()).toEqual({ service, url: `${path}api/doc?x=1` });
      },
    );

    it('hands the datastore paths below /history/ to the datastore, not to history', async () => {
      const response = await fetch(`${base}/history/datastore/ping`);
      expect(await response.json()).toMatchObject({ service: 'datastore' });
    });

    it('carries the history WebSocket stream through', async () => {
      const socket = new WebSocket(`${base.replace('http', 'ws')}/history/timeseries/stream`);
      const first = await new Promise<string>((resolve, reject) => {
        socket.once('message', (data) => resolve(data.toString()));
        socket.once('error', reject);
      });
      socket.close();
      expect(JSON.parse(first)).toEqual({ service: 'history', url: '/history/timeseries/stream' });
    });

    // The services check the API token themselves (docs/security.md): the proxy must pass it on.
    it.each(routes.map((r) => [r.path, r.service] as const))(
      'passes the Authorization header of a call to %s on to %s',
      async (path, service) => {
        const response = await fetch(`${base}${path}ping`, { headers: { authorization: 'Bearer token-of-the-test' } });
        expect(await response.json()).toMatchObject({ service, authorization: 'Bearer token-of-the-test' });
      },
    );

    it('passes the Authorization header of the WebSocket upgrade on to history', async () => {
      const socket = new WebSocket(`${base.replace('http', 'ws')}/history/timeseries/stream`, {
        headers: { authorization: 'Bearer token-of-the-test' },
      });
      const first = await new Promise<string>((resolve, reject) => {
        socket.once('message', (data) => resolve(data.toString()));
        socket.once('error', reject);
      });
      socket.close();
      expect(JSON.parse(first)).toMatchObject({ service: 'history', authorization: 'Bearer token-of-the-test' });
    });

    it('answers a path no service owns with 404 from the proxy', async () => {
      expect((await fetch(`${base}/nobody/ping`)).status).toBe(404);
    });
  },
);

/**
 * An HTTP server that answers every request (and WebSocket) with its service name, the URL it got and
 * the `Authorization` header it got, if any.
 */
async function standIn(service: string): Promise<Server> {
  const server = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ service, url: req.url, authorization: req.headers.authorization }));
  });
  const sockets = new WebSocketServer({ server });
  sockets.on('connection', (socket, req) =>
    socket.send(JSON.stringify({ service, url: req.url, authorization: req.headers.authorization })),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

function portOf(server: Server | undefined): number {
  return (found(server, 'the stand-in server').address() as AddressInfo).port;
}
