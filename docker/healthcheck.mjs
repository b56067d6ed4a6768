// Container health check of the eventcast image (slim images have no curl): asks the health route
// of the app this container runs, which answers 200 only while its broker and store answer
// (docs/observability.md), and exits 0 on 200, 1 otherwise.
import { request } from 'node:http';

const TIMEOUT_MS = 4000;

/** The health route of the app in `env.EVENTCAST_APP`; undefined for an unknown app. */
function healthPath(env) {
  switch (env.EVENTCAST_APP) {
    case 'history':
      return '/history/health';
    case 'datastore':
      return '/history/datastore/health';
    case 'controller':
      return `/${env.SERVICE_ID || 'controller-1'}/health`;
    default:
      return undefined;
  }
}

const path = healthPath(process.env);
if (!path) {
  console.error(`healthcheck: unknown EVENTCAST_APP "${process.env.EVENTCAST_APP ?? ''}"`);
  process.exit(1);
}
const port = Number(process.env.PORT || 5000);
const req = request({ host: '127.0.0.1', port, path, timeout: TIMEOUT_MS }, (res) => {
  res.resume();
  if (res.statusCode !== 200) console.error(`healthcheck: GET ${path} answered ${res.statusCode}`);
  process.exit(res.statusCode === 200 ? 0 : 1);
});
req.on('timeout', () => req.destroy(new Error(`no answer within ${TIMEOUT_MS} ms`)));
req.on('error', (error) => {
  console.error(`healthcheck: GET ${path} failed: ${error.message}`);
  process.exit(1);
});
req.end();
