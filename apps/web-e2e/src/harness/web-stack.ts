import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectAsync } from 'mqtt';
import {
  deleteRedisKeys,
  dropQuestDbTables,
  ProxyProcess,
  ServiceUnderTest,
  testBrokerUrl,
  testRedisUrl,
} from '@eventcast/testing';

/** Where a stack's datastore keeps its documents: its embedded SQLite store, or the shared Redis. */
export type DatastoreStore = 'embedded' | 'redis';

/** What the services of one stack run with. */
export interface WebStackOptions {
  /** `API_TOKEN` of every service; unset: no token asked. */
  apiToken?: string;
  /** More variables of the history service, e.g. `QUESTDB_URL`. */
  historyEnv?: Record<string, string>;
  /** More variables of the controller, e.g. `SIM_FRIDGE` and `SIM_SPEED`. */
  controllerEnv?: Record<string, string>;
  /** The broker of every service; unset: the shared test broker. */
  brokerUrl?: string;
  /** The datastore's store; unset: its embedded SQLite store. */
  datastore?: DatastoreStore;
}

/**
 * The four built services as `npm start` runs them (the real broker, embedded stores in one
 * data folder of their own, the history on QuestDB when `historyEnv` says so, the datastore on the
 * shared Redis when `datastore` says so) behind the same-origin proxy that serves the built web
 * app: what a user's browser talks to.
 */
export class WebStack {
  private constructor(
    readonly history: ServiceUnderTest<'history'>,
    readonly datastore: ServiceUnderTest<'datastore'>,
    readonly controller: ServiceUnderTest<'controller'>,
    readonly automation: ServiceUnderTest<'automation'>,
    readonly proxy: ProxyProcess,
    private readonly dataDir: string,
  ) {}

  /** The broker every service of the stack talks to. */
  get brokerUrl(): string {
    return this.history.env.MQTT_URL;
  }

  /** The page's origin: the app at `/`, the services below their prefixes. */
  get url(): string {
    return this.proxy.url;
  }

  /** Starts the services, then the proxy in front of them. */
  static async start({
    apiToken,
    historyEnv = {},
    controllerEnv = {},
    brokerUrl = testBrokerUrl(),
    datastore: store = 'embedded',
  }: WebStackOptions = {}): Promise<WebStack> {
    const dataDir = mkdtempSync(join(tmpdir(), 'eventcast-web-e2e-'));
    const run = randomBytes(4).toString('hex');
    const common: Record<string, string> = { MQTT_URL: brokerUrl, ...(apiToken ? { API_TOKEN: apiToken } : {}) };
    const started: Array<ServiceUnderTest<'history' | 'datastore' | 'controller' | 'automation'>> = [];
    try {
      const history = await ServiceUnderTest.start('history', {
        ...common,
        ...historyEnv,
        DATA_DIR: join(dataDir, 'history'),
        MQTT_CLIENT_ID: `eventcast-web-e2e-history-${run}`,
        // A table of its own: on the shared broker this service stores every other suite's events,
        // which would stand as duplicates beside what their own history services wrote.
        QUESTDB_TABLE: `web_e2e_${run}`,
      });
      started.push(history);
      const datastore = await ServiceUnderTest.start('datastore', {
        ...common,
        ...(store === 'redis'
          ? // Keys of its own: the documents the pages show under fixed names (svc-global:units,
            // svc-ui-store:quick-actions) would otherwise be every run's on the shared Redis.
            { REDIS_URL: testRedisUrl(), REDIS_KEY_PREFIX: `eventcast-web-e2e-${run}:` }
          : {}),
        DATA_DIR: join(dataDir, 'datastore'),
      });
      started.push(datastore);
      const controller = await ServiceUnderTest.start('controller', {
        ...common,
        ...(apiToken ? { DATASTORE_API_TOKEN: apiToken } : {}),
        ...controllerEnv,
        DATA_DIR: join(dataDir, 'controller'),
        SERVICE_ID: `web-e2e-${run}`,
        DATASTORE_URL: datastore.url,
      });
      started.push(controller);
      const automation = await ServiceUnderTest.start('automation', {
        ...common,
        ...(apiToken ? { DATASTORE_API_TOKEN: apiToken, HISTORY_API_TOKEN: apiToken } : {}),
        DATA_DIR: join(dataDir, 'automation'),
        DATASTORE_URL: datastore.url,
        HISTORY_URL: history.url,
      });
      started.push(automation);
      const proxy = await ProxyProcess.start({
        upstreams: [
          { prefix: '/history/datastore/', target: datastore.url },
          { prefix: '/history/', target: history.url },
          { prefix: '/automation/', target: automation.url },
          { prefix: `/${controller.env.SERVICE_ID}/`, target: controller.url },
        ],
      });
      return new WebStack(history, datastore, controller, automation, proxy, dataDir);
    } catch (error) {
      for (const service of started.reverse()) await service.stop('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
      throw error;
    }
  }

  /**
   * Empties what an earlier suite on this stack could have left for the pages to show: the
   * controller's user blocks (system blocks stay; discovery finds the simulated ones again) and every
   * document of the datastore but the controller's own, which it keeps with its blocks. The history
   * stays: each suite publishes under a key of its own. Resolves with this stack, for a suite's
   * `beforeAll` to take as it starts.
   */
  async reset(): Promise<WebStack> {
    const deleted = await this.controller.client.POST('/blocks/all/delete');
    if (!deleted.response.ok) throw new Error(`could not delete the blocks: ${deleted.response.status}`);
    const { data } = await this.datastore.client.POST('/namespaces', { body: {} });
    for (const { namespace } of data?.namespaces ?? []) {
      if (namespace === `controller-service:${this.controller.env.SERVICE_ID}`) continue;
      const { response } = await this.datastore.client.POST('/mdelete', { body: { namespace, filter: '*' } });
      if (!response.ok) throw new Error(`could not empty the namespace ${namespace}: ${response.status}`);
    }
    return this;
  }

  /**
   * Starts another controller, `serviceId`, beside the stack's, on its broker and datastore and with
   * a data folder of its own, new each time: for a page that shows or acts on several controllers.
   */
  startController(serviceId: string): Promise<ServiceUnderTest<'controller'>> {
    return ServiceUnderTest.start('controller', {
      MQTT_URL: this.brokerUrl,
      SERVICE_ID: serviceId,
      DATASTORE_URL: this.datastore.url,
      DATA_DIR: mkdtempSync(join(this.dataDir, `${serviceId}-`)),
    });
  }

  /**
   * Stops the services (SIGTERM) and starts them again as they ran, on the same ports and data
   * folders, behind the same proxy: an outage of every service, as an update or a power cut of the
   * host brings. `meanwhile` runs once the datastore is up again and before the history service
   * (whose streams the pages follow) is, as for a change the pages cannot hear of as it happens.
   * Resolves with the stack of the new processes, which takes this one's place (stop that one, not
   * this).
   */
  async restart(meanwhile?: (datastore: ServiceUnderTest<'datastore'>) => Promise<void>): Promise<WebStack> {
    for (const service of this.services()) await service.stop();
    const datastore = await ServiceUnderTest.start('datastore', this.datastore.env);
    await meanwhile?.(datastore);
    const history = await ServiceUnderTest.start('history', this.history.env);
    const controller = await ServiceUnderTest.start('controller', this.controller.env);
    const automation = await ServiceUnderTest.start('automation', this.automation.env);
    return new WebStack(history, datastore, controller, automation, this.proxy, this.dataDir);
  }

  /**
   * Stops the proxy and the services, ends the history's broker session and removes their data, the
   * history's QuestDB table and the datastore's Redis keys included.
   */
  async stop(): Promise<void> {
    await this.proxy.stop();
    for (const service of this.services()) await service.stop();
    const { QUESTDB_URL, QUESTDB_TABLE } = this.history.env;
    if (QUESTDB_URL) await dropQuestDbTables(QUESTDB_URL, QUESTDB_TABLE);
    const { REDIS_URL, REDIS_KEY_PREFIX } = this.datastore.env;
    if (REDIS_URL) await deleteRedisKeys(REDIS_URL, REDIS_KEY_PREFIX);
    const session = await connectAsync(this.history.env.MQTT_URL, {
      clientId: this.history.env.MQTT_CLIENT_ID,
      clean: true,
    });
    await session.endAsync();
    rmSync(this.dataDir, { recursive: true, force: true });
  }

  /** The services in the order they stop: each before those it calls. */
  private services(): Array<ServiceUnderTest<'history' | 'datastore' | 'controller' | 'automation'>> {
    return [this.automation, this.controller, this.datastore, this.history];
  }
}
