// npm start: builds if needed and runs history, datastore and controller on this machine, with the
// embedded stores unless QUESTDB_URL / REDIS_URL say otherwise. Ctrl-C stops everything.
import { resolve } from 'node:path';
import { chooseBroker } from './broker.mjs';
import { buildApps } from './build.mjs';
import { Services } from './children.mjs';

const workspace = resolve(import.meta.dirname, '../..');
const env = process.env;
// Where a local broker is looked for and the embedded one listens; only tests need another port.
const brokerPort = Number(env.EVENTCAST_BROKER_PORT ?? 1883);
const dataDir = resolve(workspace, env.DATA_DIR ?? 'data');
const serviceId = env.SERVICE_ID || 'controller-1';
const ports = {
  controller: Number(env.CONTROLLER_PORT || 5000),
  history: Number(env.HISTORY_PORT || 5001),
  datastore: Number(env.DATASTORE_PORT || 5002),
};

if (!buildApps(workspace)) {
  console.error('npm start: the build failed; nothing was started');
  process.exit(1);
}

const broker = await chooseBroker({ mqttUrl: env.MQTT_URL, port: brokerPort });
const shared = { MQTT_URL: broker.url, DATA_DIR: dataDir };
const apps = [
  {
    name: 'history',
    env: { PORT: ports.history, QUESTDB_URL: env.QUESTDB_URL ?? '' },
    store: env.QUESTDB_URL ? `QuestDB at ${env.QUESTDB_URL}` : `embedded DuckDB in ${dataDir}`,
    apiPage: `http://localhost:${ports.history}/history/api/doc`,
  },
  {
    name: 'datastore',
    env: { PORT: ports.datastore, REDIS_URL: env.REDIS_URL ?? '' },
    store: env.REDIS_URL ? `Redis at ${env.REDIS_URL}` : `embedded SQLite in ${dataDir}`,
    apiPage: `http://localhost:${ports.datastore}/history/datastore/api/doc`,
  },
  {
    name: 'controller',
    env: { PORT: ports.controller, SERVICE_ID: serviceId, DATASTORE_URL: `http://localhost:${ports.datastore}` },
    store: `simulated device in ${dataDir}`,
    apiPage: `http://localhost:${ports.controller}/${serviceId}/api/doc`,
  },
];

const width = Math.max(...apps.map((app) => app.name.length));
console.log(`eventcast: broker ${broker.description}`);
for (const app of apps) console.log(`eventcast: ${app.name.padEnd(width)}  ${app.apiPage}  (${app.store})`);
console.log('eventcast: Ctrl-C stops everything');

const services = new Services();
let stopping;
const stop = (exitCode) => {
  stopping ??= services
    .stopAll()
    .then(() => broker.close())
    .then(() => {
      console.log('eventcast: stopped');
      process.exit(exitCode);
    });
};
services.onUnexpectedExit = () => stop(1);
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

for (const app of apps) {
  const appEnv = Object.fromEntries(Object.entries({ ...shared, ...app.env }).map(([key, value]) => [key, String(value)]));
  services.start(app.name, resolve(workspace, 'dist/apps', app.name, 'main.js'), appEnv, width);
}
