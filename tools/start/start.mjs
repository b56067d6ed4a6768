// npm start: builds if needed, chooses the broker, and runs history, datastore, controller and
// automation on this machine (embedded stores unless QUESTDB_URL / REDIS_URL say otherwise), with the web app and
// every service behind one same-origin proxy. Ctrl-C, SIGTERM or SIGINT to npm stops all.
import { join, resolve } from 'node:path';
import { brokerUrl, chooseBroker } from './broker.mjs';
import { appsToBuild, buildApps, unbuiltApps } from './build.mjs';
import { ServiceProcesses } from './children.mjs';
import { configurationProblems } from './configuration.mjs';
import { startProxy } from './proxy.mjs';
import { servicesOfOneProcess } from '../../docker/one-process.mjs';
import { describeServices, oneProcessVariables } from './services.mjs';
import { readSettings } from './settings.mjs';
import { untilAnswers } from './tcp.mjs';

const workspace = resolve(import.meta.dirname, '../..');
// Under `npm start`, whose script execs this process, the parent is npm: the pid a process manager
// holds. Read before the build, which can take a minute.
const npmPid = process.env.npm_lifecycle_event === 'start' ? process.ppid : undefined;

let settings;
try {
  settings = readSettings(process.env, workspace);
} catch (error) {
  giveUp(error.message);
}
if (process.argv.includes('--no-build')) {
  const unbuilt = unbuiltApps(workspace, appsToBuild(workspace));
  if (unbuilt.length > 0)
    giveUp(`--no-build, and dist/apps holds no build of ${unbuilt.join(', ')}; nothing was started`);
  console.log('eventcast: not building (--no-build): running what dist/apps holds');
} else {
  console.log('eventcast: building (Nx reuses what is up to date)');
  try {
    await buildApps(workspace, appsToBuild(workspace));
  } catch (error) {
    giveUp(`the build failed (${error.message}); nothing was started`);
  }
}
const problems = configurationProblems(
  describeServices(settings, brokerUrl({ mqttUrl: settings.mqttUrl, port: settings.brokerPort }), workspace),
  workspace,
);
if (problems.length > 0) giveUp(`nothing was started: ${problems.join('; ')}`);
const broker = await chooseBroker({ mqttUrl: settings.mqttUrl, port: settings.brokerPort }).catch((error) =>
  giveUp(`could not start the embedded broker on port ${settings.brokerPort} (${error.message})`),
);

const services = describeServices(settings, broker.url, workspace, broker.mqttVersion);
const webRoot = join(workspace, 'dist', 'apps', 'web');
const proxy = await startProxy({
  port: settings.ports.web,
  // Where the services listen too: every interface.
  host: '0.0.0.0',
  webRoot,
  upstreams: services.map(({ prefix, port }) => ({ prefix, target: `http://127.0.0.1:${port}` })),
}).catch(async (error) => {
  await broker.close();
  giveUp(`could not start the proxy on port ${settings.ports.web} (${error.message}); nothing was started`);
});
printPlan(broker, services, proxy.url);
let stopping;
const inOneProcess = process.argv.includes('--one-process');
const processes = new ServiceProcesses({
  names: services.map(({ name }) => name),
  onUnexpectedExit: () => {
    console.error('eventcast: stopping the other services');
    stop(1);
  },
});
/** The services this process runs itself, with --one-process. */
let servicesHere;
// npm passes SIGINT and SIGTERM on to this process, which the script's `exec` made its child.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (!stopping) console.log(`eventcast: stopping (${signal})`);
    stop(0);
  });
}
// Should npm end without passing a signal on (SIGKILL), this process is handed to another parent:
// the services stop then rather than hold their ports for nobody. Run as `node start.mjs`, it has
// no npm to outlive and keeps running as its caller chose (nohup, say).
if (npmPid !== undefined) {
  setInterval(() => {
    if (process.ppid === npmPid || stopping) return;
    console.log('eventcast: stopping (npm start ended)');
    stop(1);
  }, 500).unref();
}
if (inOneProcess) {
  // --one-process: the four services in this process, beside the proxy and the broker: one copy of
  // Node.js and the packages for all (docs/deployment.md, "One process").
  // Nest colours its logs unless NO_COLOR is set; escape codes only belong on a terminal.
  if (!process.stdout.isTTY) process.env.NO_COLOR ??= '1';
  const { entry, launches } = servicesOfOneProcess(join(workspace, 'dist', 'apps'), {
    ...process.env,
    ...oneProcessVariables(services),
  });
  try {
    servicesHere = await entry.startServices(launches);
  } catch (error) {
    console.error(`eventcast: ${error.message}; stopping the proxy and the broker`);
    stop(1);
  }
} else {
  for (const service of services) {
    if (service.startsAfterPort) {
      await untilAnswers(service.startsAfterPort, { timeoutMs: 30_000, gaveUp: () => Boolean(stopping) });
    }
    if (stopping) break;
    processes.start({ ...service, cwd: workspace });
  }
}

/** Stops the services, then the proxy and the embedded broker if there is one, and exits; once, whoever asks. */
function stop(exitCode) {
  stopping ??= (async () => {
    await processes.stopAll();
    await servicesHere?.stop('npm start stopping');
    await proxy.close();
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

function printPlan(broker, services, proxyUrl) {
  const width = Math.max(...services.map(({ name }) => name.length));
  console.log(`eventcast: broker ${broker.description}`);
  console.log(`eventcast: ${'web app'.padEnd(width)}  ${proxyUrl}/  (every service's paths too, on one origin)`);
  for (const { name, apiPath, port, store } of services) {
    console.log(`eventcast: ${name.padEnd(width)}  ${proxyUrl}${apiPath}  (port ${port}, ${store})`);
  }
  console.log(
    process.env.API_TOKEN || process.env.API_TOKEN_FILE
      ? 'eventcast: security: every route but ping, health and metrics needs the API_TOKEN'
      : 'eventcast: security off: no API_TOKEN, so anyone who reaches these ports may call every route (docs/security.md)',
  );
  console.log(`eventcast: Ctrl-C, or SIGTERM to pid ${npmPid ?? process.pid}, stops everything`);
}
