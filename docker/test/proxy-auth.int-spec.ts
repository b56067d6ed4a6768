import { MISSING_TOKEN_ANSWER } from '@eventcast/bootstrap';
import { apiTokenAnswers, ServiceUnderTest, websocketUpgrade } from '@eventcast/testing';
import { NGINX_INSTALLED, RunningProxy, startProxy } from './proxy-process';

const TOKEN = 'proxy-test-token-0123456789';
const REFUSED = { status: 401, body: MISSING_TOKEN_ANSWER };

// The proxy's configuration in nginx in front of the built services, each with the API token, as
// Compose runs them: every route but the open ones needs the token through the proxy.
(NGINX_INSTALLED ? describe : describe.skip)(
  `the proxy in front of the services with API_TOKEN set${NGINX_INSTALLED ? '' : ' (SKIPPED: no nginx program here)'}`,
  () => {
    let services: Record<string, ServiceUnderTest<'history' | 'datastore' | 'controller' | 'automation'>>;
    let proxy: RunningProxy;

    beforeAll(async () => {
      const [history, datastore] = await Promise.all([
        ServiceUnderTest.start('history', { API_TOKEN: TOKEN, MQTT_CLIENT_ID: 'eventcast-history-proxy-auth' }),
        ServiceUnderTest.start('datastore', { API_TOKEN: TOKEN }),
      ]);
      const fermenter = await ServiceUnderTest.start('controller', {
        SERVICE_ID: 'fermenter',
        API_TOKEN: TOKEN,
        DATASTORE_URL: datastore.url,
        DATASTORE_API_TOKEN: TOKEN,
      });
      const automation = await ServiceUnderTest.start('automation', {
        API_TOKEN: TOKEN,
        DATASTORE_URL: datastore.url,
        DATASTORE_API_TOKEN: TOKEN,
        HISTORY_URL: history.url,
        HISTORY_API_TOKEN: TOKEN,
      });
      services = { history, datastore, fermenter, greenhouse: fermenter, automation };
      proxy = await startProxy('http.conf', (name) => services[name].url.replace('http://', ''));
    }, 60_000);

    afterAll(async () => {
      await proxy?.stop();
      await Promise.all(Object.values(services ?? {}).map((service) => service.stop()));
    });

    it.each([
      [
        'datastore',
        { method: 'POST', path: '/history/datastore/mget', body: { namespace: 'proxy' } },
        '/history/datastore',
      ],
      ['history', { method: 'POST', path: '/history/timeseries/fields', body: {} }, '/history'],
      ['fermenter', { method: 'POST', path: '/fermenter/blocks/all/read' }, '/fermenter'],
    ] as const)('asks for the token of %s and leaves its ping and health open', async (_name, call, prefix) => {
      const ping = prefix === '/history' ? '/history/timeseries/ping' : `${prefix}/ping`;
      const open = [ping, `${prefix}/health`].map((path) => ({ method: 'GET' as const, path }));
      expect(await apiTokenAnswers(proxy.http, TOKEN, call, open)).toEqual({
        withoutToken: REFUSED,
        wrongToken: REFUSED,
        rightToken: 200,
        openWithoutToken: Object.fromEntries(open.map(({ path }) => [path, 200])),
      });
    });

    // The token is checked before a route is looked up: a path the service does not have answers
    // 404 only with the token.
    it('asks for the token of automation and leaves its ping and health open', async () => {
      const call = { method: 'GET' as const, path: '/automation/no-such-route' };
      const open = ['/automation/ping', '/automation/health'].map((path) => ({ method: 'GET' as const, path }));
      expect(await apiTokenAnswers(proxy.http, TOKEN, call, open)).toEqual({
        withoutToken: REFUSED,
        wrongToken: REFUSED,
        rightToken: 404,
        openWithoutToken: Object.fromEntries(open.map(({ path }) => [path, 200])),
      });
    });

    it('asks for the token of the history stream through the proxy', async () => {
      const stream = `${proxy.http}/history/timeseries/stream`;
      await expect(websocketUpgrade(stream)).resolves.toBe(401);
      await expect(websocketUpgrade(stream, { authorization: `Bearer ${TOKEN}` })).resolves.toBe('open');
    });
  },
);
