import fc from 'fast-check';
import { MqttClient } from 'mqtt';
import { historyTopic } from '@eventcast/domain';
import { scrapeMetrics, ServiceUnderTest } from '@eventcast/testing';
import { isJson } from './messages';

// The history half of the volume phase: a stream of generated payloads through the real ingest path
// (MQTT at QoS 1 to the running service), each payload knowing which values a reader must find
// stored (docs/flattening.md), and a read-back through `/csv` that compares, field by field, the
// values stored with those expected, in the order they were published.

/** The key of the generated events, but those of the wide kind. */
export const VOLUME_KEY = 'fuzz-volume';
/** The key of the wide events: thousands of fields each, checked by sample. */
const WIDE_KEY = 'fuzz-volume-wide';
/** Every key and array item read counts towards the 10,000 entries an event may have (docs/flattening.md). */
const ENTRIES_PER_EVENT = 10_000;
/** Wide events are checked at these positions of their array: all below the entry limit, one above. */
const WIDE_SAMPLES = [0, 4_321, 8_999];
const WIDE_CUT = 10_500;
/** Nesting that is kept (at most 32 levels below `data`) and nesting that is dropped. */
const KEPT_DEPTH = { min: 1, max: 30 };
const DROPPED_DEPTH = { min: 40, max: 5_000 };
const PUBLISH_WINDOW = 200;
/**
 * The most payloads published but not yet taken by the service. The broker sends the service up to
 * its Receive Maximum (65,535) and queues 1,000 more (Mosquitto's default); beyond that it drops,
 * which is the broker's limit, not the service's (docs/history.md), so the publisher waits.
 */
const MAX_BACKLOG = 20_000;
const CSV_FIELDS_PER_REQUEST = 200;

/** One generated payload: what is published, and the values (by field) a reader must find stored. */
export interface VolumePayload {
  kind: string;
  topic: string;
  payload: string | Buffer;
  /** The values the event must store, by full field name; empty for an event that stores nothing. */
  expected: Array<[string, number]>;
  /** The length of a wide event's array, checked by sample. */
  wide?: number;
}

/** Names that are not special to flattening (no `/`, which would let two paths share a name). */
const NAMES = ['a', 'b', 'temp[degC]', 'état', 'x y', '0', '', 'Beer PID'];
/** Strings flattening leaves out (docs/flattening.md). */
const LEFT_OUT = ['on', 'true', '1.2.3', '5.', '0x10', 'NaN', 'Infinity', '', '1e999', 'abc'];
/** JSON number tokens at the edges of what a double holds. */
const ODD_TOKENS = ['1e400', '-1e400', '1e-400', '-0', '-0.0e-0', '0.1E1', '123456789012345678901234567890', '5e-324'];

type Leaf = { json: unknown; stored?: number };

const leaf: fc.Arbitrary<Leaf> = fc.oneof(
  fc
    .double({ noNaN: true, noDefaultInfinity: true })
    .map((value) => ({ json: value, stored: value === 0 ? 0 : value })),
  fc.integer().map((value) => ({ json: value, stored: value })),
  fc.boolean().map((value) => ({ json: value, stored: value ? 1 : 0 })),
  fc
    .tuple(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom('', ' ', '\t', '  '))
    .map(([value, pad]) => ({ json: `${pad}${String(value)}${pad}`, stored: Number(String(value)) })),
  fc.constantFrom(...LEFT_OUT).map((text) => ({ json: text })),
  fc.constant({ json: null }),
);

/** A tree of `data`: what is serialised, and the values it holds by path below it. */
interface Tree {
  json: unknown;
  values: Array<[string[], number]>;
}

const treeOf = fc.letrec<{ node: Tree; object: Tree }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf.map(({ json, stored }) => ({
      json,
      values: stored === undefined ? [] : [[[], stored] as [string[], number]],
    })),
    tie('object'),
    fc.array(leaf, { minLength: 1, maxLength: 3 }).map((items) => ({
      json: items.map((item) => item.json),
      values: items.flatMap((item, index) =>
        item.stored === undefined ? [] : [[[String(index)], item.stored] as [string[], number]],
      ),
    })),
  ),
  object: fc
    .uniqueArray(fc.tuple(fc.constantFrom(...NAMES), tie('node')), {
      minLength: 1,
      maxLength: 4,
      selector: ([name]) => name,
    })
    .map((entries) => ({
      json: Object.fromEntries(entries.map(([name, node]) => [name, node.json])),
      values: entries.flatMap(([name, node]) =>
        node.values.map(([path, value]): [string[], number] => [[name, ...path], value]),
      ),
    })),
})).object;

/** The values of `data`, named as stored: the key, then the path, joined by `/`. */
function named(key: string, tree: Tree): Array<[string, number]> {
  return tree.values.map(([path, value]) => [[key, ...path].join('/'), value]);
}

const event = (data: unknown, key = VOLUME_KEY) => JSON.stringify({ key, data });
const topic = historyTopic(VOLUME_KEY);

export const volumePayload: fc.Arbitrary<VolumePayload> = fc.oneof(
  {
    arbitrary: treeOf.map((tree) => ({
      kind: 'valid',
      topic,
      payload: event(tree.json),
      expected: named(VOLUME_KEY, tree),
    })),
    weight: 400,
  },
  {
    arbitrary: fc
      .oneof(
        fc.constantFrom(...ODD_TOKENS),
        fc.double({ noNaN: true, noDefaultInfinity: true }).map((value) => value.toExponential()),
      )
      .map((token) => {
        const value = Number(token);
        return {
          kind: 'odd numbers',
          topic,
          payload: `{"key":"${VOLUME_KEY}","data":{"odd":${token}}}`,
          expected: Number.isFinite(value) ? [[`${VOLUME_KEY}/odd`, value === 0 ? 0 : value] as [string, number]] : [],
        };
      }),
    weight: 100,
  },
  {
    arbitrary: fc.tuple(fc.integer({ min: 1_000, max: 32_000 }), fc.integer()).map(([length, n]) => ({
      kind: 'huge strings',
      topic,
      payload: event({ label: 'é'.repeat(length), n }),
      expected: [[`${VOLUME_KEY}/n`, n] as [string, number]],
    })),
    weight: 10,
  },
  {
    arbitrary: fc
      .oneof(fc.integer(KEPT_DEPTH), fc.integer(DROPPED_DEPTH))
      .chain((levels) => fc.integer().map((n) => ({ levels, n })))
      .map(({ levels, n }) => {
        const path = Array.from({ length: levels }, () => 'd').join('/');
        return {
          kind: levels <= KEPT_DEPTH.max ? 'deep, kept' : 'deep, cut',
          topic,
          payload: `{"key":"${VOLUME_KEY}","data":{"shallow":${n},${'"d":{'.repeat(levels)}"v":${n}${'}'.repeat(levels)}}}`,
          expected: [
            [`${VOLUME_KEY}/shallow`, n] as [string, number],
            ...(levels <= KEPT_DEPTH.max ? [[`${VOLUME_KEY}/${path}/v`, n] as [string, number]] : []),
          ],
        };
      }),
    weight: 30,
  },
  {
    arbitrary: fc.integer({ min: 1, max: 12_000 }).map((width) => ({
      kind: 'wide',
      topic: historyTopic(WIDE_KEY),
      payload: event({ w: Array.from({ length: width }, (_, index) => index) }, WIDE_KEY),
      expected: [],
      wide: width,
    })),
    weight: 2,
  },
  {
    arbitrary: fc
      .tuple(
        fc.constantFrom(
          (data: string) => `{"key":5,"data":${data}}`,
          (data: string) => `{"data":${data}}`,
          (data: string) => `{"key":"","data":${data}}`,
          (data: string) => `[{"key":"${VOLUME_KEY}","data":${data}}]`,
          () => `{"key":"${VOLUME_KEY}","data":[1,2,3]}`,
          () => `{"key":"${VOLUME_KEY}","data":"12"}`,
          () => `{"key":"${VOLUME_KEY}","data":null}`,
          () => `{"key":"${VOLUME_KEY}"}`,
          () => `"${VOLUME_KEY}"`,
          () => '42',
        ),
        treeOf,
      )
      .map(([shape, tree]) => ({
        kind: 'almost valid',
        topic,
        payload: shape(JSON.stringify(tree.json)),
        expected: [],
      })),
    weight: 150,
  },
  {
    arbitrary: fc.tuple(fc.uint8Array({ minLength: 1, maxLength: 8 }), fc.integer()).map(([bytes, n]) => ({
      kind: 'invalid UTF-8',
      topic,
      // Bytes that are never UTF-8 (0xf8 to 0xff) in the middle of the structure: not JSON.
      payload: Buffer.concat([
        Buffer.from(`{"key":"${VOLUME_KEY}","data":{"n":${n},`),
        Buffer.from(bytes.map((byte) => 0xf8 | (byte & 0x07))),
        Buffer.from('}}'),
      ]),
      expected: [],
    })),
    weight: 50,
  },
  {
    arbitrary: fc
      .string({ maxLength: 200, unit: 'binary' })
      .filter((text) => !isJson(text))
      .map((text) => ({ kind: 'not JSON', topic, payload: text, expected: [] })),
    weight: 100,
  },
);

/** What the stream was made of, and what a reader must find. */
export class VolumeExpectation {
  readonly kinds = new Map<string, number>();
  /** Expected values by field, in publish order. */
  readonly values = new Map<string, number[]>();
  readonly wideWidths: number[] = [];
  payloads = 0;
  bytes = 0;

  add(payload: VolumePayload): void {
    this.payloads += 1;
    this.bytes += typeof payload.payload === 'string' ? Buffer.byteLength(payload.payload) : payload.payload.length;
    this.kinds.set(payload.kind, (this.kinds.get(payload.kind) ?? 0) + 1);
    for (const [field, value] of payload.expected) {
      const list = this.values.get(field) ?? [];
      list.push(value);
      this.values.set(field, list);
    }
    if (payload.wide !== undefined) this.wideWidths.push(payload.wide);
  }

  get valueCount(): number {
    let count = 0;
    for (const list of this.values.values()) count += list.length;
    for (const width of this.wideWidths) count += Math.min(width, ENTRIES_PER_EVENT - 1);
    return count;
  }
}

/**
 * Publishes `count` generated payloads at QoS 1, `PUBLISH_WINDOW` at a time and never more than
 * `MAX_BACKLOG` ahead of what the service has taken (`taken()`, counted from the start), and returns
 * what they hold.
 */
export async function publishVolume(
  mqtt: MqttClient,
  count: number,
  seed: number,
  taken: () => Promise<number>,
): Promise<VolumeExpectation> {
  const expectation = new VolumeExpectation();
  const inFlight = new Set<Promise<unknown>>();
  for (let chunk = 0; expectation.payloads < count; chunk++) {
    while (expectation.payloads - (await taken()) > MAX_BACKLOG) await new Promise((done) => setTimeout(done, 100));
    const batch = fc.sample(volumePayload, {
      seed: seed + chunk,
      numRuns: Math.min(1_000, count - expectation.payloads),
    });
    for (const payload of batch) {
      expectation.add(payload);
      const sent = mqtt.publishAsync(payload.topic, payload.payload, { qos: 1 });
      inFlight.add(sent);
      void sent.finally(() => inFlight.delete(sent));
      if (inFlight.size >= PUBLISH_WINDOW) await Promise.race(inFlight);
    }
  }
  await Promise.all(inFlight);
  return expectation;
}

/** How long the service may take nothing more before the fuzzer gives up waiting for the rest. */
const STALL_MS = 60_000;

/**
 * Waits until the service has received `deliveries` more messages than `before` and written every
 * value it holds; fails when it takes nothing more for `STALL_MS` (a payload lost on the way).
 */
export async function awaitIngest(
  history: ServiceUnderTest<'history'>,
  before: number,
  deliveries: number,
): Promise<void> {
  const metricsUrl = `${history.url}/history/metrics`;
  let last = -1;
  let progressAt = Date.now();
  for (;;) {
    const metrics = await scrapeMetrics(metricsUrl);
    const received = (metrics.value('eventcast_history_events_received_total') ?? 0) - before;
    if (received >= deliveries && metrics.value('eventcast_history_values_waiting') === 0) return;
    if (received !== last) [last, progressAt] = [received, Date.now()];
    if (Date.now() - progressAt > STALL_MS) {
      throw new Error(
        `the history service took ${received} of ${deliveries} payloads, then nothing for ${STALL_MS / 1000} s`,
      );
    }
    await new Promise((done) => setTimeout(done, 250));
  }
}

export async function receivedSoFar(history: ServiceUnderTest<'history'>): Promise<number> {
  return (await scrapeMetrics(`${history.url}/history/metrics`)).value('eventcast_history_events_received_total') ?? 0;
}

/** The columns of a `/csv` answer for `fields`: each field's non-empty cells, as numbers, oldest first. */
async function storedColumns(history: ServiceUnderTest<'history'>, fields: string[]): Promise<Map<string, number[]>> {
  const columns = new Map<string, number[]>(fields.map((field) => [field, []]));
  for (let start = 0; start < fields.length; start += CSV_FIELDS_PER_REQUEST) {
    const asked = fields.slice(start, start + CSV_FIELDS_PER_REQUEST);
    const response = await fetch(`${history.url}/history/timeseries/csv`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fields: asked, duration: '1d', precision: 'ns' }),
    });
    if (!response.ok) throw new Error(`/csv answered ${response.status}: ${await response.text()}`);
    const rows = (await response.text()).split('\r\n').slice(1);
    for (const row of rows) {
      if (row === '') continue;
      // Field names are asked for, not read from the header: only the cells are parsed, and no cell is quoted.
      const cells = row.split(',').slice(1);
      cells.forEach((cell, index) => {
        if (cell !== '') columns.get(asked[index])?.push(Number(cell));
      });
    }
  }
  return columns;
}

/** Compares what is stored with what was expected; returns a line per difference (at most 10). */
export async function checkStored(
  history: ServiceUnderTest<'history'>,
  expectation: VolumeExpectation,
): Promise<{
  problems: string[];
  stored: number;
}> {
  const problems: string[] = [];
  let stored = 0;
  const fields = [...expectation.values.keys()];
  const columns = await storedColumns(history, fields);
  for (const field of fields) {
    const want = expectation.values.get(field) ?? [];
    const got = columns.get(field) ?? [];
    stored += got.length;
    const first = want.findIndex((value, index) => !Object.is(value, got[index]) && value !== got[index]);
    if (got.length !== want.length || first >= 0) {
      problems.push(
        `${JSON.stringify(field)}: expected ${want.length} values, stored ${got.length}` +
          (first >= 0 ? `; value ${first} is ${got[first]}, expected ${want[first]}` : ''),
      );
    }
  }
  const wideFields = [...WIDE_SAMPLES, WIDE_CUT].map((index) => `${WIDE_KEY}/w/${index}`);
  const wide = await storedColumns(history, wideFields);
  for (const [index, field] of [...WIDE_SAMPLES, WIDE_CUT].map((position, at) => [position, wideFields[at]] as const)) {
    const want = index >= WIDE_CUT ? 0 : expectation.wideWidths.filter((width) => width > index).length;
    const got = wide.get(field)?.length ?? 0;
    if (got !== want) problems.push(`${field}: expected ${want} values, stored ${got}`);
  }
  return { problems: problems.slice(0, 10), stored };
}
