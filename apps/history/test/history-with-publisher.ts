import { connectAsync, MqttClient } from 'mqtt';
import { PrivateBroker } from '@eventcast/testing';
import { HistoryUnderTest } from './history-under-test';

/** A history service under test and a plain MQTT client that publishes to it as a device would. */
export interface HistoryWithPublisher {
  readonly history: HistoryUnderTest;
  readonly publisher: MqttClient;
}

/**
 * Starts a history service with `env` and a publisher on a broker of their own before the first test
 * of the calling `describe`, and ends all three after its last test. A broker of their own: the
 * tests count every event the service takes, and another program's history events on a shared
 * broker would count too. The fields of the returned object are set
 * once the tests run. `beforeEnd` runs while both are still up, to clear what the tests left on the broker.
 */
export function useHistoryWithPublisher(
  env: Record<string, string>,
  beforeEnd?: (publisher: MqttClient) => Promise<unknown>,
): HistoryWithPublisher {
  const running = {} as { history: HistoryUnderTest; publisher: MqttClient };
  let broker: PrivateBroker | undefined;
  beforeAll(async () => {
    broker = await PrivateBroker.start();
    running.history = await (await HistoryUnderTest.create({ MQTT_URL: broker.url, ...env })).start();
    running.publisher = await connectAsync(broker.url);
  });
  afterAll(async () => {
    await beforeEnd?.(running.publisher);
    await running.publisher?.endAsync();
    await running.history?.end();
    await broker?.stop();
  });
  return running;
}
