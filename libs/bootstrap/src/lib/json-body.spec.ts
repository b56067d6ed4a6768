import { Body, Controller, Module, Post } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { MAX_NESTING_DEPTH, TOO_DEEP_PROBLEM } from '@eventcast/domain';
import { UNSUPPORTED_MEDIA_TYPE_MESSAGE } from './http-error-answer';
import { jsonNestsDeeperThan } from './json-body';
import { createServiceApp } from './service-app';

/** A route that answers what it was given, and counts the calls that reached it. */
@Controller()
class EchoController {
  static calls = 0;

  @Post('echo')
  echo(@Body() body: unknown): unknown {
    EchoController.calls += 1;
    return { body: body ?? null, prototypeIsClean: Object.keys(Object.prototype).length === 0 };
  }
}

@Module({ controllers: [EchoController] })
class EchoModule {}

function nestedText(levels: number, open = '[', close = ']'): string {
  return `${open.repeat(levels)}${close.repeat(levels)}`;
}

describe(jsonNestsDeeperThan.name, () => {
  const deeper = (text: string, limit: number) => jsonNestsDeeperThan(Buffer.from(text), limit);

  it('counts each object or array as one level, and brackets inside strings as none', () => {
    expect(deeper('{}', 0)).toBe(true);
    expect(deeper('{}', 1)).toBe(false);
    expect(deeper('{"a": [1, {"b": []}]}', 3)).toBe(true);
    expect(deeper('{"a": [1, {"b": []}]}', 4)).toBe(false);
    expect(deeper('["[[[[", "\\"[[[[", "\\\\", [[]]]', 3)).toBe(false);
    expect(deeper('["[[[[", "\\"[[[[", "\\\\", [[[]]]]', 3)).toBe(true);
    expect(deeper('[{"é": "温度 {["}]', 2)).toBe(false);
  });

  it('agrees with the depth of what JSON.parse builds', () => {
    expect(deeper(nestedText(MAX_NESTING_DEPTH), MAX_NESTING_DEPTH)).toBe(false);
    expect(deeper(nestedText(MAX_NESTING_DEPTH + 1), MAX_NESTING_DEPTH)).toBe(true);
  });
});

describe('the JSON body parser of createServiceApp', () => {
  let app: NestFastifyApplication;

  beforeAll(async () => {
    app = await createServiceApp(
      {
        name: 'echo',
        module: EchoModule,
        prefix: 'svc',
        port: 0,
        mqttUrl: 'mqtt://unused',
        transport: {},
        api: { title: 'echo', description: 'echo', version: '1' },
      },
      { logger: false },
    );
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
  });

  afterAll(() => app.close());

  async function post(payload: string | Buffer, contentType = 'application/json') {
    const before = EchoController.calls;
    const response = await app.inject({
      method: 'POST',
      url: '/svc/echo',
      headers: { 'content-type': contentType },
      payload,
    });
    return { status: response.statusCode, body: response.json(), reachedRoute: EchoController.calls > before };
  }

  it('hands a JSON body to the route as parsed', async () => {
    expect(await post('{"a": [1, "x"]}')).toEqual({
      status: 201,
      body: { body: { a: [1, 'x'] }, prototypeIsClean: true },
      reachedRoute: true,
    });
  });

  it(`takes ${MAX_NESTING_DEPTH} levels and refuses one more with 400 before the route sees it`, async () => {
    expect((await post(nestedText(MAX_NESTING_DEPTH))).status).toBe(201);
    for (const text of [nestedText(MAX_NESTING_DEPTH + 1), nestedText(5000, '{"a":', '}'), nestedText(1_000_000)]) {
      expect(await post(text)).toEqual({
        status: 400,
        body: { statusCode: 400, error: 'Bad Request', message: [TOO_DEEP_PROBLEM] },
        reachedRoute: false,
      });
    }
  });

  it('refuses a body that is not UTF-8 with 400', async () => {
    expect(await post(Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]))).toEqual({
      status: 400,
      body: { statusCode: 400, error: 'Bad Request', message: 'the body is not valid UTF-8' },
      reachedRoute: false,
    });
  });

  it.each([
    ['text that is not JSON', '{"a": '],
    ['a __proto__ key', '{"__proto__": {"polluted": true}}'],
    ['a constructor key holding prototype', '{"constructor": {"prototype": {"polluted": true}}}'],
  ])('refuses %s with 400 in the shape of every error, and pollutes nothing', async (_what, text) => {
    expect(await post(text)).toEqual({
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: "Body is not valid JSON but content-type is set to 'application/json'",
      },
      reachedRoute: false,
    });
    expect(Object.keys(Object.prototype)).toEqual([]);
  });

  it('refuses an empty body that says it is JSON with 400', async () => {
    expect(await post('')).toEqual({
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: "Body cannot be empty when content-type is set to 'application/json'",
      },
      reachedRoute: false,
    });
  });

  it.each(['application/x-www-form-urlencoded', 'application/xml', 'image/png'])(
    'refuses a %s body with 415',
    async (contentType) => {
      expect(await post('a=1', contentType)).toEqual({
        status: 415,
        body: { statusCode: 415, error: 'Unsupported Media Type', message: UNSUPPORTED_MEDIA_TYPE_MESSAGE },
        reachedRoute: false,
      });
    },
  );

  it('says to send JSON when a body comes without a content type', async () => {
    const response = await app.inject({ method: 'POST', url: '/svc/echo', payload: '{"a": 1}' });
    expect({ status: response.statusCode, body: response.json() }).toEqual({
      status: 415,
      body: {
        statusCode: 415,
        error: 'Unsupported Media Type',
        message: 'send the body as JSON, with the header Content-Type: application/json',
      },
    });
  });

  it('answers 405 naming the methods of a path that exists for other methods only', async () => {
    const response = await app.inject({ method: 'GET', url: '/svc/echo?x=1' });
    expect({ status: response.statusCode, allow: response.headers['allow'], body: response.json() }).toEqual({
      status: 405,
      allow: 'POST',
      body: { statusCode: 405, error: 'Method Not Allowed', message: '/svc/echo does not answer GET: use POST' },
    });
    expect((await app.inject({ method: 'POST', url: '/svc/health' })).headers['allow']).toBe('GET, HEAD');
  });

  it('still answers 404 for a path no route has', async () => {
    const response = await app.inject({ method: 'GET', url: '/svc/nothing' });
    expect({ status: response.statusCode, allow: response.headers['allow'] }).toEqual({
      status: 404,
      allow: undefined,
    });
  });
});
