import { BEARER_PROTOCOL_PREFIX, STREAM_PROTOCOL, streamProtocols } from './token-protocol';

describe(streamProtocols.name, () => {
  it('carries the token as base64url after eventcast.bearer., beside eventcast', () => {
    expect(streamProtocols('ab?~ü')).toEqual([STREAM_PROTOCOL, `${BEARER_PROTOCOL_PREFIX}YWI_fsO8`]);
  });

  it('offers only characters a subprotocol may hold, and the token decodes back whole', () => {
    const token = 'a-token/of+16?chars~é';
    const [, bearer] = streamProtocols(token);
    const encoded = bearer.slice(BEARER_PROTOCOL_PREFIX.length);
    for (const protocol of streamProtocols(token)) expect(protocol).toMatch(/^[A-Za-z0-9._-]+$/);
    expect(Buffer.from(encoded, 'base64url').toString('utf8')).toBe(token);
  });
});
