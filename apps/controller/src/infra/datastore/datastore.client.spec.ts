import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { DatastoreRefusedError, DatastoreUnavailableError } from '../../app/ports/datastore.port';
import { DatastoreClient } from './datastore.client';

/** A stand-in datastore on loopback that answers each route as the test says and records the calls. */
function fakeDatastore(answer: (route: string, body: unknown) => { status: number; body: unknown }) {
  const calls: Array<{ route: string; body: unknown }> = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    let text = '';
    request.on('data', (chunk) => (text += chunk));
    request.on('end', () => {
      const route = (request.url ?? '').replace('/history/datastore/', '');
      const body = JSON.parse(text);
      calls.push({ route, body });
      const { status, body: reply } = answer(route, body);
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(reply));
    });
  });
  return { server, calls };
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe(DatastoreClient.name, () => {
  let server: Server;

  afterEach(async () => {
    await new Promise((resolve) => server?.close(resolve));
  });

  it('calls the datastore routes with the bodies of its API and returns their answers', async () => {
    const doc = { namespace: 'controller-service:c1', id: 'Sensor', meta: { a: 1 } };
    const fake = fakeDatastore((route) => ({
      status: 200,
      body: route === 'mdelete' ? { count: 2 } : route === 'get' ? { value: doc } : { values: [doc] },
    }));
    server = fake.server;
    const client = new DatastoreClient(`${await listen(server)}/`);

    await expect(client.get(doc.namespace, doc.id)).resolves.toEqual(doc);
    await expect(client.mget(doc.namespace, { filter: '*' })).resolves.toEqual([doc]);
    await expect(client.mset([doc])).resolves.toEqual([doc]);
    await expect(client.mdelete(doc.namespace, { ids: ['a', 'b'] })).resolves.toBe(2);
    expect(fake.calls).toEqual([
      { route: 'get', body: { namespace: doc.namespace, id: 'Sensor' } },
      { route: 'mget', body: { namespace: doc.namespace, filter: '*' } },
      { route: 'mset', body: { values: [doc] } },
      { route: 'mdelete', body: { namespace: doc.namespace, ids: ['a', 'b'] } },
    ]);
  });

  it('checks the datastore through its ping and a call that needs its token, naming why it is not ready', async () => {
    let status = 200;
    const urls: string[] = [];
    server = createServer((request, response) => {
      urls.push(`${request.method} ${request.url}`);
      const body =
        status !== 200
          ? { message: 'Redis is unreachable' }
          : request.method === 'GET'
            ? { ping: 'pong' }
            : { values: [] };
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
    const client = new DatastoreClient(await listen(server));

    await expect(client.check()).resolves.toBeUndefined();
    status = 503;
    await expect(client.check()).rejects.toThrow('answered 503: Redis is unreachable');
    expect(urls).toEqual([
      'GET /history/datastore/ping',
      'POST /history/datastore/mget',
      'GET /history/datastore/ping',
    ]);
  });

  it('reports a datastore that answers 503 as unavailable', async () => {
    server = fakeDatastore(() => ({ status: 503, body: { message: 'Redis is unreachable' } })).server;
    const client = new DatastoreClient(await listen(server));
    await expect(client.get('a', 'b')).rejects.toThrow(DatastoreUnavailableError);
    await expect(client.get('a', 'b')).rejects.toThrow('answered 503: Redis is unreachable');
  });

  it("reports a datastore that refuses the controller's token as refused, naming what to set", async () => {
    server = fakeDatastore(() => ({ status: 401, body: { message: 'this route needs the header' } })).server;
    const url = await listen(server);
    const call = new DatastoreClient(url).mget('a');
    await expect(call).rejects.toBeInstanceOf(DatastoreRefusedError);
    await expect(call).rejects.toThrow(
      `the datastore at ${url}/history/datastore refused the controller's token (401 to mget): set DATASTORE_API_TOKEN (or DATASTORE_API_TOKEN_FILE) to the datastore's API_TOKEN`,
    );
    await expect(new DatastoreClient(url, 'a-wrong-token-0123456789').get('a', 'b')).rejects.toThrow(
      "refused the controller's token (401 to get): DATASTORE_API_TOKEN is not the datastore's API_TOKEN",
    );
  });

  it('is not ready while the datastore answers its open ping but refuses the token', async () => {
    server = createServer((request, response) => {
      const status = request.url?.endsWith('/ping') ? 200 : 403;
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ ping: 'pong' }));
    });
    await expect(new DatastoreClient(await listen(server)).check()).rejects.toThrow(
      "refused the controller's token (403 to mget)",
    );
  });

  it('reports a proxy that answers 502 without a JSON body as unavailable', async () => {
    server = createServer((_request, response) =>
      response.writeHead(502, { 'content-type': 'text/plain' }).end('Bad Gateway'),
    );
    await expect(new DatastoreClient(await listen(server)).mget('a')).rejects.toThrow(DatastoreUnavailableError);
  });

  it('reports a datastore that does not answer as unavailable', async () => {
    server = fakeDatastore(() => ({ status: 200, body: {} })).server;
    const url = await listen(server);
    await new Promise((resolve) => server.close(resolve));
    await expect(new DatastoreClient(url).mget('a')).rejects.toThrow(DatastoreUnavailableError);
  });

  it('reports a refused body as an error naming the problems, not as unavailable', async () => {
    server = fakeDatastore(() => ({ status: 400, body: { message: ['id must be ...'] } })).server;
    const call = new DatastoreClient(await listen(server)).get('a', 'b c');
    await expect(call).rejects.not.toBeInstanceOf(DatastoreUnavailableError);
    await expect(call).rejects.toThrow('the datastore refused get (400): ["id must be ..."]');
  });

  it('sends nothing for an empty mset', async () => {
    const fake = fakeDatastore(() => ({ status: 200, body: { values: [] } }));
    server = fake.server;
    await expect(new DatastoreClient(await listen(server)).mset([])).resolves.toEqual([]);
    expect(fake.calls).toEqual([]);
  });
});
