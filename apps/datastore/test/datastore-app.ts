import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatastoreClient, DatastoreApiClient } from '@eventcast/api-client';
import { startService, StartedService } from '@eventcast/bootstrap';
import { mqttTransportOptions, uniqueClientId } from '@eventcast/messaging';
import { freePort, testBrokerUrl } from '@eventcast/testing';
import { AppModule } from '../src/app/app.module';
import { readDatastoreConfig } from '../src/config/datastore.config';

/** The datastore started in this process, with its typed client. */
export interface DatastoreUnderTest extends StartedService {
  client: DatastoreApiClient;
}

/**
 * The datastore app started in this process as `main.ts` starts it, on a free port, with a data
 * folder of its own and the shared broker unless `env` names others.
 */
export async function startDatastore(env: Record<string, string> = {}): Promise<DatastoreUnderTest> {
  const config = readDatastoreConfig({
    PORT: String(await freePort()),
    DATA_DIR: mkdtempSync(join(tmpdir(), 'datastore-')),
    MQTT_URL: testBrokerUrl(),
    ...env,
  });
  const broker = { url: config.mqttUrl, clientId: uniqueClientId('datastore-test') };
  const started = await startService({
    name: 'datastore',
    module: AppModule.forRoot(config, broker),
    prefix: 'history/datastore',
    port: config.port,
    host: '127.0.0.1',
    mqttUrl: config.mqttUrl,
    transport: mqttTransportOptions(broker),
    api: { title: 'datastore', description: 'test', version: '1' },
  });
  return { ...started, client: createDatastoreClient(`http://127.0.0.1:${config.port}`) };
}
