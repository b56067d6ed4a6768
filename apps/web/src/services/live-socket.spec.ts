import { streamProtocols } from './live-socket';

describe('streamProtocols', () => {
  it('offers no subprotocol without a token', () => {
    expect(streamProtocols(undefined)).toBeUndefined();
  });

  it('carries the token as base64url after eventcast.bearer., beside eventcast', () => {
    const token = 'a-token/of+16?chars~é';
    const [plain, bearer] = streamProtocols(token) as string[];
    expect(plain).toBe('eventcast');
    const encoded = bearer.slice('eventcast.bearer.'.length);
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(Buffer.from(encoded, 'base64url').toString('utf8')).toBe(token);
  });
});
