// The same-origin proxy of `npm start`: the routes of the Compose nginx (docker/proxy/routes.conf)
// on one port, and the built web app's files at `/`, with node:http only.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Agent, createServer, request as upstreamRequest } from 'node:http';
import { extname, join, relative, resolve } from 'node:path';

const CONTENT_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};

// Headers of one connection, not of the message: each hop sets its own (RFC 9110, 7.6.1).
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>eventcast: web app not built</title></head>
<body>
<h1>The eventcast web app is not built</h1>
<p>Build it with <code>npx nx run web:build</code> (its files go to <code>dist/apps/web</code>), then reload this page.
<code>npm start</code> builds it too when <code>apps/web/project.json</code> exists.</p>
<p>The services' API pages are served here all the same, for example <a href="/history/api/doc">/history/api/doc</a>.</p>
</body>
</html>
`;

/**
 * Starts the proxy. A request whose path starts with an upstream's `prefix` (the longest matching
 * prefix wins) goes to its `target` unchanged, WebSocket upgrades included, with Host kept and
 * X-Forwarded-For, X-Forwarded-Proto and X-Real-IP added as nginx adds them; a refused upstream
 * gives 502. `/healthz` answers `ok`. Any other GET or HEAD is a file of `webRoot`, or its
 * `index.html` when no file answers, as in the Compose proxy: the web app routes its own paths; a
 * missing file under `/assets/` is a 404.
 * @param {{ port: number, host?: string, webRoot: string, upstreams: { prefix: string, target: string }[] }} options
 *   `port` 0 picks a free one; `host` defaults to 127.0.0.1; a `prefix` starts and ends with `/`,
 *   a `target` is an http URL such as `http://127.0.0.1:5002`
 * @returns {Promise<{ url: string, close: () => Promise<void> }>} `url` has no trailing slash; its
 *   host is `host`, or localhost for every interface
 * @throws {Error} for an invalid prefix or target, or when the port cannot be listened on
 */
export async function startProxy({ port, host = '127.0.0.1', webRoot, upstreams }) {
  const routes = upstreams.map(checkedRoute).sort((a, b) => b.prefix.length - a.prefix.length);
  const agent = new Agent({ keepAlive: true });
  const tunnels = new Set();
  const routeOf = (url) => routes.find(({ prefix }) => url.startsWith(prefix));
  const server = createServer((request, response) => {
    const route = routeOf(request.url);
    if (route) return forward(request, response, route, agent);
    if (request.url.split('?')[0] === '/healthz') return answerText(response, 200, 'ok\n');
    serveFile(request, response, resolve(webRoot)).catch((error) => {
      if (!response.headersSent) answerText(response, 500, `eventcast proxy: ${error.message}\n`);
      else response.destroy();
    });
  });
  server.on('upgrade', (request, socket, head) => {
    const route = routeOf(request.url);
    if (!route) return refuseUpgrade(socket, 404, 'Not Found');
    tunnels.add(socket);
    socket.once('close', () => tunnels.delete(socket));
    tunnel(request, socket, head, route, tunnels);
  });
  await new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => {
      server.off('error', fail);
      done(undefined);
    });
  });
  const address = server.address();
  const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${typeof address === 'object' ? address.port : port}`,
    close: async () => {
      const closed = new Promise((done) => server.close(done));
      server.closeAllConnections();
      for (const socket of tunnels) socket.destroy();
      agent.destroy();
      await closed;
    },
  };
}

function checkedRoute({ prefix, target }) {
  if (typeof prefix !== 'string' || !prefix.startsWith('/') || !prefix.endsWith('/'))
    throw new Error(`a proxy prefix starts and ends with "/" (got ${JSON.stringify(prefix)})`);
  let url;
  try {
    url = new URL(target);
  } catch {
    throw new Error(`the target of ${prefix} is not a URL (got ${JSON.stringify(target)})`);
  }
  if (url.protocol !== 'http:' || url.pathname !== '/' || url.search)
    throw new Error(`the target of ${prefix} must be http://host:port (got ${JSON.stringify(target)})`);
  return { prefix, target, host: url.hostname.replace(/^\[|\]$/g, ''), port: Number(url.port || 80) };
}

/**
 * The request's headers as the upstream gets them: without hop-by-hop ones, with the forwarding ones.
 * @returns {import('node:http').OutgoingHttpHeaders}
 */
function forwardedHeaders(request) {
  /** @type {import('node:http').OutgoingHttpHeaders} */
  const headers = {};
  for (const [name, value] of Object.entries(request.headers)) if (!HOP_BY_HOP.has(name)) headers[name] = value;
  const client = request.socket.remoteAddress ?? '';
  const earlier = request.headers['x-forwarded-for'];
  headers['x-forwarded-for'] = earlier ? `${earlier}, ${client}` : client;
  headers['x-forwarded-proto'] = 'http';
  headers['x-real-ip'] = client;
  return headers;
}

function withoutHopByHop(headers) {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));
}

function forward(request, response, route, agent) {
  const upstream = upstreamRequest({
    host: route.host,
    port: route.port,
    method: request.method,
    path: request.url,
    headers: forwardedHeaders(request),
    agent,
  });
  upstream.once('response', (answer) => {
    response.writeHead(answer.statusCode ?? 502, answer.statusMessage, withoutHopByHop(answer.headers));
    answer.pipe(response);
    answer.once('error', () => response.destroy());
  });
  upstream.once('error', (error) => {
    if (response.headersSent) return response.destroy();
    answerText(response, 502, `eventcast proxy: ${route.target} did not answer (${codeOf(error)})\n`);
  });
  // A client that goes away mid-request or mid-answer ends the upstream exchange too.
  response.once('close', () => {
    if (!response.writableFinished) upstream.destroy();
  });
  request.pipe(upstream);
}

function tunnel(request, socket, head, route, tunnels) {
  const upstream = upstreamRequest({
    host: route.host,
    port: route.port,
    method: request.method,
    path: request.url,
    headers: { ...forwardedHeaders(request), connection: 'Upgrade', upgrade: request.headers.upgrade },
  });
  upstream.once('upgrade', (answer, upstreamSocket, upstreamHead) => {
    tunnels.add(upstreamSocket);
    upstreamSocket.once('close', () => tunnels.delete(upstreamSocket));
    socket.write(rawHead(answer));
    if (upstreamHead.length > 0) socket.write(upstreamHead);
    if (head.length > 0) upstreamSocket.write(head);
    const end = () => {
      socket.destroy();
      upstreamSocket.destroy();
    };
    socket.once('error', end).once('close', end);
    upstreamSocket.once('error', end).once('close', end);
    socket.pipe(upstreamSocket).pipe(socket);
  });
  // The upstream answered without switching protocols (a 401 or 404, say): the client gets that answer.
  upstream.once('response', (answer) => {
    socket.write(rawHead(answer, { connection: 'close' }));
    answer.pipe(socket);
  });
  upstream.once('error', (error) =>
    refuseUpgrade(socket, 502, 'Bad Gateway', `eventcast proxy: ${route.target} did not answer (${codeOf(error)})\n`),
  );
  socket.once('error', () => upstream.destroy());
  upstream.end();
}

/** The status line and headers of `answer` as raw HTTP/1.1, for a socket that is no longer an HTTP response. */
function rawHead(answer, replace = {}) {
  const lines = [`HTTP/1.1 ${answer.statusCode} ${answer.statusMessage}`];
  const replaced = new Set(Object.keys(replace));
  for (let i = 0; i < answer.rawHeaders.length; i += 2) {
    const name = answer.rawHeaders[i];
    if (!replaced.has(name.toLowerCase())) lines.push(`${name}: ${answer.rawHeaders[i + 1]}`);
  }
  for (const [name, value] of Object.entries(replace)) lines.push(`${name}: ${value}`);
  return `${lines.join('\r\n')}\r\n\r\n`;
}

function refuseUpgrade(socket, status, reason, text = '') {
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nconnection: close\r\ncontent-type: text/plain; charset=utf-8\r\n` +
      `content-length: ${Buffer.byteLength(text)}\r\n\r\n${text}`,
  );
}

async function serveFile(request, response, root) {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.setHeader('allow', 'GET, HEAD');
    return answerText(response, 405, 'eventcast proxy: only GET and HEAD reach the web app\n');
  }
  const path = pathOf(request.url, root);
  if (!path) return answerText(response, 400, 'eventcast proxy: bad path\n');
  const index = join(root, 'index.html');
  let chosen = (await isFile(path.file)) ? path.file : undefined;
  if (!chosen && path.appRoute) {
    if (!(await isFile(index))) return answerText(response, 503, NOT_BUILT_PAGE, 'text/html; charset=utf-8');
    chosen = index;
  }
  if (!chosen) return answerText(response, 404, 'eventcast proxy: no such file\n');
  const { size } = await stat(chosen);
  response.writeHead(200, {
    'content-type': CONTENT_TYPES[extname(chosen).toLowerCase()] ?? 'application/octet-stream',
    'content-length': size,
    ...cacheControl(chosen === index, path.asset),
  });
  if (request.method === 'HEAD') return response.end();
  createReadStream(chosen)
    .once('error', () => response.destroy())
    .pipe(response);
}

/**
 * The file under `root` that a URL names, whether it is one of the web app's routes (any path but
 * an asset's), and whether it is an asset; undefined when the path is malformed or leaves `root`.
 */
function pathOf(url, root) {
  let path;
  try {
    path = decodeURIComponent(new URL(url, 'http://proxy').pathname);
  } catch {
    return undefined;
  }
  if (path.includes('\0')) return undefined;
  const file = resolve(root, `.${path}`);
  const inside = relative(root, file);
  if (inside.startsWith('..') || resolve(root, inside) !== file) return undefined;
  const asset = path.startsWith('/assets/');
  return { file: path.endsWith('/') ? join(file, 'index.html') : file, appRoute: !asset, asset };
}

// index.html names the asset files of its build, so browsers ask for it each time and see a new
// build at once; an asset's name carries a hash of its content, so it may be kept for a year.
function cacheControl(isIndex, isAsset) {
  if (isIndex) return { 'cache-control': 'no-cache' };
  return isAsset ? { 'cache-control': 'public, max-age=31536000, immutable' } : {};
}

async function isFile(path) {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

function answerText(response, status, text, type = 'text/plain; charset=utf-8') {
  response.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(text) });
  response.end(text);
}

function codeOf(error) {
  return error.code ?? error.message;
}
