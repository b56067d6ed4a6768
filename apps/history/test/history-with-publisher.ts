import { connectAsync, MqttClient } from 'mqtt';
import { testBrokerUrl } from '@eventcast/testing';
import { HistoryUnderTest } from './history-under-test';

/** A history service under test and a plain MQTT client that publishes to it as a device would. */
export interface HistoryWithPublisher {
  readonly history: HistoryUnderTest;
  readonly publisher: MqttClient;
}

/**
 * Starts a history service with `env` and a publisher on the shared broker before the first test of
 * the calling `describe`, and ends both after its last test. The fields of the returned object are set
 * once the tests run. `beforeEnd` runs while both are still up, to clear what the tests left on the broker.
 */
export function useHistoryWithPublisher(
  env: Record<string, string>,
  beforeEnd?: (publisher: MqttClient) => Promise<unknown>,
): HistoryWithPublisher {
  const running = {} as { history: HistoryUnderTest; publisher: MqttClient };
  beforeAll(async () => {
    running.history = await (await HistoryUnderTest.create(env)).start();
    running.publisher = await connectAsync(testBrokerUrl());
  });
  afterAll(async () => {
    await beforeEnd?.(running.publisher);
    await running.publisher.endAsync();
    await running.history.end();
  });
  return running;
}
