import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { Server } from 'node:http';
import { get } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NGINX_INSTALLED, portOf, RunningProxy, standIn, startProxy, webAppBuild } from './proxy-process';

/** A self-signed certificate for 127.0.0.1, made as docs/security.md tells a user to. */
function selfSignedCertificate(dir: string) {
  const [cert, key] = [join(dir, 'cert.pem'), join(dir, 'key.pem')];
  execFileSync('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=127.0.0.1',
    '-addext',
    'subjectAltName=IP:127.0.0.1',
    '-keyout',
    key,
    '-out',
    cert,
  ]);
  return { cert, key };
}

/** GETs `path` over HTTPS, trusting only `ca`: the status, the headers and the body. */
function httpsGet(port: number, path: string, ca: string) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
    get({ host: '127.0.0.1', port, path, ca }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    }).on('error', reject);
  });
}

(NGINX_INSTALLED ? describe : describe.skip)(
  `the proxy with https.conf, run by nginx${NGINX_INSTALLED ? '' : ' (SKIPPED: no nginx program here)'}`,
  () => {
    let fermenter: Server;
    let proxy: RunningProxy;
    let ca: string;

    beforeAll(async () => {
      const tls = selfSignedCertificate(mkdtempSync(join(tmpdir(), 'eventcast-proxy-tls-')));
      ca = readFileSync(tls.cert, 'utf8');
      fermenter = await standIn('fermenter');
      const web = webAppBuild({ indexHtml: '<!doctype html>\n', asset: { name: 'app-1a2b.js', content: '' } });
      proxy = await startProxy('https.conf', () => `127.0.0.1:${portOf(fermenter)}`, tls, web);
    });

    afterAll(async () => {
      await proxy?.stop();
      await new Promise((resolve) => fermenter?.close(resolve));
    });

    it('serves the routes over HTTPS with the given certificate, telling browsers to stay on HTTPS', async () => {
      const answer = await httpsGet(proxy.httpsPort, '/fermenter/ping', ca);
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toMatchObject({ service: 'fermenter', url: '/fermenter/ping' });
      expect(answer.headers['strict-transport-security']).toBe('max-age=31536000');
    });

    // The web app's locations set their cache headers with expires: an add_header there would drop HSTS.
    it.each(['/', '/assets/app-1a2b.js'])('serves the web app at %s over HTTPS, with HSTS too', async (path) => {
      const answer = await httpsGet(proxy.httpsPort, path, ca);
      expect(answer.status).toBe(200);
      expect(answer.headers['strict-transport-security']).toBe('max-age=31536000');
    });

    it('redirects plain HTTP to HTTPS, but for the health check', async () => {
      const redirect = await fetch(`${proxy.http}/fermenter/ping?x=1`, { redirect: 'manual' });
      expect(redirect.status).toBe(301);
      expect(redirect.headers.get('location')).toBe('https://127.0.0.1/fermenter/ping?x=1');
      expect((await fetch(`${proxy.http}/healthz`)).status).toBe(200);
    });
  },
);
