// The framework's floor beside the datastore in bench:datastore: a bare Fastify server (the HTTP
// layer the services run on) with the same Redis client, doing what bare-node-server.mjs does:
// read the JSON body, one GET or SET, answer JSON; no Nest, no validation, no metrics, no event.
// Usage: node bare-fastify-server.mjs <port> <redis url>; prints "listening" once it answers.
import Fastify from 'fastify';
import { createClient } from 'redis';

const [port, redisUrl] = process.argv.slice(2);
const redis = createClient({ url: redisUrl });
await redis.connect();

const app = Fastify({ logger: false });
app.post('/get', async ({ body: { namespace, id } }) => ({
  value: JSON.parse((await redis.get(`bare:${namespace}:${id}`)) ?? 'null'),
}));
app.post('/set', async ({ body: { value } }) => {
  await redis.set(`bare:${value.namespace}:${value.id}`, JSON.stringify(value));
  return { value };
});
await app.listen({ port: Number(port), host: '127.0.0.1' });
console.log('listening');
