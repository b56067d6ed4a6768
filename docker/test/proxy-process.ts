import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebSocketServer } from 'ws';
import { freePort, waitFor } from '@eventcast/testing';
import { found, readRepoFile } from './deployment-files';

/** Whether an nginx program is installed here (apt-get install nginx-light). */
export const NGINX_INSTALLED = spawnSync('nginx', ['-v']).status === 0;

/** The content types by extension that came with the installed nginx, as the nginx image has its own. */
export const NGINX_MIME_TYPES = '/etc/nginx/mime.types';

/** Where routes.conf serves the web app from in the proxy's image (docker/Dockerfile, stage proxy). */
export const WEB_ROOT_IN_IMAGE = '/usr/share/eventcast/web';

/** The proxy's configuration run by a real nginx, and where it listens. */
export interface RunningProxy {
  /** `http://127.0.0.1:<port>`: the server's port 80. */
  http: string;
  /** The port of the server's port 443, with `https.conf`. */
  httpsPort: number;
  stop(): Promise<void>;
}

/**
 * Runs docker/proxy/nginx.conf and routes.conf with `server` (`http.conf` or `https.conf`) as its
 * server.conf, laid out as Compose mounts them and the nginx image holds them, in front of the
 * services at `upstream(name)` (`127.0.0.1:<port>`). Only the service addresses, the listening
 * ports, the web app's folder (`webRoot`, else the image's path, missing here) and, given `tls`,
 * the certificate files are changed.
 */
export async function startProxy(
  server: 'http.conf' | 'https.conf',
  upstream: (service: string) => string,
  tls?: { cert: string; key: string },
  webRoot = WEB_ROOT_IN_IMAGE,
): Promise<RunningProxy> {
  const [httpPort, httpsPort] = [await freePort(), await freePort()];
  const prefix = mkdtempSync(join(tmpdir(), 'eventcast-proxy-'));
  mkdirSync(join(prefix, 'logs'));
  writeFileSync(join(prefix, 'nginx.conf'), readRepoFile('docker/proxy/nginx.conf'));
  copyFileSync(NGINX_MIME_TYPES, join(prefix, 'mime.types'));
  writeFileSync(
    join(prefix, 'routes.conf'),
    readRepoFile('docker/proxy/routes.conf')
      .replace(/set \$upstream ([\w-]+);/g, (_m, name: string) => `set $upstream ${upstream(name)};`)
      .replace(/proxy_pass http:\/\/\$upstream:5000;/g, 'proxy_pass http://$upstream;')
      .replace(`root ${WEB_ROOT_IN_IMAGE};`, `root ${webRoot};`),
  );
  writeFileSync(
    join(prefix, 'server.conf'),
    readRepoFile(`docker/proxy/${server}`)
      .replace(/listen 80;/g, `listen 127.0.0.1:${httpPort};`)
      .replace(/listen 443 ssl;/g, `listen 127.0.0.1:${httpsPort} ssl;`),
  );
  if (tls) {
    mkdirSync(join(prefix, 'tls'));
    copyFileSync(tls.cert, join(prefix, 'tls/cert.pem'));
    copyFileSync(tls.key, join(prefix, 'tls/key.pem'));
  }
  const globals = `daemon off; pid ${prefix}/nginx.pid; error_log ${prefix}/logs/error.log;`;
  const nginx: ChildProcess = spawn('nginx', ['-p', prefix, '-c', join(prefix, 'nginx.conf'), '-g', globals], {
    stdio: 'ignore',
  });
  const http = `http://127.0.0.1:${httpPort}`;
  await waitFor(`nginx to answer ${http}/healthz`, () =>
    fetch(`${http}/healthz`).then(
      (response) => response.ok,
      () => false,
    ),
  );
  return {
    http,
    httpsPort,
    stop: async () => {
      if (nginx.exitCode !== null) return;
      const exited = new Promise((resolve) => nginx.once('exit', resolve));
      nginx.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * A folder laid out as the web app's build (dist/apps/web): an index.html and a hashed script in
 * assets/, with the contents given.
 */
export function webAppBuild(files: { indexHtml: string; asset: { name: string; content: string } }): string {
  const root = mkdtempSync(join(tmpdir(), 'eventcast-web-'));
  // nginx's workers run as another user when the tests run as root.
  chmodSync(root, 0o755);
  writeFileSync(join(root, 'index.html'), files.indexHtml);
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'assets', files.asset.name), files.asset.content);
  return root;
}

/**
 * An HTTP server that answers every request (and WebSocket) with its service name, the URL it got and
 * the `Authorization` header it got, if any.
 */
export async function standIn(service: string): Promise<Server> {
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

export function portOf(server: Server | undefined): number {
  return (found(server, 'the stand-in server').address() as AddressInfo).port;
}
