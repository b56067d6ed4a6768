import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startService, StartedService } from '@eventcast/bootstrap';
import { mqttTransportOptions, uniqueClientId } from '@eventcast/messaging';
import { freePort } from '@eventcast/testing';
import { AppModule } from '../src/app/app.module';
import { readDatastoreConfig } from '../src/config/datastore.config';

/** The datastore app started in this process as `main.ts` starts it, on a free port. */
/** What a datastore route answered. */
export interface JsonAnswer {
  status: number;
  body: { value?: unknown; values?: Array<{ id: string }>; count?: number; message?: string | string[]; ping?: string };
}

export async function startDatastore(env: Record<string, string> = {}): Promise<StartedService & { call: (route: string, body: unknown) => Promise<JsonAnswer> }> {
  const config = readDatastoreConfig({ PORT: String(await freePort()), DATA_DIR: mkdtempSync(join(tmpdir(), 'datastore-')), MQTT_URL: 'mqtt://127.0.0.1:1883', ...env });
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
  const base = `http://127.0.0.1:${config.port}/history/datastore`;
  const call = async (route: string, body: unknown): Promise<JsonAnswer> => {
    const response = await fetch(`${base}/${route}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as JsonAnswer['body'] };
  };
  return { ...started, call };
}
