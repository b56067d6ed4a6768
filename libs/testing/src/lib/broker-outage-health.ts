import type { PrivateBroker } from './private-broker';
import { scrapeMetrics } from './prometheus-text';
import type { RouteAnswer } from './route-answer';
import { waitFor } from './wait-for';

/**
 * Stops `broker` under a running service, once it is ready, and starts it again: what the service's `health` route
 * answered once it turned 503, and its `eventcast_mqtt_connected` at `metricsUrl` while the broker
 * was away and once health answered 200 again; `readyAfterMs`: how long after the broker's restart
 * that was.
 */
export async function healthThroughBrokerOutage(
  broker: PrivateBroker,
  health: () => Promise<RouteAnswer>,
  metricsUrl: string,
): Promise<{ away: RouteAnswer; connectedWhileAway?: number; connectedAfter?: number; readyAfterMs: number }> {
  const connected = async () => (await scrapeMetrics(metricsUrl)).value('eventcast_mqtt_connected');
  // A service may still be getting ready (the automation service reads its rules from the datastore
  // after connecting): a 503 then would not be the broker's.
  await waitFor('health to answer 200 before the broker stops', async () => (await health()).status === 200, 15_000);
  await broker.stop();
  const away = await waitFor('health to answer 503', async () => {
    const answer = await health();
    return answer.status === 503 && answer;
  });
  const connectedWhileAway = await connected();
  await broker.restart();
  const returnedAt = Date.now();
  await waitFor('health to answer 200 again', async () => (await health()).status === 200, 15_000);
  const readyAfterMs = Date.now() - returnedAt;
  return { away, connectedWhileAway, connectedAfter: await connected(), readyAfterMs };
}
