import { BEARER_PROTOCOL_PREFIX, streamProtocols } from '@eventcast/live-stream';
import { chooseStreamProtocol, hasProtocolToken } from './api-token-protocol';

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
