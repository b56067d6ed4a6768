import { randomBytes } from 'node:crypto';
import { Controller, INestMicroservice } from '@nestjs/common';
import { Ctx, EventPattern, MqttContext, Payload } from '@nestjs/microservices';
import { Test } from '@nestjs/testing';
import { connectAsync } from 'mqtt';
import { testBrokerUrl, waitFor } from '@eventcast/testing';
import { acknowledgingMqttTransport, refuseDelivery, uniqueClientId } from '../src';

/** A consumer that refuses the first delivery of each payload in `refuseOnce`, and records what it takes. */
function refusingConsumer(topic: string, refuseOnce: Set<string>, seen: string[], taken: string[]) {
  @Controller()
  class RefusingConsumer {
    @EventPattern(topic, { qos: 1 })
    take(@Payload() payload: string, @Ctx() context: MqttContext): void {
      seen.push(payload);
      if (refuseOnce.delete(payload)) return refuseDelivery(context, `not now: ${payload}`);
      taken.push(payload);
    }
  }
  return RefusingConsumer;
}

describe('AcknowledgingMqttServer against the real Mosquitto', () => {
  const topic = `eventcast-test/acknowledging-${randomBytes(4).toString('hex')}`;
  const clientId = uniqueClientId('acknowledging-test');
  const seen: string[] = [];
  const taken: string[] = [];
  let service: INestMicroservice;

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({
      controllers: [refusingConsumer(topic, new Set(['second']), seen, taken)],
    }).compile();
    service = moduleRef.createNestMicroservice(
      acknowledgingMqttTransport({ url: testBrokerUrl(), clientId, persistentSession: true, receiveMaximum: 100 }),
    );
    await service.listen();
  });

  afterAll(async () => {
    await service.close();
    const session = await connectAsync(testBrokerUrl(), { clientId, clean: true });
    await session.endAsync();
  });

  it('does not acknowledge a delivery its handler refused: the broker delivers it again, and everything after it, in order', async () => {
    const peer = await connectAsync(testBrokerUrl());
    for (const payload of ['first', 'second', 'third']) {
      await peer.publishAsync(topic, JSON.stringify(payload), { qos: 1 });
    }
    await peer.endAsync();

    await waitFor('the three messages taken', () => taken.length === 3);
    expect(taken).toEqual(['first', 'second', 'third']);
    expect(seen.slice(0, 2)).toEqual(['first', 'second']);
    expect(seen.filter((payload) => payload === 'second')).toHaveLength(2);
    expect(seen.filter((payload) => payload === 'first')).toHaveLength(1);
  });
});
