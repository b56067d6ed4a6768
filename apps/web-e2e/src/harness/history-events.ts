import { connectAsync } from 'mqtt';
import { historyTopic } from '@eventcast/domain';
import { WebStack } from './web-stack';
import { expect } from './web-test';

/**
 * Publishes one history event (docs/events.md) for `key` on the broker of `stack`, as a controller
 * does; the history service stamps it with the time it receives it.
 */
export async function publishHistoryEvent(stack: WebStack, key: string, data: Record<string, unknown>): Promise<void> {
  const publisher = await connectAsync(stack.brokerUrl);
  try {
    await publisher.publishAsync(historyTopic(key), JSON.stringify({ key, data }), { qos: 1 });
  } finally {
    await publisher.endAsync();
  }
}

/** Waits until the history service of `stack` lists `field`: an event that carries it is stored. */
export async function waitForStoredField(stack: WebStack, field: string): Promise<void> {
  await expect
    .poll(async () => (await stack.history.client.POST('/timeseries/fields', { body: {} })).data, {
      message: `the history service to store ${field}`,
      timeout: 20_000,
    })
    .toContain(field);
}
