import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, IncomingMessage, request, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket, { WebSocketServer } from 'ws';
import { freePort, ProxyProcess } from '@eventcast/testing';

/**
 * The history service's WebSockets, all below `/history/` but none below `/history/datastore/`: the
 * documents stream carries the datastore's change events yet is served by history.
 */
const HISTORY_STREAMS = ['/history/timeseries/stream', '/history/controllers/stream', '/history/documents/stream'];

/** What an upstream saw of one request. */
interface Seen {
  upstream: string;
  method?: string;
  url?: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A node:http server that answers each request with what it saw, as JSON, and a header naming itself. */
async function echoServer(name: string, handle?: (request: IncomingMessage, response: ServerResponse) => boolean) {
  const server = createServer((request, response) => {
    if (handle?.(request, response)) return;
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const seen: Seen = { upstream: name, method: request.method, url: request.url, headers: request.headers, body };
      response.writeHead(201, { 'content-type': 'application/json', 'x-upstream': name });
      response.end(JSON.stringify(seen));
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { server, target: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

function closed(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((done) => server.close(() => done()));
}

/** A GET of `path` sent exactly as written (fetch would normalise `..`), with its status and body. */
function rawGet(url: string, path: string): Promise<{ status?: number; body: string }> {
  return new Promise((done, fail) => {
    const { hostname, port } = new URL(url);
    request({ host: hostname, port, path }, (answer) => {
      let body = '';
      answer.on('data', (chunk: Buffer) => (body += chunk.toString()));
      answer.on('end', () => done({ status: answer.statusCode, body }));
    })
      .on('error', fail)
      .end();
  });
}

describe('the proxy of npm start (tools/start/proxy.mjs)', () => {
  let history: Awaited<ReturnType<typeof echoServer>>;
  let datastore: Awaited<ReturnType<typeof echoServer>>;
  let releaseStream: () => void;
  let proxy: ProxyProcess;
  let refusedPort: number;
  const webRoot = mkdtempSync(join(tmpdir(), 'eventcast-web-'));

  beforeAll(async () => {
    mkdirSync(join(webRoot, 'assets'));
    writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>eventcast</title>');
    writeFileSync(join(webRoot, 'assets', 'app-1234.js'), 'console.log("app")');
    writeFileSync(join(webRoot, 'assets', 'app-1234.css'), 'body{}');
    writeFileSync(join(tmpdir(), 'outside-web-root.txt'), 'secret');
    const released = new Promise<void>((done) => (releaseStream = done));
    history = await echoServer('history', (request, response) => {
      if (request.url !== '/history/slow') return false;
      // The first part of the answer, then the rest once the test has read that part.
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.write('first part\n');
      void released.then(() => response.end('second part\n'));
      return true;
    });
    new WebSocketServer({
      server: history.server,
      verifyClient: ({ req }: { req: IncomingMessage }, accept: (ok: boolean, code?: number) => void) =>
        accept(HISTORY_STREAMS.includes(req.url ?? ''), 400),
    }).on('connection', (socket, request) =>
      socket.on('message', (data: Buffer) => socket.send(`echo ${request.url} ${data.toString()}`)),
    );
    datastore = await echoServer('datastore');
    refusedPort = await freePort();
    proxy = await ProxyProcess.start({
      webRoot,
      upstreams: [
        { prefix: '/history/', target: history.target },
        { prefix: '/history/datastore/', target: datastore.target },
        { prefix: '/gone/', target: `http://127.0.0.1:${refusedPort}` },
      ],
    });
  }, 20_000);

  afterAll(async () => {
    await proxy?.stop();
    await Promise.all([history, datastore].filter(Boolean).map(({ server }) => closed(server)));
  });

  it('sends a path to the upstream of its longest prefix, unchanged, with method, body and query', async () => {
    const answer = await fetch(`${proxy.url}/history/datastore/get?x=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer t' },
      body: '{"namespace":"n","id":"a"}',
    });
    expect(answer.status).toBe(201);
    expect(answer.headers.get('x-upstream')).toBe('datastore');
    const seen = (await answer.json()) as Seen;
    expect(seen).toMatchObject({
      method: 'POST',
      url: '/history/datastore/get?x=1',
      body: '{"namespace":"n","id":"a"}',
    });
    expect(seen.headers).toMatchObject({ authorization: 'Bearer t', 'content-type': 'application/json' });

    const other = (await (await fetch(`${proxy.url}/history/timeseries/ping`)).json()) as Seen;
    expect(other).toMatchObject({ upstream: 'history', method: 'GET', url: '/history/timeseries/ping' });
  });

  it('keeps the Host and adds X-Forwarded-For, X-Forwarded-Proto and X-Real-IP as nginx does', async () => {
    const seen = (await (
      await fetch(`${proxy.url}/history/x`, { headers: { 'x-forwarded-for': '203.0.113.7' } })
    ).json()) as Seen;
    expect(seen.headers.host).toBe(new URL(proxy.url).host);
    expect(seen.headers['x-forwarded-for']).toBe('203.0.113.7, 127.0.0.1');
    expect(seen.headers['x-forwarded-proto']).toBe('http');
    expect(seen.headers['x-real-ip']).toBe('127.0.0.1');
  });

  it('streams an answer: its first part arrives before the upstream has finished it', async () => {
    const answer = await fetch(`${proxy.url}/history/slow`);
    const reader = answer.body?.getReader();
    if (!reader) throw new Error('the answer has no body');
    const first = await reader.read();
    expect(Buffer.from(first.value ?? []).toString()).toBe('first part\n');
    releaseStream();
    let rest = '';
    for (let part = await reader.read(); !part.done; part = await reader.read())
      rest += Buffer.from(part.value).toString();
    expect(rest).toBe('second part\n');
  });

  it('answers 502 with a short text when the upstream refuses the connection', async () => {
    const answer = await fetch(`${proxy.url}/gone/ping`);
    expect(answer.status).toBe(502);
    expect(await answer.text()).toBe(
      `eventcast proxy: http://127.0.0.1:${refusedPort} did not answer (ECONNREFUSED)\n`,
    );
  });

  it.each(HISTORY_STREAMS)(
    'passes the WebSocket upgrade of %s on to history, and the messages both ways',
    async (path) => {
      const socket = new WebSocket(`${proxy.url.replace(/^http/, 'ws')}${path}`);
      const reply = new Promise<string>((done, fail) => {
        socket.once('message', (data: Buffer) => done(data.toString()));
        socket.once('error', fail);
      });
      await new Promise((done) => socket.once('open', done));
      socket.send('hello');
      expect(await reply).toBe(`echo ${path} hello`);
      socket.close();
    },
  );

  it("refuses an upgrade with the upstream's own answer, or 404 where no upstream is", async () => {
    const refused = (path: string) =>
      new Promise<number>((done, fail) => {
        const socket = new WebSocket(`${proxy.url.replace(/^http/, 'ws')}${path}`);
        socket.once('unexpected-response', (_request, response) => done(response.statusCode ?? 0));
        socket.once('error', fail);
      });
    expect(await refused('/history/not-a-stream')).toBe(400);
    expect(await refused('/nowhere')).toBe(404);
    expect(await refused('/gone/stream')).toBe(502);
  });

  it('answers /healthz itself', async () => {
    const answer = await fetch(`${proxy.url}/healthz`);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe('ok\n');
  });

  it("serves the web app's files with their content type, and index.html for the app's own routes", async () => {
    const page = await fetch(`${proxy.url}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await page.text()).toContain('<title>eventcast</title>');
    const script = await fetch(`${proxy.url}/assets/app-1234.js`);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await script.text()).toBe('console.log("app")');
    expect((await fetch(`${proxy.url}/assets/app-1234.css`)).headers.get('content-type')).toBe(
      'text/css; charset=utf-8',
    );
    const route = await fetch(`${proxy.url}/graphs/room-1?range=1h`);
    expect(route.status).toBe(200);
    expect(await route.text()).toContain('<title>eventcast</title>');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await fetch(`${proxy.url}/assets/missing-5678.js`)).status).toBe(404);
    expect((await fetch(`${proxy.url}/assets/missing`)).status).toBe(404);
    expect(await (await fetch(`${proxy.url}/views/saved.json`)).text()).toContain('<title>eventcast</title>');
    expect((await fetch(`${proxy.url}/`, { method: 'POST' })).status).toBe(405);
  });

  it('serves nothing outside the web root', async () => {
    for (const path of [
      '/../outside-web-root.txt',
      '/%2e%2e/outside-web-root.txt',
      '/assets/..%2f..%2foutside-web-root.txt',
    ]) {
      const answer = await rawGet(proxy.url, path);
      // Refused (400), or read inside the web root, where it is one of the app's routes (200, index.html).
      expect({ path, status: answer.status, body: answer.body }).toEqual({
        path,
        status: expect.any(Number) as number,
        body: answer.status === 400 ? 'eventcast proxy: bad path\n' : '<!doctype html><title>eventcast</title>',
      });
    }
  });

  it('says how to build the web app when it is not built', async () => {
    const bare = await ProxyProcess.start({ webRoot: join(webRoot, 'not-built'), upstreams: [] });
    try {
      const answer = await fetch(`${bare.url}/`);
      expect(answer.status).toBe(503);
      expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await answer.text()).toContain('npx nx run web:build');
    } finally {
      await bare.stop();
    }
  });

  it('refuses a prefix that does not end with a slash, and a target that is not an http origin', async () => {
    await expect(
      ProxyProcess.start({ webRoot, upstreams: [{ prefix: '/history', target: history.target }] }),
    ).rejects.toThrow('a proxy prefix starts and ends with "/" (got "/history")');
    await expect(
      ProxyProcess.start({ webRoot, upstreams: [{ prefix: '/history/', target: 'https://example.org/x' }] }),
    ).rejects.toThrow('the target of /history/ must be http://host:port (got "https://example.org/x")');
  });

  it('fails to start, saying so, when its port is taken', async () => {
    const port = Number(new URL(proxy.url).port);
    await expect(ProxyProcess.start({ port, webRoot, upstreams: [] })).rejects.toThrow('EADDRINUSE');
  });
});
