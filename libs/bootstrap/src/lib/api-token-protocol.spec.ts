import { BEARER_PROTOCOL_PREFIX, chooseStreamProtocol, hasProtocolToken, streamProtocols } from './api-token-protocol';

describe(streamProtocols.name, () => {
  it('offers eventcast and the token in base64url, without padding or characters a header token forbids', () => {
    expect(streamProtocols('ab?~ü')).toEqual(['eventcast', 'eventcast.bearer.YWI_fsO8']);
    for (const protocol of streamProtocols('a token-0123456789/+=')) expect(protocol).toMatch(/^[A-Za-z0-9._-]+$/);
  });
});

describe(hasProtocolToken.name, () => {
  const token = 'the-token-0123456789';
  const [, bearer] = streamProtocols(token);

  it('finds the token among the offered subprotocols, wherever it stands', () => {
    expect(hasProtocolToken(`eventcast, ${bearer}`, token)).toBe(true);
    expect(hasProtocolToken(`${bearer},eventcast`, token)).toBe(true);
    expect(hasProtocolToken(`eventcast, ${streamProtocols('other-token-0123456789')[1]}, ${bearer}`, token)).toBe(true);
  });

  it('refuses no header, another token, a part of the token and the token unencoded', () => {
    expect(hasProtocolToken(undefined, token)).toBe(false);
    expect(hasProtocolToken('eventcast', token)).toBe(false);
    expect(hasProtocolToken(`eventcast, ${streamProtocols(`${token}x`)[1]}`, token)).toBe(false);
    expect(hasProtocolToken(`eventcast, ${bearer.slice(0, -2)}`, token)).toBe(false);
    expect(hasProtocolToken(`eventcast, ${BEARER_PROTOCOL_PREFIX}${token}`, token)).toBe(false);
    expect(hasProtocolToken(`eventcast, ${BEARER_PROTOCOL_PREFIX}`, token)).toBe(false);
  });
});

describe(chooseStreamProtocol.name, () => {
  it('answers eventcast when it was offered, and never the token subprotocol', () => {
    const [, bearer] = streamProtocols('the-token-0123456789');
    expect(chooseStreamProtocol(new Set(['eventcast', bearer]))).toBe('eventcast');
    expect(chooseStreamProtocol(new Set([bearer]))).toBe(false);
    expect(chooseStreamProtocol(new Set())).toBe(false);
  });
});
