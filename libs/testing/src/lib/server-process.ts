import { ChildProcess, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, isListening } from './free-port';
import { waitFor } from './wait-for';

/** How a private Redis keeps its data: an append-only file in `dir`, synced to disk as `appendfsync` says. */
export interface RedisAppendOnlyFile {
  dir: string;
  appendfsync: 'always' | 'everysec' | 'no';
}

/**
 * A real server (Mosquitto, Redis) of a test's own, on a private loopback port, so the test can
 * stop and restart it to play an outage without touching the shared instance.
 */
export class ServerProcess {
  private child?: ChildProcess;
  private exit: Promise<void> = Promise.resolve();

  private constructor(
    readonly name: string,
    readonly port: number,
    private readonly scheme: 'mqtt' | 'redis',
    private readonly command: string,
    private readonly args: string[],
  ) {}

  /** Where clients reach it: `mqtt://127.0.0.1:<port>` or `redis://127.0.0.1:<port>`. */
  get url(): string {
    return `${this.scheme}://127.0.0.1:${this.port}`;
  }

  /**
   * A Mosquitto broker on a free port (`mqtt://127.0.0.1:<port>`); call `start()`. Given a
   * `sessionsDir`, it saves the sessions of its clients there when it stops cleanly (SIGTERM) and
   * loads them again at start.
   */
  static async mosquitto(sessionsDir?: string): Promise<ServerProcess> {
    if (!sessionsDir) {
      const port = await freePort();
      return new ServerProcess('mosquitto', port, 'mqtt', 'mosquitto', ['-p', String(port)]);
    }
    return ServerProcess.configuredMosquitto(sessionsDir, (port) =>
      [
        `listener ${port} 127.0.0.1`,
        'allow_anonymous true',
        'persistence true',
        `persistence_location ${sessionsDir}/`,
        // As the Compose broker: room for what is published to a session while its client is away.
        'max_queued_messages 100000',
        'user root', // as root, Mosquitto would otherwise run as `mosquitto`, which cannot write to sessionsDir
      ].join('\n'),
    );
  }

  /**
   * A Mosquitto broker on a free port, run with the configuration that `config` gives for that port
   * (written to `dir/mosquitto.conf`); call `start()`.
   */
  static async configuredMosquitto(dir: string, config: (port: number) => string): Promise<ServerProcess> {
    const port = await freePort();
    const file = join(dir, 'mosquitto.conf');
    writeFileSync(file, config(port));
    return new ServerProcess('mosquitto', port, 'mqtt', 'mosquitto', ['-c', file]);
  }

  /**
   * A Redis server on a free port; call `start()`. It keeps nothing on disk unless given an
   * append-only file, which it then loads again at every start.
   */
  static async redis(appendOnlyFile?: RedisAppendOnlyFile): Promise<ServerProcess> {
    const port = await freePort();
    const persistence = appendOnlyFile
      ? ['--dir', appendOnlyFile.dir, '--appendonly', 'yes', '--appendfsync', appendOnlyFile.appendfsync]
      : ['--appendonly', 'no'];
    return new ServerProcess('redis-server', port, 'redis', 'redis-server', [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      ...persistence,
    ]);
  }

  /** Starts the server unless it runs already, and resolves once it accepts connections. */
  async start(): Promise<this> {
    if (this.child && this.child.exitCode === null) return this;
    const child = spawn(this.command, this.args, { stdio: 'ignore' });
    child.once('error', (error) => console.error(`${this.name} could not start: ${error.message}`));
    this.exit = new Promise((resolve) => child.once('exit', () => resolve()));
    this.child = child;
    await waitFor(`${this.name} on port ${this.port}`, () => isListening(this.port));
    return this;
  }

  /** Resolves once the server has exited, at once when it does not run. */
  exited(): Promise<void> {
    return this.exit;
  }

  /** Sends `signal` (by default SIGKILL: the server dies as in a crash) and resolves once it has exited. */
  async stop(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null) return;
    child.kill(signal);
    await this.exit;
  }
}
