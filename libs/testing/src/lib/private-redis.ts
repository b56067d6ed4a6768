import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RedisAppendOnlyFile, ServerProcess } from './server-process';

/**
 * A Redis of a test's own on a free loopback port, keeping its data in an append-only file in a
 * temporary folder of its own, so the test can kill it or shut it down and start it again on the
 * same data.
 */
export class PrivateRedis {
  private constructor(
    private readonly server: ServerProcess,
    /** The folder of its append-only file. */
    readonly dir: string,
  ) {}

  /** A Redis that is started and accepts connections, syncing its append-only file as `appendfsync` says. */
  static async start(appendfsync: RedisAppendOnlyFile['appendfsync']): Promise<PrivateRedis> {
    const dir = mkdtempSync(join(tmpdir(), 'eventcast-redis-'));
    return new PrivateRedis(await ServerProcess.redis({ dir, appendfsync }), dir).restart();
  }

  /** `redis://127.0.0.1:<port>`, the same across restarts. */
  get url(): string {
    return this.server.url;
  }

  /** Starts it (again) on the same port and folder; it loads its append-only file first, answering LOADING meanwhile. */
  async restart(): Promise<this> {
    await this.server.start();
    return this;
  }

  /** SIGKILL: Redis dies as in a crash, without writing what it has not written yet. */
  kill(): Promise<void> {
    return this.server.stop('SIGKILL');
  }

  /** The SHUTDOWN command: Redis writes and syncs its append-only file, closes its clients and exits. */
  async shutdown(): Promise<void> {
    const socket = createConnection(this.server.port, '127.0.0.1');
    socket.on('error', () => undefined); // Redis closes the connection without an answer
    socket.end('*1\r\n$8\r\nSHUTDOWN\r\n');
    await this.server.exited();
  }

  /** Kills it and removes its folder. */
  async stop(): Promise<void> {
    await this.kill();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
