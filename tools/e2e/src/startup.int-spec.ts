import { BuiltApp, freePort, testBrokerUrl, waitFor } from '@eventcast/testing';

const BROKER = testBrokerUrl();

const apps: Array<{ app: string; prefix: string; ping: string; env: Record<string, string> }> = [
  { app: 'history', prefix: 'history', ping: 'history/timeseries/ping', env: {} },
  { app: 'datastore', prefix: 'history/datastore', ping: 'history/datastore/ping', env: {} },
  { app: 'controller', prefix: 'e2e-controller', ping: 'e2e-controller/ping', env: { SERVICE_ID: 'e2e-controller' } },
  { app: 'automation', prefix: 'automation', ping: 'automation/ping', env: {} },
];

describe.each(apps)('the built $app app', ({ app, prefix, ping, env }) => {
  let running: BuiltApp;
  let base: string;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    running = new BuiltApp(app, { ...env, PORT: String(port), MQTT_URL: BROKER }).start();
    await waitFor(`${app} to connect to the broker`, () => running.log.includes(`connected to ${BROKER}`), 30_000);
  }, 40_000);

  afterAll(async () => {
    await running.stop('SIGKILL');
  });

  it('logs one start line with its URL, API page and broker', () => {
    const starts = running.log.split('\n').filter((line) => line.includes(' started at '));
    expect(starts).toHaveLength(1);
    expect(starts[0]).toContain(`/${prefix} (API page http://localhost:`);
    expect(starts[0]).toContain(`/${prefix}/api/doc), broker ${BROKER}`);
  });

  it('answers its ping route', async () => {
    const answer = await fetch(`${base}/${ping}`);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ ping: 'pong' });
  });

  it('serves its interactive API page and the OpenAPI document behind it', async () => {
    const page = await fetch(`${base}/${prefix}/api/doc`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('swagger-ui');
    const document = (await (await fetch(`${base}/${prefix}/api/doc-json`)).json()) as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(document.paths)).toContain(`/${ping}`);
  });

  it('stops cleanly on SIGTERM', async () => {
    await expect(running.stop('SIGTERM')).resolves.toEqual({ code: 0, signal: null });
    expect(running.log).toContain('stopped');
  });
});

describe.each(apps)('the built $app app with a bad configuration', ({ app }) => {
  it('stops at start-up with a message naming the variable', async () => {
    const running = new BuiltApp(app, { PORT: 'eighty', MQTT_URL: 'http://not-a-broker' }).start();
    await expect(running.exited()).resolves.toEqual({ code: 1, signal: null });
    expect(running.log).toContain('PORT: must be an integer from 1 to 65535 (got "eighty")');
    expect(running.log).toContain('MQTT_URL: must be a URL with one of the schemes');
  });
});
