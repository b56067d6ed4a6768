import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DOCKER_DIR } from './deployment-files';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runScript(script: string, env: Record<string, string>): Promise<Run> {
  const child = spawn(process.execPath, [script], { env: { PATH: process.env['PATH'] ?? '', ...env } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

describe('docker/healthcheck.mjs', () => {
  const healthcheck = join(DOCKER_DIR, 'healthcheck.mjs');
  let server: Server;
  let port: string;
  let status: number;
  const asked: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      asked.push(req.url ?? '');
      res.statusCode = status;
      res.end(status === 200 ? '{"ping":"pong"}' : '{"reason":"store unreachable"}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = String((server.address() as AddressInfo).port);
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  beforeEach(() => {
    asked.length = 0;
    status = 200;
  });

  it.each([
    [{ EVENTCAST_APP: 'history' }, '/history/health'],
    [{ EVENTCAST_APP: 'datastore' }, '/history/datastore/health'],
    [{ EVENTCAST_APP: 'controller', SERVICE_ID: 'fermenter' }, '/fermenter/health'],
    [{ EVENTCAST_APP: 'controller' }, '/controller-1/health'],
    [{ EVENTCAST_APP: 'automation' }, '/automation/health'],
  ])('reports healthy when the health route of %j answers 200, asking %s', async (env, path) => {
    const run = await runScript(healthcheck, { ...env, PORT: port });
    expect(asked).toEqual([path]);
    expect(run.code).toBe(0);
  });

  it('asks the health route of each of the four services of one process (EVENTCAST_APP=all)', async () => {
    const ports = { HISTORY_PORT: port, DATASTORE_PORT: port, CONTROLLER_PORT: port, AUTOMATION_PORT: port };
    const run = await runScript(healthcheck, { EVENTCAST_APP: 'all', SERVICE_ID: 'fermenter', ...ports });
    expect(asked.sort()).toEqual([
      '/automation/health',
      '/fermenter/health',
      '/history/datastore/health',
      '/history/health',
    ]);
    expect(run.code).toBe(0);
    status = 503;
    expect((await runScript(healthcheck, { EVENTCAST_APP: 'all', ...ports })).code).toBe(1);
  });

  it('reports unhealthy when the health route answers 503 (a dependency is down)', async () => {
    status = 503;
    const run = await runScript(healthcheck, { EVENTCAST_APP: 'datastore', PORT: port });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('GET /history/datastore/health answered 503');
  });

  it('reports unhealthy when nothing listens', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const freePort = String((closed.address() as AddressInfo).port);
    await new Promise((resolve) => closed.close(resolve));
    const run = await runScript(healthcheck, { EVENTCAST_APP: 'history', PORT: freePort });
    expect(run.code).toBe(1);
  });

  it('reports unhealthy for an app it does not know', async () => {
    const run = await runScript(healthcheck, { EVENTCAST_APP: 'nonsense', PORT: port });
    expect(run.code).toBe(1);
    expect(asked).toEqual([]);
  });
});

describe('docker/start-app.mjs', () => {
  // The script runs ../dist/apps/<app>/main.js from where it lies, as in the image (/app/docker).
  const image = mkdtempSync(join(tmpdir(), 'eventcast-image-'));
  const script = join(image, 'docker', 'start-app.mjs');
  const apps = ['history', 'datastore', 'controller', 'automation'];
  mkdirSync(join(image, 'docker'));
  copyFileSync(join(DOCKER_DIR, 'start-app.mjs'), script);
  copyFileSync(join(DOCKER_DIR, 'one-process.mjs'), join(image, 'docker', 'one-process.mjs'));
  for (const app of apps) {
    mkdirSync(join(image, 'dist', 'apps', app), { recursive: true });
    writeFileSync(
      join(image, 'dist', 'apps', app, 'main.js'),
      `console.log('running ${app}', process.pid === require('process').pid);\n`,
    );
    // Each build's entry.js: its service, and a launch that prints each service's name and the
    // variables PRINT names (null for one it was not given).
    writeFileSync(
      join(image, 'dist', 'apps', app, 'entry.js'),
      `exports.${app} = { name: '${app}' };\n` +
        `exports.launch = (services) => console.log(JSON.stringify(services.map(({ entry, variables }) =>` +
        ` [entry.name, ...process.env.PRINT.split(',').map((name) => variables[name] ?? null)])));\n`,
    );
  }
  /** What the launch of one process (EVENTCAST_APP=all) gives each service of the variables `printed`. */
  const oneProcess = async (printed: string[], env: Record<string, string> = {}) => {
    const run = await runScript(script, { EVENTCAST_APP: 'all', PRINT: printed.join(','), ...env });
    expect(run).toEqual({ code: 0, stdout: expect.any(String), stderr: '' });
    return JSON.parse(run.stdout);
  };

  it.each(apps)('runs dist/apps/%s/main.js in its own process', async (app) => {
    const run = await runScript(script, { EVENTCAST_APP: app });
    expect(run).toEqual({ code: 0, stdout: `running ${app} true\n`, stderr: '' });
  });

  it('runs the four services in one process with EVENTCAST_APP=all, each on its own port, automation beside its datastore and history', async () => {
    expect(await oneProcess(['PORT', 'DATASTORE_URL', 'HISTORY_URL', 'DATA_DIR'], { DATA_DIR: '/data' })).toEqual([
      ['history', '5001', null, null, '/data'],
      ['datastore', '5002', null, null, '/data'],
      ['controller', '5000', 'http://localhost:5002', null, '/data'],
      ['automation', '5003', 'http://localhost:5002', 'http://localhost:5001', '/data'],
    ]);
  });

  it('takes the ports of one process from HISTORY_PORT, DATASTORE_PORT, CONTROLLER_PORT and AUTOMATION_PORT', async () => {
    const ports = { HISTORY_PORT: '6001', DATASTORE_PORT: '6002', CONTROLLER_PORT: '6000', AUTOMATION_PORT: '6003' };
    const env = { ...ports, DATASTORE_URL: 'http://store:6002', HISTORY_URL: 'http://history:6001' };
    expect(await oneProcess(['PORT', 'DATASTORE_URL', 'HISTORY_URL'], env)).toEqual([
      ['history', '6001', 'http://store:6002', 'http://history:6001'],
      ['datastore', '6002', 'http://store:6002', 'http://history:6001'],
      ['controller', '6000', 'http://store:6002', 'http://history:6001'],
      ['automation', '6003', 'http://store:6002', 'http://history:6001'],
    ]);
  });

  it("gives the controller the datastore's token and the automation service the datastore's and history's, the API_TOKEN (or its file) of all unless set", async () => {
    const tokens = (env: Record<string, string>) =>
      oneProcess(
        ['DATASTORE_API_TOKEN', 'DATASTORE_API_TOKEN_FILE', 'HISTORY_API_TOKEN', 'HISTORY_API_TOKEN_FILE'],
        env,
      );
    const token = 'one-token-for-all-0123';
    expect(await tokens({ API_TOKEN: token })).toEqual([
      ['history', null, null, null, null],
      ['datastore', null, null, null, null],
      ['controller', token, null, null, null],
      ['automation', token, null, token, null],
    ]);
    const file = '/run/secrets/api-token';
    expect(await tokens({ API_TOKEN_FILE: file })).toEqual([
      ['history', null, null, null, null],
      ['datastore', null, null, null, null],
      ['controller', null, file, null, null],
      ['automation', null, file, null, file],
    ]);
    expect(await tokens({ API_TOKEN: token, DATASTORE_API_TOKEN_FILE: '/elsewhere' })).toEqual([
      ['history', null, '/elsewhere', null, null],
      ['datastore', null, '/elsewhere', null, null],
      ['controller', null, '/elsewhere', null, null],
      ['automation', null, '/elsewhere', token, null],
    ]);
    expect(await tokens({})).toEqual(apps.map((app) => [app, null, null, null, null]));
  });

  it('refuses to start without a known EVENTCAST_APP, naming the choices', async () => {
    const run = await runScript(script, { EVENTCAST_APP: 'web' });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      'EVENTCAST_APP: must be one of history, datastore, controller, automation or all (got "web")',
    );
  });
});

describe('docker/make-secrets.sh', () => {
  const makeSecrets = (...controllers: string[]) => {
    const dir = join(mkdtempSync(join(tmpdir(), 'eventcast-secrets-')), 'secrets');
    const run = spawnSync('bash', [join(DOCKER_DIR, 'make-secrets.sh'), ...controllers], {
      env: { ...process.env, EVENTCAST_SECRETS: dir },
      encoding: 'utf8',
    });
    return { dir, run };
  };
  const accountsIn = (file: string) =>
    readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((line) => line.split(':')[0]);

  it("keeps the admin account out of the published listener's password file, in one of its own", () => {
    const { dir, run } = makeSecrets('fermenter');
    expect(run.status).toBe(0);
    expect(accountsIn(join(dir, 'mqtt-passwd'))).toEqual([
      'history',
      'datastore',
      'automation',
      'peer',
      'operator',
      'fermenter',
    ]);
    expect(accountsIn(join(dir, 'mqtt-admin-passwd'))).toEqual(['admin']);
    expect(readFileSync(join(dir, 'mqtt-admin'), 'utf8')).toMatch(/^[0-9a-f]{48}$/);
  });

  it.each(['admin', 'operator', 'automation', 'Bad_Name'])(
    'refuses the controller name %s and writes nothing',
    (name) => {
      const { dir, run } = makeSecrets('fermenter', name);
      expect(run.status).toBe(1);
      expect(run.stderr).toMatch(new RegExp(`^make-secrets: '${name}' is (an account of its own|not a service id)`));
      expect(existsSync(dir)).toBe(false);
    },
  );
});
