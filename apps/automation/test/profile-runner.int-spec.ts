import { ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Profile, PROFILES_NAMESPACE, settingAt } from '@eventcast/automation-model';
import { blockTopic, quantity as q } from '@eventcast/domain';
import {
  answerOf,
  dataOf,
  freePort,
  inheritedServiceEnvironment,
  MqttRecorder,
  PrivateBroker,
  ServiceUnderTest,
  waitFor,
} from '@eventcast/testing';

const SERVICE_ID = 'profiled';
const BLOCK_ID = 'Beer setpoint';
const ENTRY = join(__dirname, '../../../dist/apps/automation/main.js');
/** The profile's timer patches every 0.05 °C; a read meanwhile may lag the clock by that and the read's own time. */
const CLOCK_TOLERANCE = 0.2;

/** Hold 10 °C for 5 s, then rise to 20 °C over 2 min (1 °C every 12 s), then hold 4 °C. */
const profile: Profile = {
  namespace: PROFILES_NAMESPACE,
  id: 'ale',
  title: 'Ale',
  serviceId: SERVICE_ID,
  blockId: BLOCK_ID,
  steps: [
    { type: 'hold', setting: { value: 10, unit: 'degC' }, durationS: 5 },
    { type: 'ramp', setting: { value: 20, unit: 'degC' }, durationS: 120 },
    { type: 'hold', setting: { value: 4, unit: 'degC' }, durationS: 600 },
  ],
};

/** The built automation service as a process of its own. */
class AutomationProcess {
  private output = '';
  private readonly exit: Promise<unknown>;

  private constructor(
    readonly url: string,
    private readonly child: ChildProcess,
  ) {
    child.stdout?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    this.exit = new Promise((resolve) => child.once('exit', resolve));
  }

  static async start(env: Record<string, string>): Promise<AutomationProcess> {
    const child = spawn(process.execPath, [ENTRY], {
      env: { ...inheritedServiceEnvironment(), NO_COLOR: '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const service = new AutomationProcess(`http://127.0.0.1:${env.PORT}/automation`, child);
    await waitFor(
      'the automation service to connect to its broker',
      () => / connected to mqtt:\/\//.test(service.output),
      30_000,
    );
    return service;
  }

  get log(): string {
    return this.output;
  }

  async post(route: string, body: unknown): Promise<{ status: number; body: unknown }> {
    const response = await fetch(`${this.url}/${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  }

  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill(signal);
    await this.exit;
  }
}

describe('fermentation profiles, with the built automation service, datastore and simulated controller', () => {
  let broker: PrivateBroker;
  let datastore: ServiceUnderTest<'datastore'>;
  let controller: ServiceUnderTest<'controller'>;
  let automation: AutomationProcess;
  let patches: MqttRecorder;
  let automationEnv: Record<string, string>;

  let startedAt: string;
  const startedProfile = (): Profile => ({ ...profile, startedAt });
  /** What the profile's clock says at `atMs`, in degC. */
  const plannedAt = (atMs: number): number => settingAt(startedProfile(), atMs)?.setting ?? NaN;

  /** The block's storedSetting in degC, as the controller reads it. */
  const storedSetting = async (): Promise<number> => {
    const block = await dataOf(controller.client.POST('/blocks/read', { body: { id: BLOCK_ID } }));
    return (block.data.storedSetting as { value: number }).value;
  };
  /** The settings the automation service patched the block to, in order. */
  const patchedSettings = () =>
    patches
      .on<{ id: string; data: { storedSetting: { value: number } } }>(blockTopic('patch'))
      .filter(({ payload }) => payload.id === BLOCK_ID)
      .map(({ payload }) => payload.data.storedSetting.value);
  /** Waits until the block holds, within the tolerance, what the profile's clock says. */
  const settingFollowsTheClock = (what: string) =>
    waitFor(what, async () => {
      const stored = await storedSetting();
      const planned = plannedAt(Date.now());
      return Math.abs(stored - planned) <= CLOCK_TOLERANCE && { stored, planned };
    });

  beforeAll(async () => {
    broker = await PrivateBroker.start();
    datastore = await ServiceUnderTest.start('datastore', { MQTT_URL: broker.url });
    controller = await ServiceUnderTest.start('controller', {
      SERVICE_ID,
      MQTT_URL: broker.url,
      DATASTORE_URL: datastore.url,
    });
    const created = await answerOf(
      controller.client.POST('/blocks/create', {
        body: {
          id: BLOCK_ID,
          serviceId: SERVICE_ID,
          type: 'SetpointSensorPair',
          data: { storedSetting: q('degC', 20) },
        },
      }),
    );
    expect(created.status).toBe(201);
    await answerOf(datastore.client.POST('/mset', { body: { values: [profile] } }));
    patches = await MqttRecorder.connect(broker.url, blockTopic('patch'));
    automationEnv = {
      PORT: String(await freePort()),
      MQTT_URL: broker.url,
      DATASTORE_URL: datastore.url,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'eventcast-automation-')),
    };
    automation = await AutomationProcess.start(automationEnv);
  }, 90_000);

  afterAll(async () => {
    await automation?.stop();
    await patches?.close();
    await controller?.stop();
    await datastore?.stop();
    await broker?.stop();
  });

  it('applies the first setting of a profile started now, and writes its start into the document', async () => {
    const started = await automation.post('profiles/start', { id: 'ale' });
    expect(started.status).toBe(200);
    startedAt = (started.body as { value: Profile }).value.startedAt as string;
    expect(Date.now() - Date.parse(startedAt)).toBeLessThan(5000);
    await waitFor('the block to hold 10 °C', async () => (await storedSetting()) === 10);
    const stored = await answerOf(
      datastore.client.POST('/get', { body: { namespace: PROFILES_NAMESPACE, id: 'ale' } }),
    );
    expect((stored.body as { value: Profile }).value.startedAt).toBe(startedAt);
  });

  it('follows the ramp as the clock goes', async () => {
    await waitFor('the ramp to begin', async () => (await storedSetting()) > 10.5, 20_000);
    await settingFollowsTheClock('the block to follow the ramp');
  });

  it('resumes at the setting the clock says after a SIGKILL mid-profile, replaying no step', async () => {
    await automation.stop('SIGKILL');
    const atKill = await storedSetting();
    // While the service is down the plan moves on and the block stays behind.
    await waitFor('the plan to move 1 °C past the block', () => plannedAt(Date.now()) >= atKill + 1, 20_000);
    const before = patchedSettings().length;
    const restartedAt = Date.now();
    automation = await AutomationProcess.start(automationEnv);
    await settingFollowsTheClock('the block to hold what the clock says again');
    const after = patchedSettings().slice(before);
    expect(after.length).toBeGreaterThan(0);
    // The first patch after the restart is the setting of its moment, not a step's start (10 °C) nor the setting at the kill.
    expect(after[0]).toBeGreaterThanOrEqual(plannedAt(restartedAt) - 0.001);
    expect(after.every((setting) => setting > atKill + 0.9)).toBe(true);
  }, 60_000);

  it('puts a controller that was killed and restarted at the setting the clock says', async () => {
    await controller.stop('SIGKILL');
    const atKill = plannedAt(Date.now());
    await waitFor('the plan to move 1 °C on', () => plannedAt(Date.now()) >= atKill + 1, 20_000);
    // The same port and data folder: the device comes back with the setting it kept, behind the plan.
    controller = await ServiceUnderTest.start('controller', controller.env);
    await settingFollowsTheClock('the restarted block to hold what the clock says');
  }, 60_000);

  it('draws the planned line of the running profile', async () => {
    const plan = await automation.post('profiles/plan', { id: 'ale' });
    const start = Date.parse(startedAt);
    expect(plan).toEqual({
      status: 200,
      body: {
        id: 'ale',
        unit: 'degC',
        startedAt,
        points: [
          { atMs: start, setting: 10 },
          { atMs: start + 5000, setting: 10 },
          { atMs: start + 125_000, setting: 20 },
          { atMs: start + 125_000, setting: 4 },
          { atMs: start + 725_000, setting: 4 },
        ],
      },
    });
  });

  it('stops a profile: the document loses startedAt and the block keeps its last setting', async () => {
    const stopped = await automation.post('profiles/stop', { id: 'ale' });
    expect(stopped.status).toBe(200);
    expect((stopped.body as { value: Profile }).value.startedAt).toBeUndefined();
    const count = patchedSettings().length;
    const last = await storedSetting();
    // The ramp patches every 0.6 s while it runs; none comes after the stop.
    await waitFor('the plan to move 0.5 °C on', () => plannedAt(Date.now()) >= last + 0.5, 20_000);
    expect(patchedSettings()).toHaveLength(count);
    expect(await storedSetting()).toBe(last);
  }, 30_000);

  it('refuses an unknown profile and a bad body with their reasons, and changes nothing', async () => {
    expect(await automation.post('profiles/start', { id: 'lager' })).toMatchObject({
      status: 404,
      body: { message: 'profile lager does not exist' },
    });
    const refused = await automation.post('profiles/start', { id: 'ale', at: 'tomorrow', extra: 1 });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toMatch(/at/);
    expect(JSON.stringify(refused.body)).toMatch(/extra/);
    // ISO 8601, but no instant that the profile could start at (a week date, an ordinal date, no offset).
    for (const at of ['2026-W09-1', '2026-060', '2026-03-01T08:00']) {
      expect(await automation.post('profiles/start', { id: 'ale', at })).toMatchObject({
        status: 400,
        body: { message: ['at must be an ISO 8601 time with its offset, such as 2026-03-01T08:00:00Z'] },
      });
    }
    const stored = await answerOf(
      datastore.client.POST('/get', { body: { namespace: PROFILES_NAMESPACE, id: 'ale' } }),
    );
    expect((stored.body as { value: Profile }).value.startedAt).toBeUndefined();
  });

  it('takes an at of null as not given: the profile starts now', async () => {
    const started = await automation.post('profiles/start', { id: 'ale', at: null });
    expect(started.status).toBe(200);
    expect(Date.now() - Date.parse((started.body as { value: Profile }).value.startedAt as string)).toBeLessThan(5000);
    expect((await automation.post('profiles/stop', { id: 'ale' })).status).toBe(200);
  });
});
