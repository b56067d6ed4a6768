// The last step of a bundled app's build: the compiled files in one minified file, `main.js`. A service
// then starts by reading one file instead of resolving and reading about 2,000 (docs/decisions.md,
// "Footprint", says which apps are bundled and why). What the bundle cannot hold stays in node_modules.
import { build } from 'rolldown';

// Native add-ons; the clients of the stores a deployment may not use, required only when configured
// (a bundled module is parsed even when never run); packages that find files beside their own code
// (__dirname) at run time; and the optional peers Nest requires only for a transport or adapter
// that eventcast does not use.
const EXTERNAL = [
  /^@duckdb\//,
  /^better-sqlite3$/,
  /^(redis|@redis\/[^/]+|@questdb\/nodejs-client)(\/|$)/,
  /^swagger-ui-dist(\/|$)/,
  /^(pino|thread-stream)(\/|$)/,
  /^@nestjs\/(platform-express|platform-socket\.io)$/,
  /^(@grpc\/grpc-js|@grpc\/proto-loader|ioredis|nats|kafkajs|amqplib|amqp-connection-manager|@fastify\/view)$/,
];

/**
 * Bundles `entry` (the compiled `main.js`) into `outFile`, with a source map beside it:
 * `NODE_OPTIONS=--enable-source-maps` makes stack traces name the TypeScript files.
 */
export async function bundleApp(entry, outFile) {
  await build({
    input: entry,
    platform: 'node',
    external: (id) => EXTERNAL.some((pattern) => pattern.test(id)),
    // Class names stay: Nest names providers, loggers and OpenAPI schemas after them.
    output: { file: outFile, format: 'cjs', minify: true, keepNames: true, sourcemap: true },
    logLevel: 'warn',
  });
}
