import { Server } from 'node:http';
import WebSocket from 'ws';
import { waitFor } from '@eventcast/testing';
import { documentedRoutes } from './deployment-files';
import { NGINX_INSTALLED, portOf, RunningProxy, standIn, startProxy, webAppBuild } from './proxy-process';

// Runs the proxy's own configuration with a stand-in server for each service behind it (startProxy).
// Needs an nginx program (apt-get install nginx-light).
const routes = documentedRoutes();
const services = [...new Set(routes.map((r) => r.service))];
const INDEX_HTML =
  '<!doctype html><title>eventcast</title><script type="module" src="/assets/index-B7x9kQ2a.js"></script>\n';
const ASSET = { name: 'index-B7x9kQ2a.js', content: 'console.log("eventcast web");\n' };

(NGINX_INSTALLED ? describe : describe.skip)(
  `the proxy, run by nginx in front of stand-in services${NGINX_INSTALLED ? '' : ' (SKIPPED: no nginx program here)'}`,
  () => {
    const backends = new Map<string, Server>();
    let proxy: RunningProxy;
    let base: string;

    beforeAll(async () => {
      for (const service of services) backends.set(service, await standIn(service));
      const web = webAppBuild({ indexHtml: INDEX_HTML, asset: ASSET });
      proxy = await startProxy('http.conf', (name) => `127.0.0.1:${portOf(backends.get(name))}`, undefined, web);
      base = proxy.http;
    });

    afterAll(async () => {
      await proxy?.stop();
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

    // The documents stream carries the datastore's change events, but history serves it.
    it.each(['/history/timeseries/stream', '/history/controllers/stream', '/history/documents/stream'])(
      'carries the WebSocket %s through to history',
      async (path) => {
        const socket = new WebSocket(`${base.replace('http', 'ws')}${path}`);
        const first = await new Promise<string>((resolve, reject) => {
          socket.once('message', (data) => resolve(data.toString()));
          socket.once('error', reject);
        });
        socket.close();
        expect(JSON.parse(first)).toEqual({ service: 'history', url: path });
      },
    );

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

    it.each(['/', '/index.html', '/blocks/Sensor', '/nobody/ping'])(
      "answers %s with the web app's index.html, which browsers must ask for again each time",
      async (path) => {
        const response = await fetch(`${base}${path}`);
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toBe('text/html');
        expect(response.headers.get('cache-control')).toBe('no-cache');
        expect(await response.text()).toBe(INDEX_HTML);
      },
    );

    it('serves a hashed asset of the web app as JavaScript, cached for a year', async () => {
      const response = await fetch(`${base}/assets/${ASSET.name}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/javascript');
      expect(response.headers.get('cache-control')).toBe('max-age=31536000');
      expect(await response.text()).toBe(ASSET.content);
    });

    it('answers a missing asset with 404, not with the page', async () => {
      const response = await fetch(`${base}/assets/index-gone.js`);
      expect(response.status).toBe(404);
    });

    it('leaves every service path to its service, even one the web app has no file for', async () => {
      for (const { path, service } of routes) {
        const response = await fetch(`${base}${path}no-such-route`);
        expect(await response.json()).toEqual({ service, url: `${path}no-such-route` });
      }
    });

    it('answers 429 to a client beyond its request rate, and serves it again once it slows down', async () => {
      // The tests above spent part of the burst (about 30 requests), which refills at 50 a second and
      // cannot be read without spending it: after a second it is whole again.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const statuses = await Promise.all(
        Array.from({ length: 600 }, () => fetch(`${base}/fermenter/ping`).then((response) => response.status)),
      );
      const count = (status: number) => statuses.filter((each) => each === status).length;
      expect(count(200)).toBeGreaterThanOrEqual(200);
      expect(count(429)).toBeGreaterThan(0);
      expect(count(200) + count(429)).toBe(600);
      // The limit refills at 50 requests a second: the client is served again within a moment.
      await waitFor('the proxy to serve the client again', async () => (await fetch(`${base}/fermenter/ping`)).ok);
    });
  },
);
