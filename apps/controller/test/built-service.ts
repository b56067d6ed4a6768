import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BuiltApp, freePort, waitFor } from '@eventcast/testing';

/**
 * A built app run as a process of its own and connected to its broker: the datastore and history
 * services beside the controller under test, or a controller to kill.
 */
export class BuiltService {
  private constructor(private readonly process: BuiltApp) {}

  /**
   * Starts `dist/apps/<app>/main.js` and waits until it is connected to the broker: on a free port
   * with a data folder of its own, unless `env` names them (to start it again where it was).
   */
  static async start(app: string, env: Record<string, string>): Promise<BuiltService> {
    const settings = { PORT: String(await freePort()), DATA_DIR: mkdtempSync(join(tmpdir(), `eventcast-${app}-`)), ...env };
    const service = new BuiltService(new BuiltApp(app, settings).start());
    await waitFor(`${app} to connect to its broker`, () => service.log.includes(' connected to mqtt://'), 30_000).catch((error: Error) => {
      throw new Error(`${error.message}; it printed:\n${service.log.slice(-2000)}`);
    });
    return service;
  }

  /** PORT and DATA_DIR, and the other variables it was started with. */
  get env(): Record<string, string> {
    return this.process.env;
  }

  get log(): string {
    return this.process.log;
  }

  get url(): string {
    return `http://127.0.0.1:${this.env.PORT}`;
  }

  /** POSTs a JSON body to `path` below the service's address and returns the parsed answer. */
  async post<T>(path: string, body: unknown): Promise<{ status: number; body: T }> {
    const response = await fetch(`${this.url}/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: response.status, body: (await response.json()) as T };
  }

  /** Sends `signal` (SIGTERM: a clean stop; SIGKILL: a crash) and resolves with how the process ended. */
  stop(signal: NodeJS.Signals = 'SIGTERM') {
    return this.process.stop(signal);
  }
}
