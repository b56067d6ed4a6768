import fc from 'fast-check';
import { MAX_NESTING_DEPTH } from '@eventcast/domain';
import { resolved, Route, Schema } from './routes';

/** One request body as sent: its bytes (or none) and its content type (or no header). */
export interface FuzzBody {
  /** How it was made, for the report of a failure. */
  strategy: string;
  contentType?: string;
  body?: string | Uint8Array;
}

const JSON_TYPE = 'application/json';

/** Strings that have broken parsers before: empty, wildcards, escapes, times, numbers as text, odd code points. */
const TRICKY_STRINGS = [
  '',
  ' ',
  'a',
  'controller-1',
  'controller-service:controller-1',
  'svc-global',
  'units',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '*',
  '**',
  '?',
  '[',
  '[a-',
  '[!]',
  '[z-a]',
  '\\',
  'a\\',
  'a:b',
  ':',
  'a/b',
  '.',
  '..',
  '1d',
  '10m',
  '2h10m',
  '0s',
  '-1d',
  '1e309',
  '2024-05-01T00:00:00Z',
  '2024-02-30',
  '0000-01-01',
  '9999-12-31T23:59:59.999999Z',
  '-1',
  '1e10',
  'NaN',
  'Infinity',
  'null',
  'true',
  '\u0000',
  '\ud800',
  '\udfff',
  '\u2028',
  '💥',
  'température',
  '温度',
  'a'.repeat(60),
  '*a*a*a*a*a*a*a*a*b',
  'a'.repeat(257),
  'x'.repeat(4097),
];

/** Numbers at the edges: zero's sign, the largest and smallest doubles, 2^31 and 2^53, fractions. */
const TRICKY_NUMBERS = [
  0,
  -0,
  1,
  -1,
  0.5,
  1.5,
  99,
  100,
  2 ** 31 - 1,
  2 ** 31,
  2 ** 53,
  2 ** 53 + 2,
  1e10,
  1e308,
  -1e308,
  5e-324,
  1e-7,
];

// Made once: fast-check works out each new string arbitrary's edge cases when it is made, which cost
// the fuzzer more than the strings themselves when an arbitrary was made for every body.
const binaryString = fc.string({ maxLength: 40, unit: 'binary' });
const shortString = fc.string({ maxLength: 20 });
const binaryJunk = fc.string({ maxLength: 200, unit: 'binary' });

function trickyString(examples: unknown[]): fc.Arbitrary<string> {
  const seen = stringsIn(examples);
  return fc.oneof(
    { arbitrary: fc.constantFrom(...TRICKY_STRINGS), weight: 3 },
    { arbitrary: binaryString, weight: 2 },
    { arbitrary: shortString, weight: 2 },
    ...(seen.length > 0 ? [{ arbitrary: fc.constantFrom(...seen), weight: 4 }] : []),
  );
}

function stringsIn(value: unknown, found = new Set<string>()): string[] {
  if (typeof value === 'string') found.add(value);
  else if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) {
      found.add(key);
      stringsIn(child, found);
    }
  }
  return [...found];
}

const number = fc.oneof(
  fc.constantFrom(...TRICKY_NUMBERS),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Any JSON value, small. */
const anyJson = fc.jsonValue({ maxDepth: 3 });

/** A value shaped by `schema`, sometimes of the wrong type; `examples` lend it their strings. */
function fromSchema(schema: Schema, route: Route, depth = 0): fc.Arbitrary<unknown> {
  const shape = resolved(schema, route.schemas);
  const wrong = fc.oneof(anyJson, fc.constant(null));
  const strings = trickyString(route.examples);
  const variants = shape.oneOf ?? shape.anyOf;
  if (variants) return fc.oneof(...variants.map((variant) => fromSchema(variant, route, depth + 1)), wrong);
  if (shape.enum) return fc.oneof({ arbitrary: fc.constantFrom(...shape.enum), weight: 4 }, strings, wrong);
  switch (shape.type) {
    case 'string':
      return fc.oneof({ arbitrary: strings, weight: 8 }, number, wrong);
    case 'number':
    case 'integer': {
      const inRange =
        shape.minimum !== undefined && shape.maximum !== undefined
          ? [fc.integer({ min: Math.ceil(shape.minimum), max: Math.floor(shape.maximum) })]
          : [];
      return fc.oneof(
        ...inRange.map((arbitrary) => ({ arbitrary, weight: 4 })),
        { arbitrary: number, weight: 3 },
        strings,
        wrong,
      );
    }
    case 'boolean':
      return fc.oneof({ arbitrary: fc.boolean(), weight: 4 }, wrong);
    case 'array':
      return fc.oneof(
        {
          arbitrary: fc.array(shape.items && depth < 4 ? fromSchema(shape.items, route, depth + 1) : anyJson, {
            maxLength: 6,
          }),
          weight: 6,
        },
        wrong,
      );
    case 'object':
    default: {
      if (!shape.properties || depth >= 4) {
        return fc.oneof({ arbitrary: fc.dictionary(strings, anyJson, { maxKeys: 6 }), weight: 4 }, wrong);
      }
      const required = new Set(shape.required ?? []);
      const fields = Object.fromEntries(
        Object.entries(shape.properties).map(([name, field]) => [name, fromSchema(field, route, depth + 1)]),
      );
      // Required fields are there most of the time, optional ones half of it.
      const present = Object.keys(fields).map((name) =>
        fc.nat({ max: 9 }).map((roll) => roll < (required.has(name) ? 9 : 5)),
      );
      return fc
        .tuple(
          fc.record(fields),
          fc.tuple(...present),
          fc.dictionary(strings, anyJson, { maxKeys: 2 }),
          fc.nat({ max: 4 }),
        )
        .map(([record, kept, extra, roll]) => {
          const value: Record<string, unknown> = {};
          Object.keys(fields).forEach((name, index) => {
            if (kept[index]) value[name] = record[name];
          });
          return roll === 0 ? { ...value, ...extra } : value;
        });
    }
  }
}

/** Every path to a value inside `value`, the root included. */
function pathsIn(value: unknown, prefix: string[] = [], found: string[][] = []): string[][] {
  found.push(prefix);
  if (typeof value === 'object' && value !== null && found.length < 500) {
    for (const [key, child] of Object.entries(value)) pathsIn(child, [...prefix, key], found);
  }
  return found;
}

type Edit = 'replace' | 'delete' | 'add';

/** A copy of `value` with the value at one of its paths replaced, deleted, or given a sibling. */
function edited(value: unknown, pick: number, edit: Edit, junk: unknown, key: string): unknown {
  const copy = structuredClone(value);
  const paths = pathsIn(copy);
  const path = paths[pick % paths.length];
  if (path.length === 0) return edit === 'replace' ? junk : copy;
  const parent = path
    .slice(0, -1)
    .reduce<Record<string, unknown>>(
      (node, step) => node[step] as Record<string, unknown>,
      copy as Record<string, unknown>,
    );
  const last = path[path.length - 1];
  if (edit === 'replace') parent[last] = junk;
  else if (edit === 'delete') delete parent[last];
  // An array's sibling is one more item: `length` and its other own keys cannot be redefined.
  else if (Array.isArray(parent)) parent.push(junk);
  else Object.defineProperty(parent, key, { value: junk, enumerable: true, writable: true, configurable: true });
  return copy;
}

/** A stand-in that `withText` swaps for raw JSON text no value can be built from (too deep, `__proto__`, ...). */
const HOLE = '\u0000hole\u0000';

/** `value` as JSON text with the value at one of its paths replaced by `text`. */
function withText(value: unknown, pick: number, text: string): string {
  return JSON.stringify(edited(value, pick, 'replace', HOLE, '')).replace(JSON.stringify(HOLE), text);
}

function nested(levels: number, object: boolean): string {
  return object ? `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}` : `${'['.repeat(levels)}${']'.repeat(levels)}`;
}

/** JSON text that no JSON.stringify writes: too deep, many keys, long strings, prototype keys, odd numbers and escapes. */
const hostileText = fc.oneof(
  fc
    .tuple(fc.integer({ min: MAX_NESTING_DEPTH - 3, max: MAX_NESTING_DEPTH + 3 }), fc.boolean())
    .map(([levels, object]) => nested(levels, object)),
  fc.tuple(fc.integer({ min: 200, max: 20_000 }), fc.boolean()).map(([levels, object]) => nested(levels, object)),
  fc
    .integer({ min: 1_000, max: 30_000 })
    .map((keys) => `{${Array.from({ length: keys }, (_, index) => `"k${index}":${index}`).join(',')}}`),
  fc.integer({ min: 10_000, max: 300_000 }).map((length) => JSON.stringify('x'.repeat(length))),
  fc.integer({ min: 1_000, max: 20_000 }).map((items) => `[${'1,'.repeat(items)}1]`),
  fc.constantFrom(
    '{"__proto__":{"polluted":true}}',
    '{"constructor":{"prototype":{"polluted":true}}}',
    '{"constructor":{"polluted":true}}',
    '{"prototype":{"polluted":true}}',
    '{"a":1,"a":2}',
    '1e400',
    '-1e400',
    '-0',
    '123456789012345678901234567890',
    '0.000000000000000000000000000001',
    '"\\ud800"',
    '"\\udfff\\ud800"',
    '"\\u0000"',
    '"\\uFFFF"',
    'null',
    '[]',
    '{}',
  ),
);

/** Raw bodies: not UTF-8, cut short, empty, with a byte order mark, another content type, none at all. */
function rawBody(example: unknown): fc.Arbitrary<FuzzBody> {
  const text = JSON.stringify(example);
  return fc.oneof(
    fc.nat({ max: Math.max(text.length - 1, 0) }).map((at) => ({
      strategy: 'not UTF-8',
      contentType: JSON_TYPE,
      body: Buffer.concat([
        Buffer.from(text.slice(0, at)),
        Buffer.from([0xff, 0xc3, 0x28, 0xed, 0xa0, 0x80]),
        Buffer.from(text.slice(at)),
      ]),
    })),
    fc
      .nat({ max: Math.max(text.length - 1, 0) })
      .map((at) => ({ strategy: 'cut short', contentType: JSON_TYPE, body: text.slice(0, at) })),
    fc.constant({ strategy: 'empty', contentType: JSON_TYPE, body: '' }),
    fc.constant({ strategy: 'no body, no content type' }),
    fc.constant({ strategy: 'byte order mark', contentType: JSON_TYPE, body: `\ufeff${text}` }),
    fc
      .constantFrom(
        'text/plain',
        'application/x-www-form-urlencoded',
        'application/xml',
        'application/octet-stream',
        'multipart/form-data; boundary=x',
        'application/json; charset=latin1',
        'APPLICATION/JSON',
        'application/vnd.api+json',
        'application/json, text/plain',
        '',
      )
      .map((contentType) => ({ strategy: `content type "${contentType}"`, contentType, body: text })),
    binaryJunk.map((junk) => ({ strategy: 'text', contentType: JSON_TYPE, body: junk })),
  );
}

/** Just past the 16 MiB the services read: a 413, which they must answer without reading it all. */
const tooLarge: FuzzBody = {
  strategy: 'larger than 16 MiB',
  contentType: JSON_TYPE,
  body: JSON.stringify('x'.repeat(16 * 1024 * 1024)),
};

/**
 * The bodies the fuzzer sends to `route`: its examples as they are, values shaped by its schema
 * (often of the wrong type), examples with one value replaced, removed or given a sibling, any JSON,
 * hostile JSON text put inside an example, and raw bodies that are not JSON at all; without
 * `tooLarge`, no body past the size limit (16 MiB each: the volume phase sends too many).
 */
export function routeBodies(route: Route, { tooLarge: withTooLarge = true } = {}): fc.Arbitrary<FuzzBody> {
  const examples = route.examples.length > 0 ? route.examples : [{}];
  const example = fc.constantFrom(...examples);
  const json =
    (strategy: string) =>
    (value: unknown): FuzzBody => ({ strategy, contentType: JSON_TYPE, body: JSON.stringify(value) });
  const schemaValue = route.body ? fromSchema(route.body, route) : anyJson;
  const strings = trickyString(route.examples);
  const junk = fc.oneof(anyJson, number, strings, schemaValue);
  return fc.oneof(
    { arbitrary: example.map(json('example')), weight: 4 },
    { arbitrary: schemaValue.map(json('schema')), weight: 20 },
    {
      arbitrary: fc
        .tuple(example, fc.nat(), fc.constantFrom<Edit>('replace', 'delete', 'add'), junk, strings)
        .map(([value, pick, edit, replacement, key]) => edited(value, pick, edit, replacement, key))
        .map(json('example, one value changed')),
      weight: 25,
    },
    { arbitrary: anyJson.map(json('any JSON')), weight: 6 },
    {
      arbitrary: fc.tuple(example, fc.nat(), hostileText).map(([value, pick, text]): FuzzBody => ({
        strategy: 'hostile JSON in an example',
        contentType: JSON_TYPE,
        body: withText(value, pick, text),
      })),
      weight: 18,
    },
    { arbitrary: example.chain(rawBody), weight: 18 },
    ...(withTooLarge ? [{ arbitrary: fc.constant(tooLarge), weight: 1 }] : []),
  );
}

export { hostileText, nested, withText, edited, trickyString, anyJson };
