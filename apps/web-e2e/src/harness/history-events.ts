import { connectAsync } from 'mqtt';
import { historyTopic } from '@eventcast/domain';
import { testBrokerUrl } from '@eventcast/testing';

/**
 * Publishes one history event (docs/events.md) for `key` on the shared broker, as a controller
 * does; the history service stamps it with the time it receives it.
 */
export async function publishHistoryEvent(key: string, data: Record<string, unknown>): Promise<void> {
  const publisher = await connectAsync(testBrokerUrl());
  try {
    await publisher.publishAsync(historyTopic(key), JSON.stringify({ key, data }), { qos: 1 });
  } finally {
    await publisher.endAsync();
  }
}
