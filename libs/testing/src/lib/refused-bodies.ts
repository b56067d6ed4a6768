import { MAX_NESTING_DEPTH, MAX_OBJECT_KEYS, TOO_DEEP_PROBLEM, TOO_WIDE_PROBLEM } from '@eventcast/domain';

/** A body that every route of every service refuses with 400 before any handler sees it, and the message it answers. */
export interface RefusedBody {
  what: string;
  body: string | Uint8Array;
  message: string | string[];
}

const NOT_JSON = "Body is not valid JSON but content-type is set to 'application/json'";

/**
 * `valid`, a body the route would take, spoilt in each of the ways the one JSON parser of the
 * services refuses (`parseJsonBodies` in `@eventcast/bootstrap`): nested far deeper than
 * `MAX_NESTING_DEPTH`, just one level too deep, not UTF-8, with a `__proto__` key or a `constructor`
 * key holding `prototype`; and with an object of 100,000 keys, which validation refuses before
 * copying it (`MAX_OBJECT_KEYS` in `@eventcast/domain`). Were the junk let through, the route would
 * do what `valid` asks; a test checks that nothing happened.
 */
export function refusedBodies(valid: Record<string, unknown>): RefusedBody[] {
  const text = JSON.stringify(valid);
  const withField = (field: string) => `${text.slice(0, -1)}${text === '{}' ? '' : ','}${field}}`;
  const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
  const wide = `{${Array.from({ length: 100_000 }, (_, index) => `"k${index}":${index}`).join(',')}}`;
  return [
    {
      what: `a body with an object of 100,000 keys (${MAX_OBJECT_KEYS} allowed)`,
      body: withField(`"wide":${wide}`),
      message: [TOO_WIDE_PROBLEM],
    },
    { what: 'a body nested 5,000 levels deep', body: withField(`"deep":${nested(5000)}`), message: [TOO_DEEP_PROBLEM] },
    {
      what: `a body nested ${MAX_NESTING_DEPTH + 1} levels deep`,
      body: withField(`"deep":${nested(MAX_NESTING_DEPTH)}`),
      message: [TOO_DEEP_PROBLEM],
    },
    {
      what: 'a body that is not UTF-8',
      body: Buffer.concat([
        Buffer.from(withField('"junk":"').slice(0, -1)),
        Buffer.from([0xff, 0xfe]),
        Buffer.from('"}'),
      ]),
      message: 'the body is not valid UTF-8',
    },
    { what: 'a body with a __proto__ key', body: withField('"__proto__":{"polluted":true}'), message: NOT_JSON },
    {
      what: 'a body with a constructor key holding prototype',
      body: withField('"constructor":{"prototype":{"polluted":true}}'),
      message: NOT_JSON,
    },
  ];
}
