import { randomBytes } from 'node:crypto';
import { HistorySchemas } from '@eventcast/api-client';
import { historyTopic } from '@eventcast/domain';
import { answerOf, dataOf, historyStores, sendRaw, waitFor } from '@eventcast/testing';
import { useHistoryWithPublisher } from './history-with-publisher';
import { StreamClient, StreamReply } from './stream-client';

type Series = HistorySchemas['FieldSeriesDto'][];
type Latest = HistorySchemas['LatestValueDto'][];

const SECOND = 1_000_000;

describe.each(historyStores())('the history service on $label with the real Mosquitto', ({ env }) => {
  const key = `e2e-${randomBytes(4).toString('hex')}`;
  const running = useHistoryWithPublisher(env);

  function publish(event: unknown, topic = historyTopic(key)): Promise<unknown> {
    return running.publisher.publishAsync(topic, typeof event === 'string' ? event : JSON.stringify(event), { qos: 1 });
  }

  async function latest(field: string): Promise<Latest[number] | undefined> {
    const [value] = await dataOf(running.history.client.POST('/timeseries/metrics', { body: { fields: [field] } }));
    return value;
  }

  it('stores an event of a plain MQTT client under the flattened names and converted values of docs/history.md', async () => {
    const k = `${key}-spec`;
    await publish({
      key: k,
      data: {
        a: { b: { c: 21.5 } },
        on: true,
        off: false,
        count: '12',
        spaced: ' 8 ',
        version: '1.2.3',
        word: 'true',
        nothing: null,
        list: [4, 'x'],
        'say "hi", ok': 3,
      },
    });
    const expected: Record<string, number> = {
      [`${k}/a/b/c`]: 21.5,
      [`${k}/on`]: 1,
      [`${k}/off`]: 0,
      [`${k}/count`]: 12,
      [`${k}/spaced`]: 8,
      [`${k}/list/0`]: 4,
      [`${k}/say "hi", ok`]: 3,
    };
    const names = Object.keys(expected);

    const fields = await waitFor('the stored fields', async () => {
      const all = await dataOf(running.history.client.POST('/timeseries/fields', { body: { duration: '1h' } }));
      const ours = all.filter((field) => field.startsWith(`${k}/`));
      return ours.length === names.length && ours;
    });
    expect(fields).toEqual([...names].sort());

    // QuestDB makes a write readable a moment after it (docs/history.md): the names can be listed first.
    const ranges = await waitFor('the stored values to be readable', async () => {
      const answer = await dataOf(
        running.history.client.POST('/timeseries/ranges', { body: { fields: names, duration: '1h' } }),
      );
      return answer.every(({ values }) => values.length > 0) && answer;
    });
    expect(ranges.map(({ field, values }) => [field, values.map(([, value]) => value)])).toEqual(
      names.map((name) => [name, [expected[name]]]),
    );

    const metrics = await dataOf(running.history.client.POST('/timeseries/metrics', { body: { fields: names } }));
    expect(metrics.map(({ field, value }) => [field, value])).toEqual(names.map((name) => [name, expected[name]]));
    const [time] = new Set(metrics.map((metric) => metric.timestamp));
    expect(new Set(metrics.map((metric) => metric.timestamp)).size).toBe(1);
    expect(time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);

    const csv = await running.history.client.POST('/timeseries/csv', {
      body: { fields: names, duration: '1h', precision: 'ISO8601' },
      parseAs: 'text',
    });
    expect(csv.response.headers.get('content-type')).toMatch(/^text\/csv/);
    const header = ['time', ...names.slice(0, -1), `"${k}/say ""hi"", ok"`].join(',');
    expect(csv.data).toBe(`${header}\r\n${time},21.5,1,0,12,8,4,3\r\n`);
  });

  it('drops a malformed event and stores the next valid one', async () => {
    const invalidBefore = running.history.ingest.stats.invalidEvents;
    await publish('not json {');
    await publish({ key: 7, data: { v: 1 } });
    await publish({ key: `${key}-after`, data: { v: 1 } });
    await waitFor('the valid event', async () => (await latest(`${key}-after/v`))?.value === 1);
    expect(running.history.ingest.stats.invalidEvents - invalidBefore).toBe(2);
  });

  it('answers 400 naming the problem for a bad combination of times or an unknown precision', async () => {
    const answers = await Promise.all([
      answerOf(
        running.history.client.POST('/timeseries/ranges', {
          body: { fields: ['x'], start: '2024-05-01T00:00:00Z', end: '2024-05-02T00:00:00Z', duration: '1h' },
        }),
      ),
      answerOf(
        running.history.client.POST('/timeseries/ranges', {
          body: { fields: ['x'], start: '2024-05-02T00:00:00Z', end: '2024-05-01T00:00:00Z' },
        }),
      ),
      sendRaw(`${running.history.url}/timeseries/csv`, { fields: ['x'], duration: '1h', precision: 'minutes' }),
      answerOf(running.history.client.POST('/timeseries/metrics', { body: { fields: ['x'], duration: 'soon' } })),
      sendRaw(`${running.history.url}/timeseries/ranges`, { fields: 'x' }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([400, 400, 400, 400, 400]);
    const messages = answers.map(({ body }) => JSON.stringify(body));
    expect(messages[0]).toContain('give at most two of start, end and duration');
    expect(messages[1]).toContain('end (2024-05-01T00:00:00.000000Z) is before start (2024-05-02T00:00:00.000000Z)');
    expect(messages[2]).toContain('precision must be one of the following values: s, ms, ns, ISO8601');
    expect(messages[3]).toContain('duration must be a positive duration');
    expect(messages[4]).toContain('fields must be an array');
  });

  it('averages ranges into buckets on multiples of their width, the same for a repeated query over a shifted window', async () => {
    const field = `${key}-buckets/v`;
    const t0 = Date.UTC(2024, 4, 1) * 1000;
    await running.history.write(
      Array.from({ length: 400 }, (_, index) => ({ ts: t0 + index * 10 * SECOND, values: new Map([[field, index]]) })),
    );
    const ask = (startSeconds: number) =>
      dataOf(
        running.history.client.POST('/timeseries/ranges', {
          body: { fields: [field], start: (t0 + startSeconds * SECOND) / 1000, duration: '30m', points: 30 },
        }),
      );
    const [first, shifted] = [await ask(15), await ask(75)];
    const width = first[0].values[1][0] - first[0].values[0][0];
    expect(width).toBe(120_000);
    expect(first[0].values.length).toBeLessThanOrEqual(30);
    for (const [time] of [...first[0].values, ...shifted[0].values]) expect(time % width).toBe(0);
    expect(first[0].values[0]).toEqual([t0 / 1000, 5.5]); // buckets are read whole: values 0..11
    const overlap = shifted[0].values.filter(([time]) => first[0].values.some(([other]) => other === time));
    expect(overlap.length).toBeGreaterThan(10);
    for (const bucket of overlap) expect(first[0].values).toContainEqual(bucket);
  });

  it('answers old ranges from its rollup of hours once its maintenance has run: the same buckets, and it says so', async () => {
    const field = `${key}-rollup/v`;
    const t0 = Date.UTC(2024, 5, 1) * 1000;
    const day = 86_400 * SECOND;
    await running.history.write(
      Array.from({ length: 2 * 1_440 }, (_, index) => ({
        ts: t0 + index * 60 * SECOND,
        values: new Map([[field, index % 17]]),
      })),
    );
    const ask = () =>
      dataOf(
        running.history.client.POST('/timeseries/ranges', {
          body: { fields: [field], start: t0 / 1000, end: (t0 + 2 * day) / 1000 - 1, points: 48 },
        }),
      );
    const [before] = await ask();
    expect(before.values).toHaveLength(48);
    await running.history.maintenance.run();
    const expected = running.history.store.hasRollups ? '1h' : 'raw';
    const [after] = await waitFor(
      `the answer from ${expected}`,
      async () => {
        const answer = await ask();
        return answer[0].resolution === expected && answer;
      },
      90_000,
    );
    expect(after.values).toEqual(before.values);
  }, 120_000);

  it('streams a CSV longer than one store page with one row per time and empty cells where a field has no value', async () => {
    const [a, b] = [`${key}-csv/a`, `${key}-csv/b`];
    const t0 = Date.UTC(2024, 3, 1) * 1000;
    const rows = 12_000;
    await running.history.write(
      Array.from({ length: rows }, (_, index) => ({
        ts: t0 + index * SECOND,
        values: new Map(
          index % 3 === 0
            ? [[a, index]]
            : [
                [a, index],
                [b, -index],
              ],
        ),
      })),
    );
    const csv = await running.history.csv({
      fields: [a, b],
      start: t0 / SECOND,
      end: (t0 + rows * SECOND) / SECOND,
      precision: 's',
    });
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(`time,${a},${b}`);
    expect(lines).toHaveLength(rows + 2);
    expect(lines[lines.length - 1]).toBe('');
    expect(lines[1]).toBe(`${t0 / SECOND},0,`);
    expect(lines[2]).toBe(`${t0 / SECOND + 1},1,-1`);
    expect(lines[rows]).toBe(`${t0 / SECOND + rows - 1},${rows - 1},${-(rows - 1)}`);
    expect(new Set(lines.slice(1, -1).map((line) => line.split(',')[0])).size).toBe(rows);
  });

  it('answers ping while its store is reachable', async () => {
    await expect(answerOf(running.history.client.GET('/timeseries/ping'))).resolves.toEqual({
      status: 200,
      body: { ping: 'pong' },
    });
  });

  it('serves an API page that lists every endpoint with its body and examples, and describes the stream', async () => {
    const document = (await (await fetch(`${running.history.url}/api/doc-json`)).json()) as {
      info: { description: string };
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, { examples?: object }> } }>>;
    };
    const paths = ['ping', 'fields', 'ranges', 'metrics', 'csv'].map((path) => `/history/timeseries/${path}`);
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(paths));
    for (const path of paths.slice(1))
      expect(document.paths[path].post.requestBody?.content['application/json'].examples).toBeDefined();
    expect(document.info.description).toContain('WebSocket `/history/timeseries/stream`');
  });

  describe('stream', () => {
    let stream: StreamClient;
    const isData = (id: string) => (reply: StreamReply) => reply.id === id && reply.data !== undefined;

    beforeEach(async () => {
      stream = await StreamClient.open(running.history.streamUrl);
    });

    afterEach(() => stream.close());

    it('answers a ranges command and sends updates while the range has no end', async () => {
      const field = `${key}-live/v`;
      await publish({ key: `${key}-live`, data: { v: 1 } });
      await waitFor('the first value', async () => (await latest(field))?.value === 1);

      // Millisecond buckets, so the next value lands in a bucket of its own.
      stream.send({ id: 'graph', command: 'ranges', query: { fields: [field], duration: '30s', points: 30_000 } });
      const first = await stream.next('the first answer', isData('graph'));
      expect(first.data).toEqual([{ field, values: [[expect.any(Number), 1]], resolution: 'raw' }]);

      const seen = stream.replies.length;
      await publish({ key: `${key}-live`, data: { v: 3 } });
      const holdsThree = (reply: StreamReply) =>
        isData('graph')(reply) && (reply.data as Series)[0].values.some(([, value]) => value === 3);
      const update = await stream.next('an update holding the new value', holdsThree, seen);
      expect(update.data).toEqual([{ field, values: expect.any(Array), resolution: 'raw' }]);
    });

    it('shows on a live graph the same buckets a fresh ranges query answers for its span', async () => {
      const field = `${key}-same/v`;
      const send = (v: number) => publish({ key: `${key}-same`, data: { v } });
      await send(1 / 3);
      await waitFor('the first value', async () => (await latest(field)) !== undefined);
      // One-second buckets: the events below share some, so their averages are of several values.
      const query = { fields: [field], duration: '5m', points: 300 };
      stream.send({ id: 'graph', command: 'ranges', query });
      await stream.next('the first answer', isData('graph'));
      for (const v of [0.1, 2.7, -1e-3, 1e6 / 7, 42.42, Math.PI]) {
        await send(v);
        await new Promise((done) => setTimeout(done, 150));
      }
      // Compared within 1e-9: QuestDB 8.1.4 answers doubles with at most 12 decimals (3.141592653589).
      const last = async () => (await latest(field))?.value ?? NaN;
      await waitFor('the last value to be stored', async () => Math.abs((await last()) - Math.PI) < 1e-9);

      // Each message holds whole buckets, from the oldest one it changed: the later replaces the earlier.
      const shown = () => {
        const buckets = new Map<number, number>();
        for (const reply of stream.replies.filter(isData('graph'))) {
          for (const [ms, value] of (reply.data as Series)[0].values) buckets.set(ms, value);
        }
        return [...buckets].sort(([a], [b]) => a - b);
      };
      const answered = async () =>
        (await dataOf(running.history.client.POST('/timeseries/ranges', { body: query })))[0];
      await waitFor(
        'the live graph to show what ranges answers',
        async () => JSON.stringify(shown()) === JSON.stringify((await answered()).values),
      ).catch(() => undefined);
      expect(shown()).toEqual((await answered()).values);
    });

    it('answers a metrics command and follows new values', async () => {
      const field = `${key}-metric/v`;
      await publish({ key: `${key}-metric`, data: { v: 10 } });
      await waitFor('the first value', async () => (await latest(field))?.value === 10);

      stream.send({ id: 'gauge', command: 'metrics', query: { fields: [field] } });
      expect((await stream.next('the first answer', isData('gauge'))).data).toEqual([
        { field, value: 10, timestamp: expect.any(String) },
      ]);
      await publish({ key: `${key}-metric`, data: { v: 11 } });
      await stream.next('the update', (reply) => isData('gauge')(reply) && (reply.data as Latest)[0]?.value === 11);
    });

    it('stops a query on stop, and replaces a running query by a command with its id', async () => {
      const [a, b] = [`${key}-replace/a`, `${key}-replace/b`];
      const values = (value: number) => publish({ key: `${key}-replace`, data: { a: value, b: value } });
      await values(1);
      await waitFor('the first values', async () => (await latest(b))?.value === 1);

      stream.send({ id: 'q', command: 'metrics', query: { fields: [a] } });
      await stream.next('the answer about a', isData('q'));
      stream.send({ id: 'q', command: 'metrics', query: { fields: [b] } });
      const replaced = await stream.next(
        'the answer about b',
        (reply) => isData('q')(reply) && (reply.data as Latest)[0]?.field === b,
      );
      stream.send({ id: 'q', command: 'stop' });
      stream.send({ id: 'other', command: 'metrics', query: { fields: [b] } });
      await stream.next('the other query', isData('other'));

      await values(2);
      await stream.next(
        'an update of the other query',
        (reply) => isData('other')(reply) && (reply.data as Latest)[0]?.value === 2,
      );
      await values(3);
      await stream.next(
        'a later update of the other query',
        (reply) => isData('other')(reply) && (reply.data as Latest)[0]?.value === 3,
      );

      const afterReplace = stream.replies
        .slice(stream.replies.indexOf(replaced) + 1)
        .filter((reply) => reply.id === 'q');
      expect(afterReplace).toEqual([]);
    });

    it('answers an invalid command with an error and keeps the socket usable', async () => {
      stream.send('not json');
      stream.send({ id: 'bad', command: 'explode' });
      stream.send({
        id: 'late',
        command: 'ranges',
        query: { fields: ['x'], start: 2_000_000_000, end: 1_000_000_000 },
      });
      stream.send({ id: 'empty', command: 'metrics' });
      stream.send({ id: 'typo', command: 'ranges', query: { fields: ['x'], from: 1_000_000_000 } });
      await stream.next('the five errors', () => stream.replies.filter((reply) => reply.error).length === 5);
      expect(stream.replies).toEqual([
        { error: 'the message is not JSON' },
        { id: 'bad', error: 'command must be one of the following values: ranges, metrics, follow, stop' },
        { id: 'late', error: expect.stringContaining('is before start') },
        { id: 'empty', error: 'query.fields must be an array' },
        {
          id: 'typo',
          error: 'query.from is not a field of this body; the fields are fields, start, end, duration, points',
        },
      ]);

      stream.send({ id: 'good', command: 'metrics', query: { fields: ['x'] } });
      expect((await stream.next('the valid answer', isData('good'))).data).toEqual([]);
    });
  });
});
