import {
  createAutomationClient,
  createControllerClient,
  createDatastoreClient,
  createHistoryClient,
} from '@eventcast/api-client';
import { BuiltApp } from './built-app';
import { freePort } from './free-port';
import { testBrokerUrl } from './test-infrastructure';
import { waitFor } from './wait-for';

/** Each app's typed client, sending the app's `API_TOKEN` when it has one. */
const clientOf = {
  history: (baseUrl: string, env: Record<string, string>) => createHistoryClient(baseUrl, { token: env.API_TOKEN }),
  datastore: (baseUrl: string, env: Record<string, string>) => createDatastoreClient(baseUrl, { token: env.API_TOKEN }),
  controller: (baseUrl: string, env: Record<string, string>) =>
    createControllerClient(baseUrl, env.SERVICE_ID, { token: env.API_TOKEN }),
  automation: (baseUrl: string, env: Record<string, string>) =>
    createAutomationClient(baseUrl, { token: env.API_TOKEN }),
};

/** An app with a typed client: `history`, `datastore`, `controller` or `automation`. */
export type ServiceName = keyof typeof clientOf;

/**
 * A built app (`dist/apps/<app>/main.js`) run as a process of its own, as a user runs it, once it
 * is connected to its broker, with the typed `@eventcast/api-client` of that app.
 */
export class ServiceUnderTest<App extends ServiceName> {
  /** The app's REST API, typed from its OpenAPI document. */
  readonly client: ReturnType<(typeof clientOf)[App]>;

  private constructor(
    readonly app: App,
    private readonly process: BuiltApp,
  ) {
    this.client = clientOf[app](this.url, this.env) as ReturnType<(typeof clientOf)[App]>;
  }

  /**
   * Starts the app on a free port, with a data folder of its own and the shared broker, unless
   * `env` names them (PORT and DATA_DIR to start it again where it was), and waits until it is
   * connected to the broker.
   */
  static async start<App extends ServiceName>(
    app: App,
    env: Record<string, string> = {},
  ): Promise<ServiceUnderTest<App>> {
    const settings = {
      PORT: String(await freePort()),
      MQTT_URL: testBrokerUrl(),
      ...env,
    };
    const service = new ServiceUnderTest(app, new BuiltApp(app, settings).start());
    await waitFor(
      `${app} to connect to its broker`,
      // The log masks a password of the URL, so the line is matched up to the scheme.
      () => / connected to [a-z]+:\/\//.test(service.log),
      30_000,
    ).catch(async (error: Error) => {
      await service.stop('SIGKILL');
      throw new Error(`${error.message}; it printed:\n${service.log.slice(-2000)}`);
    });
    return service;
  }

  /** PORT, DATA_DIR and MQTT_URL, and the other variables it was started with. */
  get env(): Record<string, string> {
    return this.process.env;
  }

  /** Its process id while it runs. */
  get pid(): number | undefined {
    return this.process.pid;
  }

  /** What it printed so far. */
  get log(): string {
    return this.process.log;
  }

  /** `http://127.0.0.1:<port>`, below which its routes answer. */
  get url(): string {
    return `http://127.0.0.1:${this.env.PORT}`;
  }

  /** Sends `signal` (SIGTERM: a clean stop; SIGKILL: a crash) and resolves with how the process ended. */
  stop(signal: NodeJS.Signals = 'SIGTERM') {
    return this.process.stop(signal);
  }

  /** Resolves with how the process ended, whenever it does. */
  exited() {
    return this.process.exited();
  }
}
