import preact from '@preact/preset-vite';
import { fileURLToPath } from 'node:url';
import { defineConfig, type ProxyOptions } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const workspace = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Where `nx run web:serve` and `web:preview` send the API paths, so the app's calls stay
 * same-origin without the `npm start` proxy: the routes of the Compose nginx, most specific first.
 */
function apiProxy(env: NodeJS.ProcessEnv): Record<string, ProxyOptions> {
  const history = env['WEB_HISTORY_URL'] || 'http://localhost:5001';
  const datastore = env['WEB_DATASTORE_URL'] || 'http://localhost:5002';
  const controller = env['WEB_CONTROLLER_URL'] || 'http://localhost:5000';
  const automation = env['WEB_AUTOMATION_URL'] || 'http://localhost:5003';
  const serviceId = env['SERVICE_ID'] || 'controller-1';
  return {
    '/history/datastore/': { target: datastore },
    '/history/': { target: history, ws: true },
    [`/${serviceId}/`]: { target: controller },
    '/automation/': { target: automation },
  };
}

export default defineConfig(({ command }) => {
  // A build is for production whatever NODE_ENV the caller runs under (Jest sets "test"), so
  // Preact's debug code never reaches dist/apps/web.
  if (command === 'build') process.env['NODE_ENV'] = 'production';
  return {
    root,
    cacheDir: `${workspace}node_modules/.vite/web`,
    plugins: [preact({ devToolsEnabled: command === 'serve' })],
    resolve: {
      // The same as the paths of apps/web/tsconfig.json: @eventcast/domain is its browser entry.
      alias: {
        '@eventcast/api-client': `${workspace}libs/api-client/src/index.ts`,
        '@eventcast/automation-model': `${workspace}libs/automation-model/src/index.ts`,
        '@eventcast/block-model': `${workspace}libs/block-model/src/index.ts`,
        '@eventcast/domain': `${workspace}libs/domain/src/browser.ts`,
        '@eventcast/live-stream': `${workspace}libs/live-stream/src/index.ts`,
      },
    },
    build: {
      outDir: `${workspace}dist/apps/web`,
      emptyOutDir: true,
      target: 'es2022',
    },
    server: { port: 4200, proxy: apiProxy(process.env) },
    preview: { port: 4300, proxy: apiProxy(process.env) },
  };
});
