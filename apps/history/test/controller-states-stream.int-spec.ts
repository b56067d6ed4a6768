import { connectAsync, MqttClient } from 'mqtt';
import WebSocket from 'ws';
import { disconnectedState, type PatchEvent, removedController, stateTopic, statePatchTopic } from '@eventcast/domain';
import { CONTROLLER_STREAM_PATH, streamProtocols } from '@eventcast/live-stream';
import { answerOf, PrivateBroker, sendRaw, ServiceUnderTest, waitFor, websocketUpgrade } from '@eventcast/testing';
import { TRY_AGAIN_LATER } from '../src/app/live/websocket-client';
import { StreamClient, StreamReply } from './stream-client';

const TOKEN = 'controller-stream-token-0123456789';

/** What the stream sends: the controllers' events as published. */
type ControllerEvent = StreamReply & { key?: string; type?: string; data?: { status?: unknown } | null };

const isStateOf = (key: string) => (reply: StreamReply) => {
  const event = reply as ControllerEvent;
  return event.key === key && event.type === 'Controller.state' && event.data !== null;
};

describe('the controller stream of the built history app', () => {
  let broker: PrivateBroker;
  let history: ServiceUnderTest<'history'>;
  let publisher: MqttClient;
  const streams: StreamClient[] = [];

  const open = async (protocols = streamProtocols(TOKEN)) => {
    const stream = await StreamClient.open(`${history.url.replace(/^http/, 'ws')}${CONTROLLER_STREAM_PATH}`, protocols);
    streams.push(stream);
    return stream;
  };

  beforeAll(async () => {
    broker = await PrivateBroker.start();
    history = await ServiceUnderTest.start('history', { MQTT_URL: broker.url, API_TOKEN: TOKEN });
    publisher = await connectAsync(broker.url);
    // mqtt.js reports each failed reconnection while the broker is stopped as an error.
    publisher.on('error', () => undefined);
  }, 40_000);

  afterAll(async () => {
    for (const stream of streams) stream.close();
    await publisher?.endAsync();
    await history?.stop();
    await broker?.stop();
  });

  it('refuses a client without the API token (401) and opens for the token in the subprotocol', async () => {
    const url = `${history.url}${CONTROLLER_STREAM_PATH}`;
    await expect(websocketUpgrade(url)).resolves.toBe(401);
    await expect(
      websocketUpgrade(url, { 'sec-websocket-protocol': streamProtocols(`${TOKEN}-wrong`).join(', ') }),
    ).resolves.toBe(401);
    const stream = await open();
    expect(stream.protocol).toBe('eventcast');
  });

  it("gives a new client every controller's retained state at once, then each state and patch event", async () => {
    const state = {
      key: 'cellar',
      type: 'Controller.state',
      data: {
        status: { connected: true, deviceId: 'C0FFEE', version: 'simulated-1', temperatureUnit: 'degF' },
        blocks: [],
        relations: [],
      },
    };
    await publisher.publishAsync(stateTopic('cellar'), JSON.stringify(state), { qos: 1, retain: true });
    const first = await open();
    await expect(first.next("the cellar's state", isStateOf('cellar'))).resolves.toEqual(state);

    const late = await open();
    await expect(late.next("the cellar's state, retained", isStateOf('cellar'))).resolves.toEqual(state);

    const patch: PatchEvent = {
      key: 'cellar',
      type: 'Controller.patch',
      data: { changed: [], deleted: ['Old sensor'] },
    };
    await publisher.publishAsync(statePatchTopic('cellar'), JSON.stringify(patch), { qos: 1 });
    await expect(
      late.next('the patch event', (reply) => (reply as ControllerEvent).type === 'Controller.patch'),
    ).resolves.toEqual(patch);
  });

  it("passes on a controller's last will when its process is killed", async () => {
    const controller = await ServiceUnderTest.start('controller', {
      SERVICE_ID: 'killed-stream-test',
      MQTT_URL: broker.url,
      DATASTORE_URL: 'http://127.0.0.1:9',
      BROADCAST_INTERVAL_MS: '200',
    });
    const stream = await open();
    const online = await stream.next('the live state', isStateOf('killed-stream-test'));
    expect((online as ControllerEvent).data?.status).toMatchObject({ connected: true, version: 'simulated-1' });

    await controller.stop('SIGKILL');
    const isGone = (reply: StreamReply) =>
      (reply as ControllerEvent).key === 'killed-stream-test' && (reply as ControllerEvent).data === null;
    await expect(stream.next('the last will', isGone)).resolves.toEqual(disconnectedState('killed-stream-test'));
  });

  it("removes an offline controller's retained state from the broker, and refuses an online one (409)", async () => {
    const start = (serviceId: string) =>
      ServiceUnderTest.start('controller', {
        SERVICE_ID: serviceId,
        MQTT_URL: broker.url,
        DATASTORE_URL: 'http://127.0.0.1:9',
        BROADCAST_INTERVAL_MS: '200',
      });
    const [gone, running] = await Promise.all([start('removed-stream-test'), start('running-stream-test')]);
    try {
      const stream = await open();
      await stream.next('the live state of the running controller', isStateOf('running-stream-test'));
      await stream.next('the live state of the other', isStateOf('removed-stream-test'));
      await gone.stop('SIGKILL');
      await stream.next(
        'the last will',
        (reply) => (reply as ControllerEvent).key === 'removed-stream-test' && (reply as ControllerEvent).data === null,
      );

      const remove = (serviceId: string) =>
        answerOf(history.client.POST('/controllers/remove', { body: { serviceId } }));
      await expect(remove('running-stream-test')).resolves.toEqual({
        status: 409,
        body: expect.objectContaining({
          message: 'running-stream-test is online: stop the controller first, then remove it',
        }),
      });
      await expect(
        sendRaw(`${history.url}/history/controllers/remove`, { serviceId: 'removed-stream-test' }),
      ).resolves.toMatchObject({ status: 401 });
      await expect(remove('removed-stream-test')).resolves.toEqual({
        status: 200,
        body: { removed: 'removed-stream-test' },
      });
      await expect(
        stream.next('the removal', (reply) => (reply as ControllerEvent).type === 'Controller.removed'),
      ).resolves.toEqual(removedController('removed-stream-test'));

      expect(await retainedOn(broker.url, stateTopic('removed-stream-test'))).toBeUndefined();
      expect(await retainedOn(broker.url, stateTopic('running-stream-test'))).toBeDefined();
      await expect(remove('removed-stream-test')).resolves.toMatchObject({ status: 404 });
      // The latest states come first, in the order of their ids: the removed one would precede the running one.
      const late = await open();
      await late.next('the running state', isStateOf('running-stream-test'));
      expect(late.replies.map((reply) => (reply as ControllerEvent).key)).not.toContain('removed-stream-test');
    } finally {
      await running.stop();
    }
  }, 40_000);

  it('closes its clients while it has lost the broker (1013), and serves them again once the broker is back', async () => {
    const url = `${history.url.replace(/^http/, 'ws')}${CONTROLLER_STREAM_PATH}`;
    const stream = await open();
    const closed = new Promise<number>((resolve) => stream.onClose(resolve));
    await broker.stop();
    await expect(closed).resolves.toBe(TRY_AGAIN_LATER);
    await expect(closeCodeOf(url)).resolves.toBe(TRY_AGAIN_LATER);

    await broker.restart();
    const state = {
      key: 'after-outage',
      type: 'Controller.state',
      data: {
        status: { connected: true, deviceId: 'BEEF', version: 'simulated-1', temperatureUnit: 'degC' },
        blocks: [],
        relations: [],
      },
    };
    await waitFor(
      'the stream to serve again',
      async () => {
        await publisher.publishAsync(stateTopic('after-outage'), JSON.stringify(state), { qos: 1, retain: true });
        const again = await open();
        return (
          (await again.next('the state after the outage', isStateOf('after-outage')).catch(() => undefined)) !==
          undefined
        );
      },
      20_000,
    );
  }, 40_000);

  it('never logs the token', () => {
    expect(history.log).not.toContain(streamProtocols(TOKEN)[1]);
  });
});

/** The retained payload on `topic` as a new subscriber gets it, or undefined when the broker keeps none. */
async function retainedOn(url: string, topic: string): Promise<string | undefined> {
  const client = await connectAsync(url);
  const marker = `${topic}/retained-check`;
  try {
    // The broker sends a retained message as it takes the subscription, before the marker published after it.
    const answer = new Promise<string | undefined>((resolve) =>
      client.on('message', (received, payload, packet) => {
        if (received === marker) resolve(undefined);
        else if (packet.retain) resolve(payload.toString());
      }),
    );
    await client.subscribeAsync([topic, marker], { qos: 1 });
    await client.publishAsync(marker, 'after the subscription', { qos: 1 });
    return await answer;
  } finally {
    await client.endAsync();
  }
}

/** The code a client opened with the token is closed with at once, or 0 when it stays open for a second. */
function closeCodeOf(url: string): Promise<number> {
  const socket = new WebSocket(url, streamProtocols(TOKEN));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.close();
      resolve(0);
    }, 1_000);
    socket.once('close', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
    socket.once('error', reject);
  });
}
