// npm start: builds if needed, chooses the broker, and runs history, datastore and controller on
// this machine (embedded stores unless QUESTDB_URL / REDIS_URL say otherwise). Ctrl-C stops all.
import { resolve } from 'node:path';
import { chooseBroker } from './broker.mjs';
import { buildApps } from './build.mjs';
import { ServiceProcesses } from './children.mjs';
import { describeServices } from './services.mjs';
import { readSettings } from './settings.mjs';
import { untilAnswers } from './tcp.mjs';

const workspace = resolve(import.meta.dirname, '../..');

let settings;
try {
  settings = readSettings(process.env, workspace);
} catch (error) {
  giveUp(error.message);
}
console.log('eventcast: building (Nx reuses what is up to date)');
try {
  buildApps(workspace);
} catch (error) {
  giveUp(`the build failed (${error.message}); nothing was started`);
}
const broker = await chooseBroker({ mqttUrl: settings.mqttUrl, port: settings.brokerPort }).catch((error) =>
  giveUp(`could not start the embedded broker on port ${settings.brokerPort} (${error.message})`),
);

const services = describeServices(settings, broker.url, workspace, broker.mqttVersion);
printPlan(broker, services);
let stopping;
const processes = new ServiceProcesses({
  names: services.map(({ name }) => name),
  onUnexpectedExit: () => {
    console.error('eventcast: stopping the other services');
    stop(1);
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (!stopping) console.log(`eventcast: stopping (${signal})`);
    stop(0);
  });
}
for (const service of services) {
  if (service.startsAfterPort) {
    await untilAnswers(service.startsAfterPort, { timeoutMs: 30_000, gaveUp: () => Boolean(stopping) });
  }
  if (stopping) break;
  processes.start({ ...service, cwd: workspace });
}

/** Stops the services, then the embedded broker if there is one, and exits; once, whoever asks. */
function stop(exitCode) {
  stopping ??= (async () => {
    await processes.stopAll();
    await broker.close();
    console.log('eventcast: stopped');
    process.exit(exitCode);
  })();
}

/** Prints why npm start cannot go on, and exits with 1. */
/** @returns {never} */
function giveUp(message) {
  console.error(`eventcast: ${message}`);
  process.exit(1);
}

function printPlan(broker, services) {
  const width = Math.max(...services.map(({ name }) => name.length));
  console.log(`eventcast: broker ${broker.description}`);
  for (const { name, apiPage, store } of services) {
    console.log(`eventcast: ${name.padEnd(width)}  ${apiPage}  (${store})`);
  }
  console.log(
    process.env.API_TOKEN || process.env.API_TOKEN_FILE
      ? 'eventcast: security: every route but ping, health and metrics needs the API_TOKEN'
      : 'eventcast: security off: no API_TOKEN, so anyone who reaches these ports may call every route (docs/security.md)',
  );
  console.log('eventcast: Ctrl-C stops everything');
}
