import { ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  freeStartPorts,
  inheritedServiceEnvironment,
  isListening,
  StartPorts,
  startEnvironment,
  untilStartConnected,
  waitFor,
  websocketUpgrade,
} from '@eventcast/testing';

const WORKSPACE = resolve(__dirname, '../../..');

/** A new folder holding a copy of npm start's script and the one-process module it imports from docker/. */
function startScriptCopy(prefix: string): string {
  const workspace = mkdtempSync(join(tmpdir(), prefix));
  cpSync(join(WORKSPACE, 'tools/start'), join(workspace, 'tools/start'), { recursive: true });
  cpSync(join(WORKSPACE, 'docker/one-process.mjs'), join(workspace, 'docker/one-process.mjs'));
  return workspace;
}

/** Whether a process with this id exists. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The ids of every process below `pid`: its children, theirs, and so on. */
function descendants(pid: number): number[] {
  const table = execFileSync('ps', ['-e', '-o', 'pid=,ppid='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number));
  const found: number[] = [];
  for (let parents = [pid]; parents.length > 0;) {
    parents = table.filter(([, ppid]) => parents.includes(ppid)).map(([child]) => child);
    found.push(...parents);
  }
  return found;
}

/** `npm start` (the npm program, as a user or a process manager runs it) on the given ports. */
class NpmStart {
  output = '';
  /** The processes it started: start.mjs, then each service as its Nest lines name it. */
  readonly pids = new Set<number>();
  private readonly exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  private constructor(readonly npm: ChildProcess) {
    npm.stdout?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    npm.stderr?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    this.exit = new Promise((done) => npm.once('exit', (code, signal) => done({ code, signal })));
  }

  static async start(ports: StartPorts, dataDir: string, options: string[] = []): Promise<NpmStart> {
    const start = new NpmStart(
      spawn('npm', ['start', '--', '--no-build', ...options], {
        cwd: WORKSPACE,
        env: { ...startEnvironment(ports, dataDir), SERVICE_ID: 'start-test' },
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    );
    // --no-build: Nx built dist/apps before this suite, and a build here would write dist/apps again
    // while other suites run services from it (README.md, "Three commands").
    const ended = start.exit.then(({ code, signal }) => code ?? signal);
    await untilStartConnected(() => start.output, ended, 240_000);
    for (const pid of descendants(start.npm.pid ?? 0)) start.pids.add(pid);
    for (const [, pid] of start.output.matchAll(/^\[\w+\] +\[Nest\] (\d+) /gm)) start.pids.add(Number(pid));
    return start;
  }

  /** Sends `signal` to npm's pid only, not to its process group, and resolves with how npm ended. */
  async signal(signal: NodeJS.Signals) {
    this.npm.kill(signal);
    return Promise.race([
      this.exit,
      new Promise((_, fail) => setTimeout(() => fail(new Error(`npm did not end within 20 s of ${signal}`)), 20_000)),
    ]);
  }

  /** Ends whatever is left of this start (npm, start.mjs, services), should a test have failed half-way. */
  kill(): void {
    for (const pid of [this.npm.pid, ...this.pids]) if (pid && alive(pid)) process.kill(pid, 'SIGKILL');
  }
}

describe('npm start', () => {
  let ports: StartPorts;
  const dataDir = mkdtempSync(join(tmpdir(), 'eventcast-start-'));
  const started: NpmStart[] = [];
  let first: NpmStart;
  let web: string;

  beforeAll(async () => {
    ports = await freeStartPorts();
    web = `http://127.0.0.1:${ports.web}`;
    first = await NpmStart.start(ports, dataDir);
    started.push(first);
  }, 250_000);

  afterAll(() => {
    for (const start of started) start.kill();
  });

  it('says that security is off when no API_TOKEN is set', () => {
    expect(first.output).toContain('eventcast: security off: no API_TOKEN');
  });

  it('says which broker and stores it uses, where the web app and each API page are, and how to stop it', () => {
    const { output } = first;
    expect(output).toContain(
      `eventcast: broker mqtt://localhost:${ports.broker} (embedded aedes broker, in this process)`,
    );
    expect(output).toContain(`eventcast: web app     http://localhost:${ports.web}/  (`);
    expect(output).toMatch(
      new RegExp(
        `history +http://localhost:${ports.web}/history/api/doc +\\(port ${ports.history}, embedded DuckDB in `,
      ),
    );
    expect(output).toMatch(
      new RegExp(
        `datastore +http://localhost:${ports.web}/history/datastore/api/doc +\\(port ${ports.datastore}, embedded SQLite in `,
      ),
    );
    expect(output).toMatch(
      new RegExp(
        `controller +http://localhost:${ports.web}/start-test/api/doc +\\(port ${ports.controller}, simulated device in a fridge in `,
      ),
    );
    expect(output).toMatch(
      new RegExp(
        `automation +http://localhost:${ports.web}/automation/api/doc +\\(port ${ports.automation}, outbox and incidents in `,
      ),
    );
    expect(output).toContain(`eventcast: Ctrl-C, or SIGTERM to pid ${first.npm.pid}, stops everything`);
  });

  it("prints the banner and the services' own lines: none of Nest's start-up lines, no warning beside the banner's", () => {
    expect(first.output).not.toMatch(
      /\[(InstanceLoader|NestFactory|NestApplication|NestMicroservice|RoutesResolver)\]/,
    );
    expect(first.output.match(/API_TOKEN is not set/g) ?? []).toHaveLength(0);
    expect(first.output.match(/^eventcast: security off: no API_TOKEN/gm)).toHaveLength(1);
  });

  it('runs all four services, each log line behind its name, without their route-mapping lines', async () => {
    for (const [port, ping] of [
      [ports.history, 'history/timeseries/ping'],
      [ports.datastore, 'history/datastore/ping'],
      [ports.controller, 'start-test/ping'],
      [ports.automation, 'automation/ping'],
    ] as const) {
      expect(await (await fetch(`http://127.0.0.1:${port}/${ping}`)).json()).toEqual({ ping: 'pong' });
    }
    expect(first.output).toMatch(/^\[history\] +.* history started at /m);
    expect(first.output).toMatch(/^\[datastore\] +.* datastore started at /m);
    expect(first.output).toMatch(/^\[controller\] +.* controller start-test started at /m);
    expect(first.output).toMatch(/^\[automation\] +.* automation started at /m);
    expect(first.output).not.toMatch(/Mapped \{/);
  });

  it("serves every service's paths on the proxy's port, the history stream's WebSocket upgrade included", async () => {
    for (const ping of ['history/timeseries/ping', 'history/datastore/ping', 'start-test/ping', 'automation/ping']) {
      const answer = await fetch(`${web}/${ping}`);
      expect({ ping, status: answer.status }).toEqual({ ping, status: 200 });
      expect(await answer.json()).toEqual({ ping: 'pong' });
    }
    expect(await websocketUpgrade(`${web}/history/timeseries/stream`)).toBe('open');
    expect(await (await fetch(`${web}/healthz`)).text()).toBe('ok\n');
  });

  it('serves the built web app at /, and its index.html for its own routes', async () => {
    const index = readFileSync(join(WORKSPACE, 'dist/apps/web/index.html'), 'utf8');
    for (const path of ['/', '/some/route/of/the/app']) {
      const answer = await fetch(`${web}${path}`);
      expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await answer.text()).toBe(index);
    }
  });

  it("lets the history API page's Try it out reach the datastore through the proxy", async () => {
    const page = await fetch(`${web}/history/api/doc`);
    expect(page.status).toBe(200);
    const documentUrl = `${web}/history/api/doc-json`;
    const document = (await (await fetch(documentUrl)).json()) as {
      servers?: Array<{ url: string }>;
      paths: Record<string, Record<string, { operationId?: string; servers?: Array<{ url: string }> }>>;
    };
    const [path, item] = Object.entries(document.paths).find(
      ([, operations]) => operations.post?.operationId === 'datastore_DocumentsController_get',
    ) ?? ['', {}];
    expect(path).toBe('/history/datastore/get');
    // As Swagger UI does: the operation's server, else the document's, else the document's own origin.
    const server = item.post?.servers?.[0]?.url ?? document.servers?.[0]?.url ?? '/';
    const tryItOut = new URL(`${server.replace(/\/$/, '')}${path}`, documentUrl);
    const answer = await fetch(tryItOut, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ namespace: 'start-test', id: 'try-it-out' }),
    });
    expect({ url: tryItOut.href, status: answer.status }).toEqual({ url: `${web}/history/datastore/get`, status: 200 });
    expect(await answer.json()).toEqual({ value: null });
  });

  it("leaves the datastore's routes off the history API page on the history service's own port", async () => {
    const document = (await (await fetch(`http://127.0.0.1:${ports.history}/history/api/doc-json`)).json()) as {
      info: { description: string };
      paths: Record<string, unknown>;
    };
    expect(Object.keys(document.paths).filter((path) => path.startsWith('/history/datastore/'))).toEqual([]);
    expect(document.paths).toHaveProperty('/history/timeseries/ranges');
    expect(document.info.description).toContain('reach this page through the proxy');
    // The page itself reads its document from this script, on either port.
    const pageScript = async (origin: string) => (await fetch(`${origin}/history/api/doc/swagger-ui-init.js`)).text();
    expect(await pageScript(`http://127.0.0.1:${ports.history}`)).not.toContain('/history/datastore/get');
    expect(await pageScript(web)).toContain('/history/datastore/get');
  });

  it("stops every service, the proxy and the broker on SIGTERM to npm's pid, freeing every port", async () => {
    await expect(first.signal('SIGTERM')).resolves.toEqual({ code: 0, signal: null });
    for (const [name, port] of Object.entries(ports))
      expect({ name, listening: await isListening(port) }).toEqual({ name, listening: false });
    expect(first.pids.size).toBe(5);
    for (const pid of first.pids) expect({ pid, alive: alive(pid) }).toEqual({ pid, alive: false });
    expect(first.output).toContain('eventcast: stopping (SIGTERM)');
    expect(first.output).toContain('eventcast: stopped');
  });

  it("starts again on the same ports, and stops on SIGINT to npm's pid", async () => {
    const second = await NpmStart.start(ports, dataDir);
    started.push(second);
    expect(await (await fetch(`${web}/history/datastore/ping`)).json()).toEqual({ ping: 'pong' });
    await expect(second.signal('SIGINT')).resolves.toEqual({ code: 0, signal: null });
    for (const [name, port] of Object.entries(ports))
      expect({ name, listening: await isListening(port) }).toEqual({ name, listening: false });
    for (const pid of second.pids) expect({ pid, alive: alive(pid) }).toEqual({ pid, alive: false });
    expect(second.output).toContain('eventcast: stopped');
    expect(second.output).not.toMatch(/ERR_STREAM_WRITE_AFTER_END|^.*\s+at .+:\d+:\d+\)?$/m);
  }, 250_000);

  it('stops everything when npm itself is killed (SIGKILL), which passes no signal on', async () => {
    const third = await NpmStart.start(ports, dataDir);
    started.push(third);
    third.npm.kill('SIGKILL');
    await waitFor(
      'every port to be free and every process of npm start to end',
      async () => {
        for (const port of Object.values(ports)) if (await isListening(port)) return false;
        return [...third.pids].every((pid) => !alive(pid));
      },
      20_000,
    );
    expect(third.output).toContain('eventcast: stopping (npm start ended)');
  }, 250_000);
});

describe('npm start -- --one-process', () => {
  let ports: StartPorts;
  let start: NpmStart;

  beforeAll(async () => {
    ports = await freeStartPorts();
    start = await NpmStart.start(ports, mkdtempSync(join(tmpdir(), 'eventcast-start-one-')), ['--one-process']);
  }, 250_000);

  afterAll(() => start?.kill());

  it("runs the four services in npm start's own process, on their usual ports and behind the proxy", async () => {
    const [script, ...others] = descendants(start.npm.pid ?? 0).filter((pid) =>
      readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('tools/start/start.mjs'),
    );
    expect(others).toEqual([]);
    expect(descendants(script)).toEqual([]);
    for (const name of ['history', 'datastore', 'controller start-test', 'automation'])
      expect(start.output).toMatch(new RegExp(`^\\[Nest\\] ${script} .* ${name} started at `, 'm'));
    const web = `http://127.0.0.1:${ports.web}`;
    for (const ping of ['history/timeseries/ping', 'history/datastore/ping', 'start-test/ping', 'automation/ping'])
      expect({ ping, answer: await (await fetch(`${web}/${ping}`)).json() }).toEqual({
        ping,
        answer: { ping: 'pong' },
      });
    expect(await websocketUpgrade(`${web}/history/timeseries/stream`)).toBe('open');
  });

  it("stops the services, the proxy and the broker on SIGTERM to npm's pid", async () => {
    await expect(start.signal('SIGTERM')).resolves.toEqual({ code: 0, signal: null });
    for (const [name, port] of Object.entries(ports))
      expect({ name, listening: await isListening(port) }).toEqual({ name, listening: false });
    for (const pid of start.pids) expect({ pid, alive: alive(pid) }).toEqual({ pid, alive: false });
    expect(start.output).toContain('history, datastore, controller start-test, automation stopped');
  });
});

describe('npm start -- --one-process, whose services cannot start', () => {
  it('closes those it started, stops the proxy and the broker, and exits with 1', async () => {
    const ports = await freeStartPorts();
    // The controller's port taken: the process cannot start that service.
    const taken = createServer();
    await new Promise<void>((listening) => taken.listen(ports.controller, listening));
    try {
      const result = spawnSync(process.execPath, ['tools/start/start.mjs', '--no-build', '--one-process'], {
        cwd: WORKSPACE,
        env: startEnvironment(ports, mkdtempSync(join(tmpdir(), 'eventcast-start-one-ends-'))),
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(result.stderr).toMatch(
        /^eventcast: controller [\w-]+ could not start: .*EADDRINUSE.*; stopping the proxy and the broker$/m,
      );
      expect(result.stdout).toContain('history, datastore stopped');
      expect(result.stderr).not.toContain('other services');
      expect(result.status).toBe(1);
      for (const [name, port] of Object.entries(ports).filter(([name]) => name !== 'controller'))
        expect({ name, listening: await isListening(port) }).toEqual({ name, listening: false });
    } finally {
      taken.close();
    }
  }, 90_000);
});

describe('npm start --no-build', () => {
  it('names the apps dist/apps holds no build of, and starts nothing', () => {
    const workspace = startScriptCopy('eventcast-unbuilt-');
    symlinkSync(join(WORKSPACE, 'node_modules'), join(workspace, 'node_modules'));
    const result = spawnSync(process.execPath, [join(workspace, 'tools/start/start.mjs'), '--no-build'], {
      env: { ...inheritedServiceEnvironment(), DATA_DIR: join(workspace, 'data') },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.stderr).toContain(
      'eventcast: --no-build, and dist/apps holds no build of history, datastore, controller, automation; nothing was started',
    );
    expect(result.status).toBe(1);
  });
});

describe('npm start with a variable the services refuse', () => {
  it.each([[[]], [['--one-process']]])(
    'names the variable and prints nothing as running (options %j)',
    async (options: string[]) => {
      const ports = await freeStartPorts();
      const result = spawnSync(process.execPath, ['tools/start/start.mjs', '--no-build', ...options], {
        cwd: WORKSPACE,
        env: {
          ...startEnvironment(ports, mkdtempSync(join(tmpdir(), 'eventcast-start-bad-'))),
          API_TOKEN: 'too-short',
        },
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(result.stderr).toContain(
        'eventcast: nothing was started: API_TOKEN: must be at least 16 printable characters without spaces (9 characters)',
      );
      expect(result.stdout).not.toMatch(/web app|security|Ctrl-C|started at/);
      expect(result.stderr).not.toContain('stopping');
      expect(result.status).toBe(1);
      for (const [name, port] of Object.entries(ports))
        expect({ name, listening: await isListening(port) }).toEqual({ name, listening: false });
    },
  );
});

describe('npm start with a current build, stopped by Ctrl-C in its terminal', () => {
  // What Nx prints when it takes every build from its cache (Nx 23, --outputStyle=static), and when
  // it builds one: npm start runs it through a stand-in of the Nx program that prints this, in a
  // copy of tools/start beside the real dist/apps, so that no build rewrites dist/apps while other
  // suites run services from it.
  const NX_CURRENT = [
    '',
    ' NX   Running target build for 4 projects:',
    '',
    '- history',
    '',
    '> nx run web:build  [local cache]',
    '',
    'The `@nx/vite:build` executor is deprecated and will be removed in Nx v24.',
    'vite v8.3.8 building client environment for production...',
    '✓ built in 209ms',
    '',
    '> nx run history:build  [existing outputs match the cache, left as is]',
    '',
    'built history -> dist/apps/history/main.js',
    '',
    ' NX   Successfully ran target build for 4 projects',
    '',
    'Nx read the output from the cache instead of running the command for 4 out of 4 tasks.',
  ];
  const NX_BUILDING = [
    ...NX_CURRENT.slice(0, 5),
    '> nx run controller:build',
    'built controller -> dist/apps/controller/main.js',
  ];

  /** A workspace whose Nx prints `lines`, with the real build and packages. */
  function workspaceWithNx(lines: string[]): string {
    const workspace = startScriptCopy('eventcast-current-build-');
    symlinkSync(join(WORKSPACE, 'dist'), join(workspace, 'dist'));
    mkdirSync(join(workspace, 'node_modules/nx/bin'), { recursive: true });
    symlinkSync(join(WORKSPACE, 'node_modules/aedes'), join(workspace, 'node_modules/aedes'));
    writeFileSync(
      join(workspace, 'node_modules/nx/package.json'),
      JSON.stringify({ name: 'nx', bin: { nx: 'bin/nx.js' } }),
    );
    writeFileSync(join(workspace, 'node_modules/nx/bin/nx.js'), `console.log(${JSON.stringify(lines.join('\n'))});\n`);
    return workspace;
  }

  /** Runs npm start's script in `workspace`, in a process group of its own as a terminal runs it, until its services are connected. */
  async function startIn(workspace: string) {
    const ports = await freeStartPorts();
    const child = spawn(process.execPath, [join(workspace, 'tools/start/start.mjs')], {
      cwd: workspace,
      env: startEnvironment(ports, join(workspace, 'data')),
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exit = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
    await untilStartConnected(() => output, exit, 90_000);
    return {
      output: () => output,
      /** Ctrl-C in a terminal: SIGINT to every process of the group. */
      interrupt: async () => {
        process.kill(-(child.pid ?? 0), 'SIGINT');
        return exit;
      },
      kill: () => child.exitCode === null && process.kill(-(child.pid ?? 0), 'SIGKILL'),
    };
  }

  it("prints the banner and the services' own lines: no Nx, Vite or Nest start-up lines, and stops without a stack trace", async () => {
    const start = await startIn(workspaceWithNx(NX_CURRENT));
    try {
      const started = start.output();
      expect(started).not.toMatch(/NX|nx run|vite|deprecated|built |InstanceLoader/);
      expect(started).toMatch(/^eventcast: web app +http:/m);
      expect(started.match(/API_TOKEN is not set/g) ?? []).toHaveLength(0);
      await expect(start.interrupt()).resolves.toBe(0);
      expect(start.output()).toContain('eventcast: stopped');
      expect(start.output()).not.toMatch(/ERR_STREAM_WRITE_AFTER_END|^.*\s+at .+:\d+:\d+\)?$/m);
    } finally {
      start.kill();
    }
  }, 120_000);

  it("shows Nx's output once it builds something", async () => {
    const start = await startIn(workspaceWithNx(NX_BUILDING));
    try {
      expect(start.output()).toContain(
        'eventcast: building (Nx reuses what is up to date)\n\n NX   Running target build for 4 projects:',
      );
      expect(start.output()).toContain('> nx run controller:build\nbuilt controller -> dist/apps/controller/main.js\n');
    } finally {
      start.kill();
    }
  }, 120_000);
});
