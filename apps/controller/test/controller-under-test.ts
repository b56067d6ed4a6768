import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ControllerApiClient, createControllerClient } from '@eventcast/api-client';
import { startService, StartedService } from '@eventcast/bootstrap';
import { EventPublisher } from '@eventcast/messaging';
import { freePort, RouteAnswer, sendRaw, stoppedAtFileEnd, waitFor } from '@eventcast/testing';
import { readControllerConfig } from '../src/config/controller.config';
import { controllerService } from '../src/controller-service';

/** An address where no datastore answers (port 9, discard). */
export const NO_DATASTORE_URL = 'http://127.0.0.1:9';

const running = stoppedAtFileEnd<ControllerUnderTest>();

/**
 * The controller service started in this process as `main.ts` starts it, on a free port, with a
 * data folder of its own that outlives a `stop`, so a restart finds the same device file.
 */
export class ControllerUnderTest {
  /** Its REST API below `/<SERVICE_ID>`, typed from its OpenAPI document. */
  readonly client: ControllerApiClient;
  private started?: StartedService;

  constructor(readonly env: Record<string, string>) {
    this.client = createControllerClient(`http://127.0.0.1:${env.PORT}`, env.SERVICE_ID);
  }

  static async create(env: Record<string, string>): Promise<ControllerUnderTest> {
    return new ControllerUnderTest({
      PORT: String(await freePort()),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'eventcast-controller-test-')),
      BROADCAST_INTERVAL_MS: '200',
      ...env,
    });
  }

  /**
   * Starts a controller without a datastore (nothing answers at its DATASTORE_URL) on `brokerUrl`:
   * the block API works from the device alone.
   */
  static async startWithoutDatastore(serviceId: string, brokerUrl: string): Promise<ControllerUnderTest> {
    const controller = await ControllerUnderTest.create({
      SERVICE_ID: serviceId,
      MQTT_URL: brokerUrl,
      DATASTORE_URL: NO_DATASTORE_URL,
    });
    return controller.start();
  }

  get serviceId(): string {
    return this.env.SERVICE_ID;
  }

  get url(): string {
    return `http://127.0.0.1:${this.env.PORT}/${this.serviceId}`;
  }

  get app() {
    if (this.started === undefined) throw new Error('the controller is not running');
    return this.started.app;
  }

  /** Starts the service and waits until it is subscribed and can publish. */
  async start(): Promise<this> {
    this.started = await startService({ ...controllerService(readControllerConfig(this.env)), host: '127.0.0.1' });
    running.add(this);
    await this.started.subscribed;
    await waitFor('the controller to connect its publisher', () => this.app.get(EventPublisher).connected);
    return this;
  }

  /** Stops it as SIGTERM does. */
  async stop(): Promise<void> {
    await this.started?.app.close();
    this.started = undefined;
    running.delete(this);
  }

  /**
   * POSTs `body` (none when undefined) to `/<service id>/<route>` as it is, for the bodies the typed
   * `client` cannot send: other fields than a route takes, values of the wrong type.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests check these answers with toEqual and toMatchObject
  call<T = any>(route: string, body?: unknown): Promise<RouteAnswer<T>> {
    return sendRaw<T>(`${this.url}/${route}`, body);
  }
}
