import { randomBytes } from 'node:crypto';
import { Controller, INestApplication } from '@nestjs/common';
import { Ctx, EventPattern, MqttContext, Payload } from '@nestjs/microservices';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import { connectAsync, IPublishPacket, MqttClient } from 'mqtt';
import { PrivateBroker, testBrokerUrl, waitFor } from '@eventcast/testing';
import {
  EventPublisher,
  isRetainedDelivery,
  MessagingModule,
  MQTT_PUBLISHER_CLIENT,
  mqttTransportOptions,
  ResilientMqttClient,
  uniqueClientId,
} from '../src';

interface Delivery {
  topic: string;
  data: unknown;
  retained: boolean;
}

/** A consumer of everything below `root`, recording each delivery as its handler sees it. */
function recordingConsumer(root: string, deliveries: Delivery[]) {
  @Controller()
  class RecordingConsumer {
    @EventPattern(`${root}/#`, { qos: 1 })
    record(@Payload() data: unknown, @Ctx() context: MqttContext): void {
      deliveries.push({ topic: context.getTopic(), data, retained: isRetainedDelivery(context) });
    }
  }
  return RecordingConsumer;
}

async function startApp(
  root: string,
  deliveries: Delivery[],
  url = testBrokerUrl(),
  will?: Parameters<typeof MessagingModule.forRoot>[0]['will'],
) {
  const broker = { url, clientId: uniqueClientId('test'), will };
  const moduleRef = await Test.createTestingModule({
    imports: [MessagingModule.forRoot(broker)],
    controllers: [recordingConsumer(root, deliveries)],
  }).compile();
  const app = moduleRef.createNestApplication(new FastifyAdapter());
  app.connectMicroservice(mqttTransportOptions(broker));
  await app.init();
  return { app, subscribed: app.startAllMicroservices() };
}

function messagesOf(client: MqttClient): IPublishPacket[] {
  const packets: IPublishPacket[] = [];
  client.on('message', (_topic, _payload, packet) => packets.push(packet));
  return packets;
}

describe('MQTT wiring against the real Mosquitto', () => {
  const root = `eventcast-test/messaging-${randomBytes(4).toString('hex')}`;
  const deliveries: Delivery[] = [];
  let app: INestApplication;
  let peer: MqttClient;

  beforeAll(async () => {
    peer = await connectAsync(testBrokerUrl());
    // Published before the service subscribes, so the broker hands it over from its retained store.
    await peer.publishAsync(`${root}/retained`, JSON.stringify({ key: 'old', data: { a: 0 } }), {
      qos: 1,
      retain: true,
    });
    const started = await startApp(root, deliveries);
    app = started.app;
    await started.subscribed;
  });

  afterAll(async () => {
    await peer.publishAsync(`${root}/retained`, '', { qos: 1, retain: true });
    await app.close();
    await peer.endAsync();
  });

  it('hands the handler the whole payload of a plain MQTT client, key included', async () => {
    await peer.publishAsync(`${root}/history/k`, '{"key":"k","data":{"a":1}}', { qos: 1 });
    const delivery = await waitFor('the history event', () => deliveries.find((d) => d.topic === `${root}/history/k`));
    expect(delivery.data).toEqual({ key: 'k', data: { a: 1 } });
  });

  it('keeps the subscription after a payload that is not JSON', async () => {
    await peer.publishAsync(`${root}/junk`, 'not json {', { qos: 1 });
    await peer.publishAsync(`${root}/after-junk`, '{"key":"next","data":{"b":2}}', { qos: 1 });
    const next = await waitFor('the event after the junk', () =>
      deliveries.find((d) => d.topic === `${root}/after-junk`),
    );
    expect(next.data).toEqual({ key: 'next', data: { b: 2 } });
    expect(deliveries.find((d) => d.topic === `${root}/junk`)?.data).toBe('not json {');
  });

  it('lets a handler tell a retained delivery from a live one', async () => {
    const stored = await waitFor('the retained delivery', () => deliveries.find((d) => d.topic === `${root}/retained`));
    expect(stored).toMatchObject({ retained: true, data: { key: 'old', data: { a: 0 } } });

    await peer.publishAsync(`${root}/retained`, JSON.stringify({ key: 'live', data: { a: 1 } }), {
      qos: 1,
      retain: true,
    });
    const live = await waitFor('the live delivery', () =>
      deliveries.find((d) => d.topic === `${root}/retained` && !d.retained),
    );
    expect(live.data).toEqual({ key: 'live', data: { a: 1 } });
  });

  it('publishes the bare payload with the retain flag asked for, on a connection of its own', async () => {
    const publisher = app.get(EventPublisher);
    await waitFor('the publisher connection', () => publisher.connected);
    await expect(
      publisher.publish(`${root}/published`, { key: 'svc', data: { x: 1 } }, { retain: true }),
    ).resolves.toBe(true);

    // The service's own subscription receives it too: its two connections coexist on the broker.
    const own = await waitFor('the own delivery', () => deliveries.find((d) => d.topic === `${root}/published`));
    expect(own.data).toEqual({ key: 'svc', data: { x: 1 } });

    const late = await connectAsync(testBrokerUrl());
    const packets = messagesOf(late);
    await late.subscribeAsync(`${root}/published`, { qos: 1 });
    const packet = await waitFor('the retained copy', () => packets[0]);
    expect(JSON.parse(packet.payload.toString())).toEqual({ key: 'svc', data: { x: 1 } });
    expect(packet.retain).toBe(true);
    await late.publishAsync(`${root}/published`, '', { qos: 1, retain: true });
    await late.endAsync();
  });
});

describe('MQTT wiring when the connection fails', () => {
  const root = `eventcast-test/outage-${randomBytes(4).toString('hex')}`;
  let broker: PrivateBroker;

  beforeAll(async () => {
    broker = await PrivateBroker.reserve();
  });

  afterAll(async () => {
    await broker.stop();
  });

  it('counts what it cannot publish while the broker is down and publishes again once it is back', async () => {
    const { app } = await startApp(root, [], broker.url);
    const publisher = app.get(EventPublisher);
    try {
      await expect(publisher.publish(`${root}/x`, { n: 1 })).resolves.toBe(false);
      expect(publisher.unpublishedCount).toBe(1);

      await broker.restart();
      await waitFor('the reconnection', () => publisher.connected);
      const watcher = await connectAsync(broker.url);
      const packets = messagesOf(watcher);
      await watcher.subscribeAsync(`${root}/x`, { qos: 1 });
      await expect(publisher.publish(`${root}/x`, { n: 2 })).resolves.toBe(true);
      const packet = await waitFor('the message after the outage', () => packets[0]);
      expect(JSON.parse(packet.payload.toString())).toEqual({ n: 2 });
      expect(publisher.unpublishedCount).toBe(1);
      expect(publisher.publishedCount).toBe(1);
      await watcher.endAsync();
    } finally {
      await app.close();
    }
  });

  it('has the broker publish the last will, retained, when the service vanishes', async () => {
    await broker.restart();
    const url = broker.url;
    const will = { topic: `${root}/state`, payload: { key: 'svc', data: null }, retain: true };
    const { app } = await startApp(root, [], url, will);
    const client = app.get<ResilientMqttClient>(MQTT_PUBLISHER_CLIENT);
    const publisher = app.get(EventPublisher);
    await waitFor('the publisher connection', () => publisher.connected);
    try {
      // Cut the socket without an MQTT DISCONNECT, as a crash or a network loss would.
      (client.unwrap() as MqttClient).stream.destroy();
      const late = await connectAsync(url);
      const packets = messagesOf(late);
      await late.subscribeAsync(will.topic, { qos: 1 });
      const packet = await waitFor('the last will', () => packets[0]);
      expect(JSON.parse(packet.payload.toString())).toEqual({ key: 'svc', data: null });
      expect(packet.retain).toBe(true);
      await late.endAsync();
    } finally {
      await app.close();
    }
  });
});
