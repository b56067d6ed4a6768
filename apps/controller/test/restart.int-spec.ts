import { ControllerApiClient } from '@eventcast/api-client';
import { dataOf, PrivateBroker, ServiceUnderTest } from '@eventcast/testing';
import { ControllerUnderTest, NO_DATASTORE_URL } from './controller-under-test';

/** Blocks whose stored settings differ from every default, linked to each other. */
const SETUP = [
  {
    id: 'Sensor',
    type: 'TempSensorMock',
    data: { connected: true, setting: 19.25, fluctuations: [{ amplitude: 0.5, period: 300 }] },
  },
  { id: 'Outside', type: 'TempSensorExternal', data: { enabled: true, timeout: 600, setting: 7 } },
  {
    id: 'Pair',
    type: 'SetpointSensorPair',
    data: { enabled: true, sensorId: 'Sensor', storedSetting: 21.5, filter: 'FILTER_90s', filterThreshold: 1.5 },
  },
  { id: 'Fridge pair', type: 'SetpointSensorPair', data: { enabled: true, sensorId: 'Outside', storedSetting: 4 } },
  {
    id: 'Valve',
    type: 'DigitalActuator',
    data: {
      hwDevice: 'OnboardPins',
      channel: 3,
      storedState: 'STATE_ACTIVE',
      invert: true,
      minOnTime: 60,
      minOffTime: 120,
    },
  },
  {
    id: 'PWM',
    type: 'ActuatorPwm',
    data: { enabled: true, actuatorId: 'Valve', storedSetting: 40, period: 30, minSetting: 10, maxSetting: 90 },
  },
  {
    id: 'Offset',
    type: 'ActuatorOffset',
    data: {
      enabled: true,
      targetId: 'Fridge pair',
      referenceId: 'Pair',
      storedSetting: -2,
      referenceSettingOrValue: 'REF_VALUE',
    },
  },
  { id: 'PID', type: 'Pid', data: { enabled: true, inputId: 'Pair', outputId: 'PWM', kp: 12, ti: 1200, td: 45 } },
];

// Each test starts built apps as processes of their own, which takes seconds on a busy machine.

describe('a controller restart', () => {
  let broker: PrivateBroker;
  /** What a test started, stopped after it even when it fails, so no client outlives the suite. */
  let running: Array<{ stop: () => Promise<unknown> }> = [];

  afterEach(async () => {
    await Promise.allSettled(running.map((service) => service.stop()));
    running = [];
  });

  beforeAll(async () => {
    broker = await PrivateBroker.start();
  });

  afterAll(() => broker.stop());

  /** Creates SETUP and changes the system and discovered blocks, through `client`; resolves with every stored block. */
  async function setUp(client: ControllerApiClient, serviceId: string) {
    for (const block of SETUP)
      expect((await client.POST('/blocks/create', { body: { ...block, serviceId } })).response.status).toBe(201);
    await client.POST('/blocks/write', {
      body: { id: 'OnboardPins', serviceId, type: 'OnboardPins', data: { enableIoSupply12V: true } },
    });
    await client.POST('/blocks/patch', {
      body: { id: 'SystemInfo', serviceId, type: 'SysInfo', data: { timeZone: 'Europe/Amsterdam' } },
    });
    await client.POST('/blocks/discover');
    await client.POST('/blocks/delete', { body: { id: 'TempSensorOneWire-2' } });
    return dataOf(client.POST('/blocks/all/read/stored'));
  }

  it('keeps every stored setting, nid and meta across a clean stop and start', async () => {
    const datastore = await ServiceUnderTest.start('datastore', { MQTT_URL: broker.url });
    running.push(datastore);
    const controller = await ControllerUnderTest.create({
      SERVICE_ID: 'restart-test',
      MQTT_URL: broker.url,
      DATASTORE_URL: datastore.url,
    });
    running.push(controller);
    await controller.start();
    const stored = await setUp(controller.client, 'restart-test');
    await controller.client.POST('/blocks/patch', {
      body: { id: 'PID', serviceId: 'restart-test', type: 'Pid', data: {}, meta: { tuned: '2026-11-22' } },
    });

    await controller.stop();
    await controller.start();
    expect(await dataOf(controller.client.POST('/blocks/all/read/stored'))).toEqual(stored);
    expect((await dataOf(controller.client.POST('/blocks/read', { body: { id: 'PID' } }))).meta).toEqual({
      tuned: '2026-11-22',
    });
    const next = await dataOf(
      controller.client.POST('/blocks/create', {
        body: { id: 'New', serviceId: 'restart-test', type: 'TempSensorMock', data: {} },
      }),
    );
    expect(next.nid).toBeGreaterThan(Math.max(...stored.map((block) => block.nid ?? 0)));
  });

  it('keeps every stored setting that was answered when the process is killed', async () => {
    const env = { SERVICE_ID: 'killed-restart-test', MQTT_URL: broker.url, DATASTORE_URL: NO_DATASTORE_URL };
    let controller = await ServiceUnderTest.start('controller', env);
    running.push(controller);
    const stored = await setUp(controller.client, 'killed-restart-test');

    await controller.stop('SIGKILL');
    controller = await ServiceUnderTest.start('controller', {
      ...env,
      PORT: controller.env.PORT,
      DATA_DIR: controller.env.DATA_DIR,
    });
    running.push(controller);
    expect(await dataOf(controller.client.POST('/blocks/all/read/stored'))).toEqual(stored);
  });
});
