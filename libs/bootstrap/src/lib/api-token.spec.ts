import { hasBearerToken, isOpenRoute } from './api-token';

describe(hasBearerToken.name, () => {
  const token = 'the-token-0123456789';

  it('takes "Bearer <token>" (any case of Bearer) and nothing else', () => {
    expect(hasBearerToken(`Bearer ${token}`, token)).toBe(true);
    expect(hasBearerToken(`bearer ${token}`, token)).toBe(true);
    expect(hasBearerToken(undefined, token)).toBe(false);
    expect(hasBearerToken(token, token)).toBe(false);
    expect(hasBearerToken(`Basic ${token}`, token)).toBe(false);
    expect(hasBearerToken(`Bearer ${token}x`, token)).toBe(false);
    expect(hasBearerToken(`Bearer ${token.slice(1)}`, token)).toBe(false);
    expect(hasBearerToken('Bearer ', token)).toBe(false);
  });
});

describe(isOpenRoute.name, () => {
  it('opens ping, health, metrics and the API page of the service, nothing else', () => {
    const open = [
      '/history/timeseries/ping',
      '/history/health',
      '/history/metrics',
      '/history/api/doc',
      '/history/api/doc-json',
    ];
    const guarded = [
      '/history/timeseries/fields',
      '/history/datastore/health',
      '/history/timeseries/metrics',
      '/other/metrics',
    ];
    expect(open.filter((route) => isOpenRoute(route, 'history'))).toEqual(open);
    expect(guarded.filter((route) => isOpenRoute(route, 'history'))).toEqual([]);
    expect(isOpenRoute(undefined, 'history')).toBe(false);
  });
});
