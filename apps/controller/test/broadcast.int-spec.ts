import { historyTopic, link as l, stateTopic } from '@eventcast/domain';
import { dataOf, MqttRecorder, PrivateBroker, ServiceUnderTest, waitFor } from '@eventcast/testing';
import { ControllerUnderTest, NO_DATASTORE_URL } from './controller-under-test';

interface StateEvent {
  key: string;
  type: string;
  data: {
    status: Record<string, unknown>;
    blocks: Array<{ id: string; type: string; data: Record<string, unknown> }>;
    relations: unknown[];
  } | null;
}

interface HistoryEvent {
  key: string;
  data: Record<string, Record<string, unknown>>;
}

describe('the state and history events', () => {
  const serviceId = 'broadcast-test';
  let broker: PrivateBroker;
  let controller: ControllerUnderTest;
  let history: ServiceUnderTest<'history'>;
  let peer: MqttRecorder;
  const block = (id: string, type: string, data: Record<string, unknown> = {}) => ({ id, serviceId, type, data });
  const hasBlock = (id: string) => (event: StateEvent) => event.data?.blocks.some((each) => each.id === id) === true;

  beforeAll(async () => {
    broker = await PrivateBroker.start();
    history = await ServiceUnderTest.start('history', { MQTT_URL: broker.url, MQTT_CLIENT_ID: `${serviceId}-history` });
    controller = await ControllerUnderTest.startWithoutDatastore(serviceId, broker.url);
    peer = await MqttRecorder.connect(broker.url, stateTopic(serviceId), historyTopic(serviceId));
    await controller.client.POST('/blocks/create', {
      body: block('Sensor', 'TempSensorMock', { connected: true, setting: 20.5 }),
    });
    await controller.client.POST('/blocks/create', {
      body: block('Pair', 'SetpointSensorPair', { enabled: true, sensorId: 'Sensor', storedSetting: 19 }),
    });
  }, 60_000);

  afterAll(async () => {
    await peer.close();
    await controller.stop();
    await history.stop();
    await broker.stop();
  });

  it('publishes a retained state event with every block, its full data and the links between blocks', async () => {
    await peer.next<StateEvent>(stateTopic(serviceId), 'a state event with Pair', hasBlock('Pair'));
    const late = await MqttRecorder.connect(broker.url, stateTopic(serviceId));
    const { payload, retain } = await late.next<StateEvent>(stateTopic(serviceId), 'the retained state event');
    await late.close();
    expect(retain).toBe(true);
    expect(payload).toMatchObject({
      key: serviceId,
      type: 'Controller.state',
      data: { status: { connected: true, temperatureUnit: 'degC' } },
    });
    expect(payload.data?.blocks.map((each) => each.id)).toEqual(['SystemInfo', 'OnboardPins', 'Sensor', 'Pair']);
    expect(payload.data?.blocks[3].data).toMatchObject({
      sensorId: l('TempSensorInterface', 'Sensor'),
      setting: { unit: 'degC', value: 19 },
      claimedBy: l('Any', null),
    });
    expect(payload.data?.relations).toEqual([{ source: 'Pair', target: 'Sensor', relation: ['sensorId'] }]);
  });

  it('publishes a history event, not retained, with the logged data of every block by block id', async () => {
    const { payload, retain } = await peer.next<HistoryEvent>(
      historyTopic(serviceId),
      'a history event with Pair',
      (event) => event.data.Pair !== undefined,
    );
    expect(retain).toBe(false);
    expect(payload.key).toBe(serviceId);
    expect(Object.keys(payload.data)).toEqual(['SystemInfo', 'OnboardPins', 'Sensor', 'Pair']);
    expect(payload.data.Sensor).toEqual({ 'value[degC]': 20.5, connected: true });
    expect(payload.data.Pair).toEqual({
      enabled: true,
      'storedSetting[degC]': 19,
      'setting[degC]': 19,
      'value[degC]': 20.5,
      'valueUnfiltered[degC]': 20.5,
    });
  });

  it('shows discovered blocks in the state events after the first discovery', async () => {
    await controller.client.POST('/blocks/discover');
    const { payload } = await peer.next<StateEvent>(
      stateTopic(serviceId),
      'a state event with the discovered blocks',
      hasBlock('DS2413-1'),
    );
    expect(payload.data?.blocks.map((each) => each.id)).toEqual(
      expect.arrayContaining(['TempSensorOneWire-1', 'TempSensorOneWire-2', 'DS2413-1']),
    );
  });

  it('gets its history events stored by the history service as <service id>/<block id>/<field>[<unit>]', async () => {
    const fields = [
      `${serviceId}/Sensor/value[degC]`,
      `${serviceId}/Pair/storedSetting[degC]`,
      `${serviceId}/Sensor/connected`,
      `${serviceId}/SystemInfo/uptime[second]`,
    ];
    const stored = await waitFor(
      'the history service to store the controller values',
      async () => {
        const latest = await dataOf(history.client.POST('/timeseries/metrics', { body: { fields, duration: '10m' } }));
        return latest.length === fields.length && latest;
      },
      20_000,
    );
    expect(Object.fromEntries(stored.map(({ field, value }) => [field, value]))).toEqual({
      [fields[0]]: 20.5,
      [fields[1]]: 19,
      [fields[2]]: 1,
      [fields[3]]: expect.any(Number),
    });
  });
});

describe('the state event of a controller that goes away', () => {
  let broker: PrivateBroker;

  beforeAll(async () => {
    broker = await PrivateBroker.start();
  });

  afterAll(() => broker.stop());

  /** Waits for the live state event of `serviceId`, then runs `end` and returns the retained state a new subscriber gets. */
  async function stateAfter(serviceId: string, end: () => Promise<unknown>) {
    const peer = await MqttRecorder.connect(broker.url, stateTopic(serviceId));
    await peer.next<StateEvent>(stateTopic(serviceId), 'the live state event', (event) => event.data !== null);
    const seen = peer.on(stateTopic(serviceId)).length;
    await end();
    await peer.next<StateEvent>(
      stateTopic(serviceId),
      'the disconnected state event',
      (event) => event.data === null,
      seen,
    );
    await peer.close();
    const late = await MqttRecorder.connect(broker.url, stateTopic(serviceId));
    const retained = await late.next<StateEvent>(stateTopic(serviceId), 'the retained state event');
    await late.close();
    return retained;
  }

  it('is published with data null, retained, before a clean shutdown disconnects', async () => {
    const controller = await (
      await ControllerUnderTest.create({
        SERVICE_ID: 'goodbye-test',
        MQTT_URL: broker.url,
        DATASTORE_URL: NO_DATASTORE_URL,
      })
    ).start();
    const retained = await stateAfter('goodbye-test', () => controller.stop());
    expect(retained).toEqual({
      topic: stateTopic('goodbye-test'),
      retain: true,
      payload: { key: 'goodbye-test', type: 'Controller.state', data: null },
    });
  });

  it('is the last will, which the broker publishes retained when the process is killed', async () => {
    const controller = await ServiceUnderTest.start('controller', {
      SERVICE_ID: 'killed-test',
      MQTT_URL: broker.url,
      DATASTORE_URL: NO_DATASTORE_URL,
      BROADCAST_INTERVAL_MS: '200',
    });
    const retained = await stateAfter('killed-test', () => controller.stop('SIGKILL'));
    expect(retained).toEqual({
      topic: stateTopic('killed-test'),
      retain: true,
      payload: { key: 'killed-test', type: 'Controller.state', data: null },
    });
  });
});
