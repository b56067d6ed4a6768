import { BuiltApp, freePort, ServiceUnderTest, testBrokerUrl, waitFor } from '@eventcast/testing';

const TOKEN = 'logs-test-token-0123456789';

/** The lines a service printed, each parsed as JSON (the test fails on one that is not). */
function jsonLines(log: string): Array<Record<string, unknown>> {
  return log
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      try {
        return JSON.parse(line) as Record<string, unknown>;
      } catch {
        throw new Error(`a log line is not JSON: ${line}`);
      }
    });
}

describe('the logs of a built service with LOG_FORMAT=json', () => {
  let datastore: ServiceUnderTest<'datastore'>;

  beforeAll(async () => {
    datastore = await ServiceUnderTest.start('datastore', { LOG_FORMAT: 'json', API_TOKEN: TOKEN });
  }, 40_000);

  afterAll(async () => {
    await datastore?.stop();
  });

  it('writes one JSON object per line, with level, time, context and message', () => {
    const lines = jsonLines(datastore.log);
    const started = lines.find((line) => String(line.msg).includes(' started at '));
    expect(started).toMatchObject({ level: 30, context: 'datastore' });
    expect(new Date(String(started?.time)).getTime()).not.toBeNaN();
  });

  it('logs each request with its id, which the answer carries, and never the token', async () => {
    const answer = await fetch(`${datastore.url}/history/datastore/mget`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}`, 'x-request-id': 'trace-7' },
      body: JSON.stringify({ namespace: 'logs' }),
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-request-id')).toBe('trace-7');
    const refused = await fetch(`${datastore.url}/history/datastore/mget`, { method: 'POST' });
    const id = refused.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    // Fastify writes "request completed" once the answer is sent: wait for both requests' lines.
    const lines = await waitFor('the request lines of both calls', () => {
      const parsed = jsonLines(datastore.log);
      const completed = parsed.filter((line) => line.msg === 'request completed').map((line) => line.reqId);
      return completed.includes('trace-7') && completed.includes(id) && parsed;
    });
    expect(lines).toContainEqual(
      expect.objectContaining({
        reqId: 'trace-7',
        msg: 'incoming request',
        req: expect.objectContaining({ method: 'POST', url: '/history/datastore/mget' }) as unknown,
      }),
    );
    expect(lines).toContainEqual(
      expect.objectContaining({ reqId: 'trace-7', msg: 'request completed', res: { statusCode: 200 } }),
    );
    expect(lines).toContainEqual(expect.objectContaining({ reqId: id, res: { statusCode: 401 } }));
    expect(datastore.log).not.toContain(TOKEN);
  });
});

describe('the logs of a built service with LOG_LEVEL=warn', () => {
  it('leaves out the info lines and keeps the warnings', async () => {
    const port = String(await freePort());
    const datastore = new BuiltApp('datastore', { PORT: port, MQTT_URL: testBrokerUrl(), LOG_LEVEL: 'warn' }).start();
    try {
      await waitFor('the datastore to answer its ping', () =>
        fetch(`http://127.0.0.1:${port}/history/datastore/ping`).then(
          (answer) => answer.ok,
          () => false,
        ),
      );
      expect(datastore.log).toContain('API_TOKEN is not set');
      expect(datastore.log).not.toContain(' started at ');
    } finally {
      await datastore.stop('SIGTERM');
    }
  }, 30_000);
});

describe('the route mapping of a built service at start-up', () => {
  /** What the datastore printed until it answered its ping, with `env` added. */
  async function startLog(env: Record<string, string>): Promise<string> {
    const port = String(await freePort());
    const datastore = new BuiltApp('datastore', { PORT: port, MQTT_URL: testBrokerUrl(), ...env }).start();
    try {
      await waitFor('the datastore to answer its ping', () =>
        fetch(`http://127.0.0.1:${port}/history/datastore/ping`).then(
          (answer) => answer.ok,
          () => false,
        ),
      );
      return datastore.log;
    } finally {
      await datastore.stop('SIGTERM');
    }
  }

  it('is left out at the default level, which keeps the start line', async () => {
    const log = await startLog({});
    expect(log).toContain(' started at ');
    expect(log).not.toMatch(/RouterExplorer|RoutesResolver|Mapped \{/);
  }, 30_000);

  it('is shown, one debug line per route, with LOG_LEVEL=debug', async () => {
    const log = await startLog({ LOG_LEVEL: 'debug' });
    expect(log).toMatch(/DEBUG \[RouterExplorer\] Mapped \{\/history\/datastore\/get, POST\} route/);
    expect(log).toMatch(/DEBUG \[RoutesResolver\] /);
  }, 30_000);
});
