import { ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { freePort } from './free-port';
import { waitFor } from './wait-for';

const WORKSPACE = resolve(__dirname, '../../../..');

/** Where a path prefix of the one origin (starting and ending with `/`) is sent, as `tools/start/proxy.mjs` takes it. */
export interface Upstream {
  prefix: string;
  target: string;
}

/** What `startProxy` takes; the port defaults to a free one, the host to loopback, the files to the built web app. */
export interface ProxyOptions {
  upstreams: Upstream[];
  port?: number;
  host?: string;
  webRoot?: string;
}

// The proxy module is ESM and Jest runs the specs as CommonJS, so it runs in a Node process of its
// own, which also keeps it apart from the test as `npm start` keeps it apart from the services.
const PROXY_SCRIPT = `
const { startProxy } = await import(process.env.PROXY_MODULE);
const proxy = await startProxy(JSON.parse(process.env.PROXY_OPTIONS));
console.log('proxy listening on ' + proxy.url);
process.on('SIGTERM', () => proxy.close().finally(() => process.exit(0)));
`;

/**
 * The same-origin proxy of `npm start` (`tools/start/proxy.mjs`) serving the built app
 * (`dist/apps/web`) and sending each API prefix to its service.
 */
export class ProxyProcess {
  private constructor(
    private readonly child: ChildProcess,
    private readonly exited: Promise<void>,
    /** The origin the page is opened at, e.g. `http://127.0.0.1:41234`. */
    readonly url: string,
  ) {}

  /** Starts the proxy and waits until it listens; fails with what it printed when it ends instead. */
  static async start({
    upstreams,
    port,
    host = '127.0.0.1',
    webRoot = resolve(WORKSPACE, 'dist/apps/web'),
  }: ProxyOptions): Promise<ProxyProcess> {
    const options = { port: port ?? (await freePort()), host, webRoot, upstreams };
    const child = spawn(process.execPath, ['--input-type=module', '-e', PROXY_SCRIPT], {
      cwd: WORKSPACE,
      env: {
        ...process.env,
        PROXY_MODULE: pathToFileURL(resolve(WORKSPACE, 'tools/start/proxy.mjs')).href,
        PROXY_OPTIONS: JSON.stringify(options),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    const url = await waitFor(
      'the proxy to listen',
      () => child.exitCode !== null || /proxy listening on (\S+)/.exec(output)?.[1],
      15_000,
    ).catch((error: Error) => {
      child.kill('SIGKILL');
      throw new Error(`${error.message}\n${output}`);
    });
    if (url === true) throw new Error(`the proxy ended: ${output}`);
    return new ProxyProcess(child, exited, url.replace(/\/+$/, ''));
  }

  /**
   * Freezes the proxy's process (SIGSTOP): its connections stay open but carry nothing, as over a
   * network path that died without a close; `resume` lets it go on.
   */
  freeze(): void {
    this.child.kill('SIGSTOP');
  }

  resume(): void {
    this.child.kill('SIGCONT');
  }

  /** Stops the proxy and resolves once its process has ended. */
  async stop(): Promise<void> {
    this.resume();
    if (this.child.exitCode === null) this.child.kill('SIGTERM');
    await this.exited;
  }
}
