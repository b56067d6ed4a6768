// The last step of a bundled app's build: the compiled files in a few minified files. A service
// then starts by reading a few dozen files instead of resolving and reading about 2,000
// (docs/decisions.md, "Footprint", says which apps are bundled and why). What the bundle cannot hold
// stays in node_modules.
import { basename, dirname } from 'node:path';
import { build } from 'rolldown';

// Native add-ons; the clients of the stores a deployment may not use, required only when configured
// (a bundled module is parsed even when never run); packages that find files beside their own code
// (__dirname) at run time; and the optional peers Nest requires only for a transport or adapter
// that eventcast does not use.
const EXTERNAL = [
  /^@duckdb\//,
  /^(redis|@redis\/[^/]+|@questdb\/nodejs-client)(\/|$)/,
  /^swagger-ui-dist(\/|$)/,
  /^(pino|thread-stream)(\/|$)/,
  /^@nestjs\/(platform-express|platform-socket\.io)$/,
  /^(@grpc\/grpc-js|@grpc\/proto-loader|ioredis|nats|kafkajs|amqplib|amqp-connection-manager|@fastify\/view)$/,
];
// V8 compiles one script in memory it takes from malloc, about 7 bytes for each byte of source,
// and the C library keeps most of that after it is freed: compiled as one 2.9 MB script, the
// datastore kept 10 MiB more than it needed. So the packages go into chunks of at most this size,
// each compiled on its own (docs/decisions.md, "Footprint").
const CHUNK_BYTES = 300_000;

/**
 * Bundles `entry` (a compiled `main.js` or `openapi.js`) into `outFile`, with a source map beside
 * it (`NODE_OPTIONS=--enable-source-maps` makes stack traces name the TypeScript files). With
 * `chunks`, the packages from node_modules go into files of their own in `chunks/` beside it.
 */
export async function bundleApp(entry, outFile, { chunks = false } = {}) {
  await build({
    input: entry,
    platform: 'node',
    external: (id) => EXTERNAL.some((pattern) => pattern.test(id)),
    output: {
      dir: dirname(outFile),
      entryFileNames: basename(outFile),
      chunkFileNames: 'chunks/[name]-[hash].js',
      codeSplitting: chunks ? { groups: [{ name: 'chunk', test: /node_modules/, maxSize: CHUNK_BYTES }] } : false,
      format: 'cjs',
      minify: true,
      // Class names stay: Nest names providers, loggers and OpenAPI schemas after them.
      keepNames: true,
      // A script with a character beyond Latin-1 is held as two bytes a character.
      charset: 'ascii',
      sourcemap: true,
    },
    logLevel: 'warn',
  });
}
