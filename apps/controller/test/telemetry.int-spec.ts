import { randomBytes } from 'node:crypto';
import {
  answerOf,
  dataOf,
  healthThroughBrokerOutage,
  MqttRecorder,
  PrivateBroker,
  PrometheusText,
  scrapeMetrics,
  ServiceUnderTest,
  waitFor,
} from '@eventcast/testing';
import { ControllerUnderTest } from './controller-under-test';

describe('the metrics and health of a controller', () => {
  const serviceId = `telemetry-${randomBytes(3).toString('hex')}`;
  let broker: PrivateBroker;
  let datastore: ServiceUnderTest<'datastore'>;
  let controller: ControllerUnderTest;

  const startDatastore = async (env: Record<string, string> = {}) =>
    (datastore = await ServiceUnderTest.start('datastore', { MQTT_URL: broker.url, ...env }));
  const metrics = (): Promise<PrometheusText> => scrapeMetrics(`${controller.url}/metrics`);
  const health = () => answerOf(controller.client.GET('/health'));

  beforeAll(async () => {
    broker = await PrivateBroker.start();
    await startDatastore();
    controller = await (
      await ControllerUnderTest.create({ SERVICE_ID: serviceId, MQTT_URL: broker.url, DATASTORE_URL: datastore.url })
    ).start();
  }, 60_000);

  afterAll(async () => {
    await controller?.stop();
    await datastore?.stop();
    await broker?.stop();
  });

  it('serves its blocks, broadcasts and published events in /<service id>/metrics', async () => {
    const blocks = await dataOf(controller.client.POST('/blocks/all/read'));
    const text = await waitFor('two broadcasts', async () => {
      const scraped = await metrics();
      return (scraped.value('eventcast_controller_broadcasts_total') ?? 0) >= 2 && scraped;
    });

    expect(text.value('eventcast_controller_blocks')).toBe(blocks.length);
    const ticked = await waitFor('a device tick', async () => {
      const scraped = await metrics();
      return (scraped.value('eventcast_controller_device_ticks_total') ?? 0) >= 1 && scraped;
    });
    expect(ticked.value('eventcast_controller_device_tick_duration_seconds_total')).toBeGreaterThan(0);
    expect(text.value('eventcast_controller_broadcast_duration_seconds_total')).toBeGreaterThan(0);
    expect(text.value('eventcast_controller_broadcast_last_duration_seconds')).toBeGreaterThan(0);
    expect(text.value('eventcast_controller_broadcast_last_bytes')).toBeGreaterThan(0);
    expect(text.value('eventcast_controller_events_published_bytes_total')).toBeGreaterThanOrEqual(
      2 * (text.value('eventcast_controller_broadcast_last_bytes') ?? 0),
    );
    // Each broadcast publishes a state and a history event.
    expect(text.value('eventcast_controller_events_published_total')).toBeGreaterThanOrEqual(4);
    expect(text.value('eventcast_controller_events_unpublished_total')).toBe(0);
    expect(text.value('eventcast_mqtt_connected')).toBe(1);
    const route = `eventcast_http_requests_total{method="POST",route="/${serviceId}/blocks/all/read",status="200"}`;
    expect(text.value(route)).toBe(1);
  });

  it('counts the MQTT messages it receives and those it refuses', async () => {
    const before = await metrics();
    const count = (text: PrometheusText, name: string) => text.value(`eventcast_mqtt_${name}`) ?? 0;
    const peer = await MqttRecorder.connect(broker.url);
    try {
      await peer.publish('eventcast/controller/blocks/create', { id: '1 bad id', serviceId, type: 'TempSensorMock' });
      await peer.publish('eventcast/controller/blocks/create', {
        id: 'Telemetry sensor',
        serviceId,
        type: 'TempSensorMock',
        data: {},
      });
    } finally {
      await peer.close();
    }
    const after = await waitFor('the two messages counted', async () => {
      const text = await metrics();
      const received = count(text, 'messages_received_total') >= count(before, 'messages_received_total') + 2;
      return (
        received &&
        (await dataOf(controller.client.POST('/blocks/all/read'))).some((b) => b.id === 'Telemetry sensor') &&
        text
      );
    });
    expect(count(after, 'messages_refused_total') - count(before, 'messages_refused_total')).toBe(1);
  });

  it('answers /<service id>/health 503 naming the broker while it is away, and 200 once it is back', async () => {
    expect(await health()).toEqual({
      status: 200,
      body: { status: 'ready', checks: { broker: { ok: true }, datastore: { ok: true }, device: { ok: true } } },
    });

    const outage = await healthThroughBrokerOutage(broker, health, `${controller.url}/metrics`);
    expect(outage.away.body).toMatchObject({ status: 'not ready', checks: { broker: { ok: false } } });
    expect(outage).toMatchObject({ connectedWhileAway: 0, connectedAfter: 1 });
  });

  it('names a temperature unit it cannot use among the warnings of its health, and stays ready', async () => {
    const setUnits = (temperature: string) =>
      dataOf(datastore.client.POST('/set', { body: { value: { namespace: 'svc-global', id: 'units', temperature } } }));
    const warningsOf = (answer: Awaited<ReturnType<typeof health>>) =>
      'warnings' in answer.body ? answer.body.warnings : undefined;
    await setUnits('kelvin');
    const warned = await waitFor('the warning', async () => {
      const answer = await health();
      return warningsOf(answer) !== undefined && answer;
    });
    expect(warned).toEqual({
      status: 200,
      body: {
        status: 'ready',
        checks: { broker: { ok: true }, datastore: { ok: true }, device: { ok: true } },
        warnings: ['svc-global:units: temperature "kelvin" is not degC or degF; temperatures are in degC'],
      },
    });

    await setUnits('degC');
    await waitFor('the warning to go', async () => warningsOf(await health()) === undefined);
  });

  it('answers 503 naming the datastore while it is away, and 200 once it is back', async () => {
    await datastore.stop('SIGKILL');
    const away = await waitFor('health to answer 503', async () => {
      const answer = await health();
      return answer.status === 503 && answer;
    });
    expect(away.body).toMatchObject({
      status: 'not ready',
      checks: { broker: { ok: true }, datastore: { ok: false, detail: expect.stringContaining('unreachable') } },
    });

    await startDatastore({ PORT: datastore.env.PORT, DATA_DIR: datastore.env.DATA_DIR });
    await waitFor('health to answer 200 again', async () => (await health()).status === 200, 15_000);
  });
});
