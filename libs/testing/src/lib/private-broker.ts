import { ServerProcess } from './server-process';

/**
 * A Mosquitto broker of a test's own on a free loopback port, so the test can stop and restart it
 * to play an outage, or keep retained messages and sessions apart from other tests.
 */
export class PrivateBroker {
  private constructor(private readonly server: ServerProcess) {}

  /**
   * A broker that is started and accepts connections. Given a `sessionsDir`, it keeps the sessions
   * of its clients there across a `shutdown()` and restart, with their subscriptions and queued messages.
   */
  static async start(sessionsDir?: string): Promise<PrivateBroker> {
    return (await PrivateBroker.reserve(sessionsDir)).restart();
  }

  /**
   * A started broker run with the configuration `config` gives for its port (written to
   * `dir/mosquitto.conf`): to test a configuration of the deployment's.
   */
  static async startConfigured(dir: string, config: (port: number) => string): Promise<PrivateBroker> {
    return new PrivateBroker(await ServerProcess.configuredMosquitto(dir, config)).restart();
  }

  /** A broker with its port chosen but not started yet: a service started against it finds it down. */
  static async reserve(sessionsDir?: string): Promise<PrivateBroker> {
    return new PrivateBroker(await ServerProcess.mosquitto(sessionsDir));
  }

  /** `mqtt://127.0.0.1:<port>`, the same across stops and restarts. */
  get url(): string {
    return this.server.url;
  }

  get port(): number {
    return this.server.port;
  }

  /** Starts it (again) on the same port and resolves once it accepts connections. */
  async restart(): Promise<this> {
    await this.server.start();
    return this;
  }

  /** Kills it, as a crashed broker goes: clients see their connection drop. */
  stop(): Promise<void> {
    return this.server.stop();
  }

  /** Stops it cleanly (SIGTERM), as for maintenance: it closes every connection and saves the sessions it keeps. */
  shutdown(): Promise<void> {
    return this.server.stop('SIGTERM');
  }
}
