import { ListedProfile, Profile, PROFILES_NAMESPACE, RULES_NAMESPACE, settingAt } from '@eventcast/automation-model';
import { blockTopic, quantity as q } from '@eventcast/domain';
import { answerOf, dataOf, MqttRecorder, PrivateBroker, ServiceUnderTest, waitFor } from '@eventcast/testing';

const SERVICE_ID = 'profiled';
const SETPOINT = 'Beer setpoint';
const SENSOR = 'Beer sensor';

/** Hold 12 °C for a minute, then rise 1 °C every 2 s: a running profile patches every 0.1 s on the ramp. */
const profile: Profile = {
  namespace: PROFILES_NAMESPACE,
  id: 'ale',
  title: 'Ale',
  serviceId: SERVICE_ID,
  blockId: SETPOINT,
  steps: [
    { type: 'hold', setting: { value: 12, unit: 'degC' }, durationS: 60 },
    { type: 'ramp', setting: { value: 72, unit: 'degC' }, durationS: 120 },
  ],
};
/** The profile with its hold at 50 °F (10 °C). */
const colder: Profile = {
  ...profile,
  steps: [{ ...profile.steps[0], setting: { value: 50, unit: 'degF' } }, profile.steps[1]],
};

/**
 * The profile routes of the built automation service, with the real broker, the built datastore
 * and a simulated controller with a setpoint: what the web app's profile editor calls.
 */
describe('profiles listed, saved and deleted (built automation service)', () => {
  let broker: PrivateBroker;
  let datastore: ServiceUnderTest<'datastore'>;
  let controller: ServiceUnderTest<'controller'>;
  let automation: ServiceUnderTest<'automation'>;
  let patches: MqttRecorder;

  const save = (value: object) => answerOf(automation.client.POST('/profiles/save', { body: { value: { ...value } } }));
  const list = async () =>
    (await dataOf(automation.client.POST('/profiles/list'))).values as unknown as ListedProfile[];
  const stored = async () =>
    (await dataOf(datastore.client.POST('/mget', { body: { namespace: PROFILES_NAMESPACE } }))).values;
  /** The setpoint's storedSetting in degC, as the controller reads it. */
  const storedSetting = async (): Promise<number> => {
    const block = await dataOf(controller.client.POST('/blocks/read', { body: { id: SETPOINT } }));
    return (block.data.storedSetting as { value: number }).value;
  };
  const patchCount = () => patches.on(blockTopic('patch')).length;

  beforeAll(async () => {
    broker = await PrivateBroker.start();
    datastore = await ServiceUnderTest.start('datastore', { MQTT_URL: broker.url });
    controller = await ServiceUnderTest.start('controller', {
      SERVICE_ID,
      MQTT_URL: broker.url,
      DATASTORE_URL: datastore.url,
    });
    for (const block of [
      { id: SENSOR, type: 'TempSensorMock', data: { connected: true, setting: 18 } },
      { id: SETPOINT, type: 'SetpointSensorPair', data: { sensorId: SENSOR, storedSetting: q('degC', 20) } },
    ]) {
      expect(
        (await answerOf(controller.client.POST('/blocks/create', { body: { ...block, serviceId: SERVICE_ID } })))
          .status,
      ).toBe(201);
    }
    patches = await MqttRecorder.connect(broker.url, blockTopic('patch'));
    automation = await ServiceUnderTest.start('automation', {
      MQTT_URL: broker.url,
      DATASTORE_URL: datastore.url,
      HISTORY_URL: 'http://127.0.0.1:9',
    });
    // The block of a rule is known once the service has the controller's state: then a profile's block is checked too.
    const probe = {
      namespace: RULES_NAMESPACE,
      id: 'probe',
      title: 'Probe',
      enabled: true,
      trigger: { type: 'block', serviceId: SERVICE_ID, blockId: SETPOINT, path: 'enabled', equals: false },
      actions: [{ type: 'web' }],
    };
    await waitFor('the service to see the controller’s blocks', async () => {
      const { data } = await automation.client.POST('/rules/check', { body: { value: probe } });
      return data?.problems.length === 0;
    });
  }, 90_000);

  afterAll(async () => {
    await automation?.stop();
    await patches?.close();
    await controller?.stop();
    await datastore?.stop();
    await broker?.stop();
  });

  it('refuses a bad profile with one message per problem and its path, and saves nothing', async () => {
    const bad = {
      ...profile,
      blockId: SENSOR,
      steps: [
        { type: 'ramp', setting: { value: 20, unit: 'degC' }, durationS: 60 },
        { type: 'hold', setting: { value: 20, unit: '%' }, durationS: 0 },
      ],
    };
    expect(await save(bad)).toEqual({
      status: 400,
      body: expect.objectContaining({
        message: [
          `blockId: block ${SENSOR} is of type TempSensorMock, not SetpointSensorPair: a profile drives a setpoint`,
          'steps[0].type: the first step must be a hold: a ramp needs a setting to start from',
          'steps[1].setting: 20 % is no temperature: give degC or degF, or no unit for degC',
          'steps[1].durationS: must be a whole number of seconds, 1 up to a year (31536000)',
        ],
      }),
    });
    expect(await save({ ...profile, blockId: 'Wort setpoint' })).toMatchObject({
      status: 400,
      body: { message: [`blockId: no block Wort setpoint on controller ${SERVICE_ID}`] },
    });
    expect(await stored()).toEqual([]);
    expect(await list()).toEqual([]);
  });

  it('lists a saved profile as stopped, and a started one as running with its planned setting', async () => {
    expect(await save(profile)).toEqual({ status: 200, body: { value: profile } });
    expect(await list()).toEqual([{ ...profile, running: false }]);
    const started = await dataOf(automation.client.POST('/profiles/start', { body: { id: 'ale' } }));
    const { startedAt } = started.value as unknown as Profile;
    expect(await list()).toEqual([{ ...profile, startedAt, running: true, plannedSetting: 12 }]);
    await waitFor('the setpoint to hold 12 °C', async () => (await storedSetting()) === 12);
  });

  it('keeps a running profile’s start when it is saved again, and follows its new steps at once', async () => {
    const [{ startedAt }] = await list();
    expect(await save(colder)).toEqual({ status: 200, body: { value: { ...colder, startedAt } } });
    expect(await list()).toEqual([{ ...colder, startedAt, running: true, plannedSetting: 10 }]);
    await waitFor('the setpoint to hold 10 °C', async () => (await storedSetting()) === 10);
  });

  it('stops a running profile as it deletes it: the setpoint keeps its last setting', async () => {
    // A second into the ramp, where the profile patches every 0.1 s.
    const running = { ...colder, startedAt: new Date(Date.now() - 61_000).toISOString() };
    expect((await save(running)).status).toBe(200);
    await waitFor('the ramp to move the setpoint', async () => (await storedSetting()) > 11);
    expect(await answerOf(automation.client.POST('/profiles/delete', { body: { id: 'ale' } }))).toEqual({
      status: 200,
      body: { count: 1 },
    });
    const count = patchCount();
    const last = await storedSetting();
    const plannedAt = (atMs: number) => settingAt(running, atMs)?.setting ?? NaN;
    await waitFor('the plan to move 1 °C on', () => plannedAt(Date.now()) >= last + 1, 20_000);
    expect(patchCount()).toBe(count);
    expect(await storedSetting()).toBe(last);
    expect(await list()).toEqual([]);
    expect(await stored()).toEqual([]);
    expect(await answerOf(automation.client.POST('/profiles/delete', { body: { id: 'ale' } }))).toEqual({
      status: 200,
      body: { count: 0 },
    });
  }, 30_000);
});
