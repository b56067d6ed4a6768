import { connectAsync, MqttClient } from 'mqtt';
import { datastoreTopic } from '@eventcast/domain';
import { DOCUMENTS_STREAM_PATH, streamProtocols } from '@eventcast/live-stream';
import { PrivateBroker, ServiceUnderTest, waitFor, websocketUpgrade } from '@eventcast/testing';
import { StreamClient } from './stream-client';

const TOKEN = 'documents-stream-token-0123456789';

describe('the documents stream of the built history app', () => {
  let broker: PrivateBroker;
  let history: ServiceUnderTest<'history'>;
  let publisher: MqttClient;
  const streams: StreamClient[] = [];

  const open = async () => {
    const url = `${history.url.replace(/^http/, 'ws')}${DOCUMENTS_STREAM_PATH}`;
    const stream = await StreamClient.open(url, streamProtocols(TOKEN));
    streams.push(stream);
    return stream;
  };

  beforeAll(async () => {
    broker = await PrivateBroker.start();
    history = await ServiceUnderTest.start('history', { MQTT_URL: broker.url, API_TOKEN: TOKEN });
    publisher = await connectAsync(broker.url);
  }, 40_000);

  afterAll(async () => {
    for (const stream of streams) stream.close();
    await publisher?.endAsync();
    await history?.stop();
    await broker?.stop();
  });

  it('refuses a client without the API token (401) and opens for the token in the subprotocol', async () => {
    await expect(websocketUpgrade(`${history.url}${DOCUMENTS_STREAM_PATH}`)).resolves.toBe(401);
    const stream = await open();
    expect(stream.protocol).toBe('eventcast');
  });

  it('relays each change event of every top-level namespace, the empty one included, and passes over what is not one', async () => {
    const stream = await openServing();
    const from = stream.replies.length;
    const changed = { changed: [{ namespace: 'svc-ui-store:dashboards', id: 'main', widgets: [] }] };
    await publisher.publishAsync(datastoreTopic('svc-ui-store'), 'not a change event', { qos: 1 });
    await publisher.publishAsync(datastoreTopic('svc-ui-store'), JSON.stringify(changed), { qos: 1 });
    await publisher.publishAsync(datastoreTopic(''), JSON.stringify({ deleted: ['units'] }), { qos: 1 });

    await stream.next('the deletion', (reply) => 'deleted' in reply, from);
    expect(stream.replies.slice(from)).toEqual([changed, { deleted: ['units'] }]);
  });

  /**
   * A stream that relays: the service follows the datastore's topics on a connection of its own,
   * which may subscribe a moment after the service says it is connected; until then a stream is
   * closed at once (1013). Opens streams until one relays a probe event.
   */
  async function openServing(): Promise<StreamClient> {
    return waitFor(
      'a documents stream that relays',
      async () => {
        const stream = await open();
        const probe = { deleted: [`probe-${stream.replies.length}-${Date.now()}`] };
        await publisher.publishAsync(datastoreTopic('probe'), JSON.stringify(probe), { qos: 1 });
        const seen = await stream
          .next('the probe', (reply) => JSON.stringify(reply) === JSON.stringify(probe), 0, 2_000)
          .catch(() => undefined);
        return seen && stream;
      },
      20_000,
    );
  }
});
