// Container health check of the eventcast image (slim images have no curl): asks the health route
// of the app this container runs (of each of the four with EVENTCAST_APP=all), which answers 200
// only while its broker and store answer (docs/observability.md), and exits 0 when every one
// answered 200, 1 otherwise.
import { request } from 'node:http';
import { oneProcessPorts } from './one-process.mjs';

const TIMEOUT_MS = 4000;

/** The health routes of the apps in `env.EVENTCAST_APP`, each with its port; undefined for an unknown app. */
function healthChecks(env) {
  const port = env.PORT || '5000';
  const controllerPath = `/${env.SERVICE_ID || 'controller-1'}/health`;
  switch (env.EVENTCAST_APP) {
    case 'history':
      return [{ port, path: '/history/health' }];
    case 'datastore':
      return [{ port, path: '/history/datastore/health' }];
    case 'controller':
      return [{ port, path: controllerPath }];
    case 'automation':
      return [{ port, path: '/automation/health' }];
    case 'all': {
      const ports = oneProcessPorts(env);
      return [
        { port: ports.history, path: '/history/health' },
        { port: ports.datastore, path: '/history/datastore/health' },
        { port: ports.controller, path: controllerPath },
        { port: ports.automation, path: '/automation/health' },
      ];
    }
    default:
      return undefined;
  }
}

/** Whether `GET path` on `port` answers 200; says why not on stderr. */
function healthy({ port, path }) {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port: Number(port), path, timeout: TIMEOUT_MS }, (res) => {
      res.resume();
      if (res.statusCode !== 200) console.error(`healthcheck: GET ${path} answered ${res.statusCode}`);
      resolve(res.statusCode === 200);
    });
    req.on('timeout', () => req.destroy(new Error(`no answer within ${TIMEOUT_MS} ms`)));
    req.on('error', (error) => {
      console.error(`healthcheck: GET ${path} failed: ${error.message}`);
      resolve(false);
    });
    req.end();
  });
}

const checks = healthChecks(process.env);
if (!checks) {
  console.error(`healthcheck: unknown EVENTCAST_APP "${process.env.EVENTCAST_APP ?? ''}"`);
  process.exit(1);
}
const answers = await Promise.all(checks.map(healthy));
process.exit(answers.every(Boolean) ? 0 : 1);
