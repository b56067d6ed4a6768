import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectAsync, MqttClient } from 'mqtt';
import { MAX_NESTING_DEPTH } from '@eventcast/domain';
import { EventPublisher } from '@eventcast/messaging';
import {
  answerOf,
  dataOf,
  deleteRedisKeys,
  PrivateBroker,
  sendRaw,
  ServerProcess,
  testBrokerUrl,
  testRedisUrl,
  waitFor,
} from '@eventcast/testing';
import { MAX_DOCUMENTS_PER_CALL, MAX_IDS_PER_CALL } from '../src/app/documents/document-limits';
import { DatastoreUnderTest, startDatastore } from './datastore-app';

interface Announcement {
  topic: string;
  event: { changed?: Array<{ namespace: string; id: string }>; deleted?: string[] };
}

describe('the datastore REST API and its change events', () => {
  const run = randomBytes(4).toString('hex');
  const nsA = `dsA${run}`;
  const nsB = `dsB${run}`;
  const events: Announcement[] = [];
  let datastore: DatastoreUnderTest;
  let peer: MqttClient;

  const eventsOf = (top: string) => events.filter((e) => e.topic === `eventcast/datastore/${top}`);
  /** Writes a marker in `top` and waits for its event, so every earlier event of `top` has arrived. */
  const settle = async (top: string) => {
    const id = `marker-${randomBytes(3).toString('hex')}`;
    await datastore.client.POST('/set', { body: { value: { namespace: top, id } } });
    await waitFor(`the marker of ${top}`, () => eventsOf(top).some((e) => e.event.changed?.some((d) => d.id === id)));
    return eventsOf(top).filter((e) => !e.event.changed?.some((d) => d.id.startsWith('marker-')));
  };

  beforeAll(async () => {
    peer = await connectAsync(testBrokerUrl());
    peer.on('message', (topic, payload) => events.push({ topic, event: JSON.parse(payload.toString()) }));
    await peer.subscribeAsync('eventcast/datastore/#', { qos: 1 });
    datastore = await startDatastore();
    await waitFor('the publisher', () => datastore.app.get(EventPublisher).connected);
  });

  afterAll(async () => {
    await datastore.app.close();
    await peer.endAsync();
  });

  beforeEach(() => {
    events.length = 0;
  });

  it('stores a document with set, returns it with get, and announces it on its top-level namespace', async () => {
    const document = { namespace: `${nsA}:prefs`, id: 'units', temperature: 'degF', nested: { a: [1, 'x'] } };
    await expect(answerOf(datastore.client.POST('/set', { body: { value: document } }))).resolves.toEqual({
      status: 200,
      body: { value: document },
    });
    await expect(
      answerOf(datastore.client.POST('/get', { body: { namespace: `${nsA}:prefs`, id: 'units' } })),
    ).resolves.toEqual({ status: 200, body: { value: document } });
    expect(await settle(nsA)).toEqual([{ topic: `eventcast/datastore/${nsA}`, event: { changed: [document] } }]);
  });

  it('answers null for a document that does not exist', async () => {
    await expect(answerOf(datastore.client.POST('/get', { body: { namespace: nsA, id: 'nothing' } }))).resolves.toEqual(
      { status: 200, body: { value: null } },
    );
  });

  it('announces nothing for an identical rewrite', async () => {
    const document = { namespace: nsA, id: 'same', v: 1 };
    await datastore.client.POST('/set', { body: { value: document } });
    await settle(nsA);
    events.length = 0;
    await datastore.client.POST('/set', { body: { value: document } });
    expect(await settle(nsA)).toEqual([]);
  });

  it('announces, in full, only the documents of an mset whose content changed', async () => {
    const same = { namespace: `${nsA}:mixed`, id: 'same', v: 1 };
    const before = { namespace: `${nsA}:mixed`, id: 'changing', v: 1 };
    await datastore.client.POST('/mset', { body: { values: [same, before] } });
    await settle(nsA);
    events.length = 0;
    const after = { ...before, v: 2, added: { nested: [true] } };
    const created = { namespace: `${nsA}:mixed`, id: 'new' };
    await expect(
      answerOf(datastore.client.POST('/mset', { body: { values: [same, after, created] } })),
    ).resolves.toEqual({ status: 200, body: { values: [same, after, created] } });
    expect(await settle(nsA)).toEqual([{ topic: `eventcast/datastore/${nsA}`, event: { changed: [after, created] } }]);
  });

  it('gives a write touching <nsA>, <nsA>:<sub> and <nsB> exactly two events', async () => {
    const docs = [
      { namespace: nsA, id: 'one' },
      { namespace: `${nsA}:sub`, id: 'two' },
      { namespace: nsB, id: 'three' },
    ];
    await expect(answerOf(datastore.client.POST('/mset', { body: { values: docs } }))).resolves.toEqual({
      status: 200,
      body: { values: docs },
    });
    expect(await settle(nsA)).toEqual([
      { topic: `eventcast/datastore/${nsA}`, event: { changed: [docs[0], docs[1]] } },
    ]);
    expect(await settle(nsB)).toEqual([{ topic: `eventcast/datastore/${nsB}`, event: { changed: [docs[2]] } }]);
  });

  it('writes none of an mset with one bad document, names each field at fault once and announces nothing', async () => {
    const answer = await sendRaw(`${datastore.url}/mset`, {
      values: [{ namespace: nsA, id: 'good' }, { namespace: nsA, id: 'bad/id' }, { id: 'x' }, 'text'],
    });
    expect(answer.status).toBe(400);
    expect(answer.body?.message).toEqual([
      'values must hold JSON objects only',
      'values.1.id must be letters, digits, _, -, . or ~, and not empty',
      'values.2.namespace must be a string',
    ]);
    await expect(
      answerOf(datastore.client.POST('/get', { body: { namespace: nsA, id: 'good' } })),
    ).resolves.toMatchObject({ body: { value: null } });
    expect(await settle(nsA)).toEqual([]);
  });

  it('refuses bodies that are not objects, bad patterns in queries, and more ids or documents than allowed', async () => {
    expect((await sendRaw(`${datastore.url}/get`, '[1]')).status).toBe(400);
    await expect(
      answerOf(datastore.client.POST('/get', { body: { namespace: 'a b', id: 'x' } })),
    ).resolves.toMatchObject({
      body: { message: ['namespace must be letters, digits, _, -, ., ~ or :, or empty; at most 256 of them'] },
    });
    await expect(
      answerOf(datastore.client.POST('/mget', { body: { namespace: nsA, ids: ['ok', 'not ok'] } })),
    ).resolves.toMatchObject({
      body: { message: ['ids each id must be letters, digits, _, -, . or ~, and not empty'] },
    });
    const tooMany = Array.from({ length: MAX_DOCUMENTS_PER_CALL + 1 }, (_, i) => ({ namespace: nsA, id: `d${i}` }));
    await expect(answerOf(datastore.client.POST('/mset', { body: { values: tooMany } }))).resolves.toEqual({
      status: 400,
      body: expect.objectContaining({
        message: [`values must contain no more than ${MAX_DOCUMENTS_PER_CALL} elements`],
      }),
    });
    await expect(
      answerOf(datastore.client.POST('/get', { body: { namespace: nsA, id: 'd0' } })),
    ).resolves.toMatchObject({ body: { value: null } });
    const tooManyIds = Array.from({ length: MAX_IDS_PER_CALL + 1 }, (_, i) => `d${i}`);
    await expect(
      answerOf(datastore.client.POST('/mdelete', { body: { namespace: nsA, ids: tooManyIds } })),
    ).resolves.toMatchObject({
      status: 400,
      body: { message: [`ids must contain no more than ${MAX_IDS_PER_CALL} elements`] },
    });
  });

  it('refuses a body nested too deep with 400, and keeps serving', async () => {
    const deep = `${'['.repeat(50_000)}${']'.repeat(50_000)}`;
    const refusal = {
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: [`the body nests objects and arrays more than ${MAX_NESTING_DEPTH} levels deep`],
      },
    };
    await expect(
      sendRaw(`${datastore.url}/set`, `{"value":{"namespace":"${nsA}","id":"deep","x":${deep}}}`),
    ).resolves.toEqual(refusal);
    await expect(sendRaw(`${datastore.url}/get`, `{"namespace":"${nsA}","id":"deep","x":${deep}}`)).resolves.toEqual(
      refusal,
    );
    await expect(answerOf(datastore.client.POST('/get', { body: { namespace: nsA, id: 'deep' } }))).resolves.toEqual({
      status: 200,
      body: { value: null },
    });
  });

  it('refuses a body larger than the HTTP limit with a JSON 413', async () => {
    const enormous = { namespace: nsA, id: 'enormous', blob: 'x'.repeat(17 * 1024 * 1024) };
    const answer = await answerOf(datastore.client.POST('/set', { body: { value: enormous } }));
    expect(answer).toMatchObject({ status: 413, body: { statusCode: 413 } });
  });

  it('refuses a document larger than 1 MiB with 413 and writes nothing', async () => {
    const huge = { namespace: nsA, id: 'huge', blob: 'x'.repeat(1024 * 1024) };
    await expect(
      answerOf(datastore.client.POST('/mset', { body: { values: [{ namespace: nsA, id: 'small' }, huge] } })),
    ).resolves.toMatchObject({
      status: 413,
      body: { message: expect.stringContaining(`${nsA}:huge`) },
    });
    await expect(
      answerOf(datastore.client.POST('/get', { body: { namespace: nsA, id: 'small' } })),
    ).resolves.toMatchObject({ body: { value: null } });
  });

  it('reads ids in the order given, then filter matches sorted by id, from exactly the namespace asked for', async () => {
    const ns = `${nsB}:list`;
    await datastore.client.POST('/mset', {
      body: {
        values: ['x-2', 'x-1', 'y', 'z']
          .map((id) => ({ namespace: ns, id }))
          .concat([{ namespace: `${ns}:deeper`, id: 'x-3' }]),
      },
    });
    const { data: matches } = await datastore.client.POST('/mget', {
      body: { namespace: ns, ids: ['z', 'absent'], filter: 'x-*' },
    });
    expect(matches?.values.map((d) => d.id)).toEqual(['z', 'x-1', 'x-2']);
    const { data: all } = await datastore.client.POST('/mget', { body: { namespace: ns } });
    expect(all?.values.map((d) => d.id)).toEqual(['x-1', 'x-2', 'y', 'z']);
  });

  it('deletes by key and announces the full keys that existed, and nothing for what did not', async () => {
    await datastore.client.POST('/mset', {
      body: { values: ['p1', 'p2', 'q'].map((id) => ({ namespace: `${nsA}:del`, id })) },
    });
    await settle(nsA);
    events.length = 0;
    await expect(
      answerOf(
        datastore.client.POST('/mdelete', { body: { namespace: `${nsA}:del`, ids: ['q', 'missing'], filter: 'p*' } }),
      ),
    ).resolves.toEqual({ status: 200, body: { count: 3 } });
    await expect(
      answerOf(datastore.client.POST('/delete', { body: { namespace: `${nsA}:del`, id: 'q' } })),
    ).resolves.toEqual({ status: 200, body: { count: 0 } });
    await expect(answerOf(datastore.client.POST('/mdelete', { body: { namespace: `${nsA}:del` } }))).resolves.toEqual({
      status: 200,
      body: { count: 0 },
    });
    expect(await settle(nsA)).toEqual([
      { topic: `eventcast/datastore/${nsA}`, event: { deleted: [`${nsA}:del:q`, `${nsA}:del:p1`, `${nsA}:del:p2`] } },
    ]);
  });

  it('announces changes of the empty namespace on the base topic', async () => {
    const id = `bare-${run}`;
    await datastore.client.POST('/set', { body: { value: { namespace: '', id } } });
    await waitFor('the base-topic event', () =>
      events.find((e) => e.topic === 'eventcast/datastore' && e.event.changed?.[0]?.id === id),
    );
    await datastore.client.POST('/delete', { body: { namespace: '', id } });
    await waitFor('the base-topic deletion', () =>
      events.find((e) => e.topic === 'eventcast/datastore' && e.event.deleted?.[0] === id),
    );
  });

  it('lists the namespaces that hold documents, nested ones each on its own, with their counts after deletes', async () => {
    const tree = `${nsA}:tree`;
    const values = [
      { namespace: `${tree}:b`, id: 'x' },
      { namespace: tree, id: 'one' },
      { namespace: `${tree}:a:deep`, id: 'y' },
      { namespace: tree, id: 'two' },
    ];
    await datastore.client.POST('/mset', { body: { values } });
    await expect(answerOf(datastore.client.POST('/namespaces', { body: { prefix: tree } }))).resolves.toEqual({
      status: 200,
      body: {
        namespaces: [
          { namespace: tree, count: 2 },
          { namespace: `${tree}:a:deep`, count: 1 },
          { namespace: `${tree}:b`, count: 1 },
        ],
        truncated: false,
      },
    });
    await datastore.client.POST('/mdelete', { body: { namespace: tree, ids: ['one'] } });
    await datastore.client.POST('/delete', { body: { namespace: `${tree}:b`, id: 'x' } });
    await expect(answerOf(datastore.client.POST('/namespaces', { body: { prefix: `${tree}:` } }))).resolves.toEqual({
      status: 200,
      body: { namespaces: [{ namespace: `${tree}:a:deep`, count: 1 }], truncated: false },
    });
    const all = await answerOf(datastore.client.POST('/namespaces', { body: {} }));
    expect(all.body).toMatchObject({
      truncated: false,
      namespaces: expect.arrayContaining([{ namespace: tree, count: 1 }]),
    });
  });

  it('refuses a namespaces body with a key that is not a field, or a prefix that is not a namespace', async () => {
    const refusal = (message: string) => ({
      status: 400,
      body: { statusCode: 400, error: 'Bad Request', message: [message] },
    });
    await expect(sendRaw(`${datastore.url}/namespaces`, { namespace: nsA })).resolves.toEqual(
      refusal('namespace is not a field of this body; the fields are prefix'),
    );
    await expect(answerOf(datastore.client.POST('/namespaces', { body: { prefix: 'a b' } }))).resolves.toEqual(
      refusal('prefix must be letters, digits, _, -, ., ~ or :, or empty; at most 256 of them'),
    );
    await expect(sendRaw(`${datastore.url}/namespaces`, { prefix: null })).resolves.toEqual(
      refusal('prefix must be a string'),
    );
  });

  it('describes every endpoint in its OpenAPI document, each with an example', async () => {
    interface Operation {
      requestBody?: { content: Record<string, { examples?: Record<string, { value: unknown }> }> };
      responses: Record<string, { content?: Record<string, { example?: unknown }> }>;
    }
    const document = (await (await fetch(`${datastore.url}/api/doc-json`)).json()) as {
      paths: Record<string, Record<string, Operation>>;
    };
    expect(Object.keys(document.paths).sort()).toEqual(
      ['delete', 'get', 'health', 'mdelete', 'mget', 'mset', 'namespaces', 'ping', 'set'].map(
        (route) => `/history/datastore/${route}`,
      ),
    );
    for (const [path, methods] of Object.entries(document.paths)) {
      const [method, operation] = Object.entries(methods)[0];
      expect({ path, answer: operation.responses['200']?.content?.['application/json']?.example }).toEqual({
        path,
        answer: expect.anything(),
      });
      if (method !== 'post') continue;
      const examples = Object.values(operation.requestBody?.content['application/json'].examples ?? {});
      expect({ path, examples: examples.length }).toEqual({ path, examples: 1 });
    }
  });
});

describe('the datastore when what it depends on fails', () => {
  /** Document `a` of `namespace` at version `v`. */
  const documentA = (namespace: string, v: number) => ({ namespace, id: 'a', v });

  it('answers 503 while Redis is down, says so on ping, announces no failed write, and recovers by itself when Redis returns', async () => {
    const namespace = `fault-${randomBytes(4).toString('hex')}`;
    const seen: Announcement[] = [];
    const watcher = await connectAsync(testBrokerUrl());
    watcher.on('message', (topic, payload) => seen.push({ topic, event: JSON.parse(payload.toString()) }));
    await watcher.subscribeAsync(`eventcast/datastore/${namespace}`, { qos: 1 });
    const redis = await (await ServerProcess.redis()).start();
    const datastore = await startDatastore({ REDIS_URL: redis.url });
    try {
      await waitFor('Redis', async () => (await answerOf(datastore.client.GET('/ping'))).status === 200);
      await redis.stop();
      const down = await waitFor('a 503', async () => {
        const answer = await answerOf(datastore.client.POST('/set', { body: { value: documentA(namespace, 1) } }));
        return answer.status === 503 && answer;
      });
      expect(down.body).toMatchObject({
        message: expect.stringContaining(`Redis is unreachable at redis://127.0.0.1:${redis.port}`),
      });
      await expect(answerOf(datastore.client.POST('/get', { body: { namespace, id: 'a' } }))).resolves.toMatchObject({
        status: 503,
      });
      await expect(answerOf(datastore.client.GET('/ping'))).resolves.toMatchObject({
        status: 503,
        body: { message: expect.stringContaining('Redis is unreachable') },
      });

      await redis.start();
      await waitFor('the recovery', async () => (await answerOf(datastore.client.GET('/ping'))).status === 200, 15_000);
      await expect(
        answerOf(datastore.client.POST('/set', { body: { value: documentA(namespace, 2) } })),
      ).resolves.toMatchObject({ status: 200 });
      await expect(answerOf(datastore.client.POST('/get', { body: { namespace, id: 'a' } }))).resolves.toMatchObject({
        body: { value: documentA(namespace, 2) },
      });
      await waitFor('the event of the write after the outage', () => seen.length > 0);
      expect(seen).toEqual([
        { topic: `eventcast/datastore/${namespace}`, event: { changed: [{ namespace, id: 'a', v: 2 }] } },
      ]);
    } finally {
      await datastore.app.close();
      await redis.stop();
      await watcher.endAsync();
    }
  });

  it('keeps writing while the broker is down, counts the events it could not publish, and publishes again when it returns', async () => {
    const broker = await PrivateBroker.reserve();
    const datastore = await startDatastore({ MQTT_URL: broker.url });
    const publisher = datastore.app.get(EventPublisher);
    try {
      await expect(
        answerOf(datastore.client.POST('/set', { body: { value: documentA('offline', 1) } })),
      ).resolves.toMatchObject({ status: 200 });
      await waitFor('the count of unpublished events', () => publisher.unpublishedCount === 1);
      await expect(
        answerOf(datastore.client.POST('/get', { body: { namespace: 'offline', id: 'a' } })),
      ).resolves.toMatchObject({ body: { value: { v: 1 } } });

      await broker.restart();
      await waitFor('the reconnection', () => publisher.connected, 15_000);
      const watcher = await connectAsync(broker.url);
      const seen: string[] = [];
      watcher.on('message', (topic) => seen.push(topic));
      await watcher.subscribeAsync('eventcast/datastore/#', { qos: 1 });
      await datastore.client.POST('/set', { body: { value: documentA('offline', 2) } });
      await waitFor('the event after the outage', () => seen.includes('eventcast/datastore/offline'));
      await watcher.endAsync();
    } finally {
      await datastore.app.close();
      await broker.stop();
    }
  });

  it('lists no namespace from an empty store, then the empty namespace as ""', async () => {
    const datastore = await startDatastore();
    try {
      await expect(answerOf(datastore.client.POST('/namespaces', { body: {} }))).resolves.toEqual({
        status: 200,
        body: { namespaces: [], truncated: false },
      });
      await datastore.client.POST('/mset', {
        body: {
          values: [
            { namespace: '', id: 'a' },
            { namespace: 'z', id: 'b' },
          ],
        },
      });
      await expect(answerOf(datastore.client.POST('/namespaces', { body: {} }))).resolves.toEqual({
        status: 200,
        body: {
          namespaces: [
            { namespace: '', count: 1 },
            { namespace: 'z', count: 1 },
          ],
          truncated: false,
        },
      });
    } finally {
      await datastore.app.close();
    }
  });

  it('keeps every document of the embedded store across a restart', async () => {
    const env = { DATA_DIR: mkdtempSync(join(tmpdir(), 'datastore-restart-')) };
    const documents = Array.from({ length: 50 }, (_, i) => ({
      namespace: 'restart',
      id: `d${String(i).padStart(2, '0')}`,
      v: i,
    }));
    const before = await startDatastore(env);
    await before.client.POST('/mset', { body: { values: documents } });
    await before.app.close();

    const after = await startDatastore(env);
    try {
      await expect(answerOf(after.client.POST('/mget', { body: { namespace: 'restart' } }))).resolves.toEqual({
        status: 200,
        body: { values: documents },
      });
    } finally {
      await after.app.close();
    }
  });

  it('keeps the documents of two datastores sharing one Redis apart, each under its REDIS_KEY_PREFIX', async () => {
    const run = randomBytes(4).toString('hex');
    const prefixes = [`eventcast-test-${run}-a:`, `eventcast-test-${run}-b:`];
    const [a, b] = await Promise.all(
      prefixes.map((prefix) => startDatastore({ REDIS_URL: testRedisUrl(), REDIS_KEY_PREFIX: prefix })),
    );
    try {
      await waitFor('Redis', async () => (await answerOf(a.client.GET('/ping'))).status === 200);
      await waitFor('Redis', async () => (await answerOf(b.client.GET('/ping'))).status === 200);
      await a.client.POST('/set', { body: { value: { namespace: 'svc-global', id: 'units', temperature: 'degF' } } });
      await b.client.POST('/set', { body: { value: { namespace: `b${run}`, id: 'only-b' } } });

      await expect(dataOf(b.client.POST('/get', { body: { namespace: 'svc-global', id: 'units' } }))).resolves.toEqual({
        value: null,
      });
      await expect(dataOf(a.client.POST('/get', { body: { namespace: 'svc-global', id: 'units' } }))).resolves.toEqual({
        value: { namespace: 'svc-global', id: 'units', temperature: 'degF' },
      });
      await expect(dataOf(a.client.POST('/namespaces', { body: {} }))).resolves.toEqual({
        namespaces: [{ namespace: 'svc-global', count: 1 }],
        truncated: false,
      });
    } finally {
      await Promise.all([a.app.close(), b.app.close()]);
      for (const prefix of prefixes) await deleteRedisKeys(testRedisUrl(), prefix);
    }
  });
});
