import { ServerProcess } from '@eventcast/testing';
import { BuiltService } from './built-service';
import { ControllerUnderTest } from './controller-under-test';

/** Blocks whose stored settings differ from every default, linked to each other. */
const SETUP = [
  { id: 'Sensor', type: 'TempSensorMock', data: { connected: true, setting: 19.25, fluctuations: [{ amplitude: 0.5, period: 300 }] } },
  { id: 'Outside', type: 'TempSensorExternal', data: { enabled: true, timeout: 600, setting: 7 } },
  { id: 'Pair', type: 'SetpointSensorPair', data: { enabled: true, sensorId: 'Sensor', storedSetting: 21.5, filter: 'FILTER_90s', filterThreshold: 1.5 } },
  { id: 'Fridge pair', type: 'SetpointSensorPair', data: { enabled: true, sensorId: 'Outside', storedSetting: 4 } },
  { id: 'Valve', type: 'DigitalActuator', data: { hwDevice: 'OnboardPins', channel: 3, storedState: 'STATE_ACTIVE', invert: true, minOnTime: 60, minOffTime: 120 } },
  { id: 'PWM', type: 'ActuatorPwm', data: { enabled: true, actuatorId: 'Valve', storedSetting: 40, period: 30, minSetting: 10, maxSetting: 90 } },
  { id: 'Offset', type: 'ActuatorOffset', data: { enabled: true, targetId: 'Fridge pair', referenceId: 'Pair', storedSetting: -2, referenceSettingOrValue: 'REF_VALUE' } },
  { id: 'PID', type: 'Pid', data: { enabled: true, inputId: 'Pair', outputId: 'PWM', kp: 12, ti: 1200, td: 45 } },
];

describe('a controller restart', () => {
  let broker: ServerProcess;

  beforeAll(async () => {
    broker = await (await ServerProcess.mosquitto()).start();
  });

  afterAll(() => broker.stop());

  async function setUp(call: (route: string, body?: unknown) => Promise<{ status: number; body: unknown }>, serviceId: string) {
    for (const block of SETUP) expect((await call('blocks/create', { ...block, serviceId })).status).toBe(201);
    await call('blocks/write', { id: 'OnboardPins', serviceId, type: 'OnboardPins', data: { enableIoSupply12V: true } });
    await call('blocks/patch', { id: 'SystemInfo', serviceId, type: 'SysInfo', data: { timeZone: 'Europe/Amsterdam' } });
    await call('blocks/discover');
    await call('blocks/delete', { id: 'TempSensorOneWire-2' });
    return (await call('blocks/all/read/stored')).body;
  }

  it('keeps every stored setting, nid and meta across a clean stop and start', async () => {
    const datastore = await BuiltService.start('datastore', { MQTT_URL: broker.url });
    const controller = await (await ControllerUnderTest.create({ SERVICE_ID: 'restart-test', MQTT_URL: broker.url, DATASTORE_URL: datastore.url })).start();
    const stored = await setUp((route, body) => controller.call(route, body), 'restart-test');
    await controller.call('blocks/patch', { id: 'PID', serviceId: 'restart-test', type: 'Pid', data: {}, meta: { tuned: '2026-11-22' } });

    await controller.stop();
    await controller.start();
    expect((await controller.call('blocks/all/read/stored')).body).toEqual(stored);
    expect((await controller.call('blocks/read', { id: 'PID' })).body.meta).toEqual({ tuned: '2026-11-22' });
    const next = await controller.call('blocks/create', { id: 'New', serviceId: 'restart-test', type: 'TempSensorMock', data: {} });
    expect(next.body.nid).toBeGreaterThan(Math.max(...(stored as Array<{ nid: number }>).map((block) => block.nid)));
    await controller.stop();
    await datastore.stop();
  });

  it('keeps every stored setting that was answered when the process is killed', async () => {
    const env = { SERVICE_ID: 'killed-restart-test', MQTT_URL: broker.url, DATASTORE_URL: 'http://127.0.0.1:9' };
    let controller = await BuiltService.start('controller', env);
    const call = (route: string, body?: unknown) => controller.post<unknown>(`killed-restart-test/${route}`, body ?? {});
    const stored = await setUp(call, 'killed-restart-test');

    await controller.stop('SIGKILL');
    controller = await BuiltService.start('controller', { ...env, PORT: controller.env.PORT, DATA_DIR: controller.env.DATA_DIR });
    expect((await call('blocks/all/read/stored')).body).toEqual(stored);
    await controller.stop();
  });
});
