// The platform's ceiling beside the datastore in bench:datastore: Node's own HTTP server and the
// same Redis client, doing what a datastore `get` and `set` do at the least (read the JSON body,
// one GET or SET, answer JSON) with no framework, no validation, no metrics and no change event.
// Usage: node bare-node-server.mjs <port> <redis url>; prints "listening" once it answers.
import { createServer } from 'node:http';
import { createClient } from 'redis';

const [port, redisUrl] = process.argv.slice(2);
const redis = createClient({ url: redisUrl });
await redis.connect();

const routes = {
  '/get': async ({ namespace, id }) => ({ value: JSON.parse((await redis.get(`bare:${namespace}:${id}`)) ?? 'null') }),
  '/set': async ({ value }) => {
    await redis.set(`bare:${value.namespace}:${value.id}`, JSON.stringify(value));
    return { value };
  },
};

createServer((request, response) => {
  const route = routes[request.url ?? ''];
  let body = '';
  request.setEncoding('utf8');
  request.on('data', (chunk) => (body += chunk));
  request.on('end', async () => {
    const answer = route ? JSON.stringify(await route(JSON.parse(body))) : '{"message":"not found"}';
    response.writeHead(route ? 200 : 404, { 'content-type': 'application/json' });
    response.end(answer);
  });
}).listen(Number(port), '127.0.0.1', () => console.log('listening'));
