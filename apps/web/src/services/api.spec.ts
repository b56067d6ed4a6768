import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The browser session's storage, as far as the token module uses it. */
class SessionStorage {
  private readonly items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
}

describe('servicesFor: a call refused with 401', () => {
  let server: Server;
  let origin: string;
  let api: typeof import('./api');
  let token: typeof import('./token');

  beforeAll(async () => {
    server = createServer((_request, response) => response.writeHead(401).end('{"message":"Unauthorized"}'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise((resolve) => server.close(resolve)));

  beforeEach(() => {
    Object.assign(globalThis, { sessionStorage: new SessionStorage() });
    jest.resetModules();
    api = require('./api');
    token = require('./token');
  });

  const fields = (services: import('./api').Services) =>
    services.history.POST('/timeseries/fields', { body: { limit: 1 } });

  it('asks for the token when the call went without one and none was given', async () => {
    await fields(api.servicesFor(undefined, origin));
    expect(token.tokenWanted()).toBe(true);
  });

  it('asks again when the call carried the token the user gave: it is wrong', async () => {
    token.keepSessionToken('a-wrong-token-of-16-chars');
    await fields(api.servicesFor('a-wrong-token-of-16-chars', origin));
    expect(token.tokenWanted()).toBe(true);
    expect(token.refusedToken()).toBe('a-wrong-token-of-16-chars');
  });

  it('names no refused token when the call went without one', async () => {
    await fields(api.servicesFor(undefined, origin));
    expect(token.refusedToken()).toBeUndefined();
  });

  it('fails the call with the words of the token dialog, not the status and the header advice', async () => {
    await expect(api.dataOf(fields(api.servicesFor(undefined, origin)))).rejects.toThrow(
      /^the services need a valid API token$/,
    );
  });

  it('asks nothing when the call went without a token before the user gave one', async () => {
    const before = api.servicesFor(undefined, origin);
    const refused = fields(before);
    token.keepSessionToken('the-token-of-16-chars');
    await refused;
    await fields(before);
    expect(token.tokenWanted()).toBe(false);
  });

  it('asks nothing when the call carried the token the user has since replaced', async () => {
    token.keepSessionToken('the-old-token-of-16-chars');
    const old = api.servicesFor('the-old-token-of-16-chars', origin);
    token.keepSessionToken('the-new-token-of-16-chars');
    await fields(old);
    expect(token.tokenWanted()).toBe(false);
  });
});
