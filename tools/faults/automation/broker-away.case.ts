import { answerOf, healthThroughBrokerOutage, PrivateBroker, ServiceUnderTest } from '@eventcast/testing';
import { count, FaultCase } from '../fault-case';

/** Both broker connections of a service try again every second (docs/events.md). */
const RECONNECT_PERIOD_MS = 1000;
/** What a busy machine may add to the promise before the case calls it broken. */
const SLACK_MS = 1000;

/**
 * The automation service on a broker of its own (with the datastore it reads its rules from): the broker stops, and starts again once the
 * service's health route answers 503. Its health must name the broker while it is away, its
 * `eventcast_mqtt_connected` read 0 then 1, and it must be ready again within the reconnection
 * period of the broker's return (docs/observability.md).
 */
export const brokerAwayCase: FaultCase = {
  service: 'automation',
  name: 'broker away',
  async run(run) {
    const broker = run.stopAtEnd(await PrivateBroker.start(run.tempDir('broker')));
    // Its health waits for its rules, which it reads from the datastore.
    const datastore = run.stopAtEnd(
      await ServiceUnderTest.start('datastore', {
        MQTT_URL: broker.url,
        REDIS_URL: '',
        DATA_DIR: run.tempDir('datastore'),
      }),
    );
    const env = {
      MQTT_URL: broker.url,
      REDIS_URL: '',
      DATA_DIR: run.tempDir('automation'),
      DATASTORE_URL: datastore.url,
    };
    const automation = run.stopAtEnd(await ServiceUnderTest.start('automation', env));
    const health = () => answerOf(automation.client.GET('/health'));

    const outage = await healthThroughBrokerOutage(broker, health, `${automation.url}/automation/metrics`);
    const returnedMs = outage.readyAfterMs;
    const brokerNamed = JSON.stringify(outage.away.body).includes('"broker":{"ok":false');
    return {
      summary:
        `health answered 503 ${brokerNamed ? 'naming' : 'without naming'} the broker while it was away, ` +
        `connected ${outage.connectedWhileAway} then ${outage.connectedAfter}, ready ${count(returnedMs)} ms after it returned ` +
        `(promised: within ${count(RECONNECT_PERIOD_MS)} ms)`,
      broken: [
        ...(brokerNamed ? [] : [`health did not name the broker: ${JSON.stringify(outage.away.body)}`]),
        ...(outage.connectedWhileAway === 0 && outage.connectedAfter === 1
          ? []
          : [`eventcast_mqtt_connected read ${outage.connectedWhileAway}, then ${outage.connectedAfter}`]),
        ...(returnedMs > RECONNECT_PERIOD_MS + SLACK_MS
          ? [`ready again only ${returnedMs} ms after the broker returned`]
          : []),
      ],
    };
  },
};
