import { Profile, PROFILES_NAMESPACE } from '@eventcast/automation-model';
import { type Block, type DatastoreDocument, NotFoundError } from '@eventcast/domain';
import { RecordingEventPublisher } from '@eventcast/messaging/testing';
import { InMemoryAutomationDatastore } from '../../../test/fakes/in-memory-automation-datastore';
import { BlockPatcher } from '../blocks/block-patcher.service';
import { AutomationDocuments } from '../documents/automation-documents.service';
import { ProfileRunner } from './profile-runner.service';

const START = Date.parse('2026-03-01T08:00:00Z');
const MINUTE = 60_000;

/** Hold 10 °C for 10 min, ramp to 20 °C over 100 min (0.1 °C a minute), hold 4 °C for 10 min. */
const profile: Profile = {
  namespace: PROFILES_NAMESPACE,
  id: 'ale',
  title: 'Ale',
  serviceId: 'c1',
  blockId: 'Beer setpoint',
  steps: [
    { type: 'hold', setting: { value: 10, unit: 'degC' }, durationS: 600 },
    { type: 'ramp', setting: { value: 20, unit: 'degC' }, durationS: 6000 },
    { type: 'hold', setting: { value: 39.2, unit: 'degF' }, durationS: 600 },
  ],
};
const started = { ...profile, startedAt: new Date(START).toISOString() };

/** The runner on in-memory documents and a recording publisher, its documents read, at `nowMs`. */
async function runner(documents: object[], nowMs = START) {
  jest.useFakeTimers({ now: nowMs });
  const datastore = new InMemoryAutomationDatastore(structuredClone(documents) as DatastoreDocument[]);
  const publisher = new RecordingEventPublisher();
  const automationDocuments = new AutomationDocuments(datastore);
  const profiles = new ProfileRunner(automationDocuments, new BlockPatcher(publisher), publisher);
  profiles.onModuleInit();
  automationDocuments.onApplicationBootstrap();
  await automationDocuments.ready();
  await jest.advanceTimersByTimeAsync(0);
  /** The settings patched so far, in order. */
  const patched = () =>
    publisher.published
      .filter(({ topic }) => topic === 'eventcast/controller/blocks/patch')
      .map(({ payload }) => (payload as { data: { storedSetting: { value: number } } }).data.storedSetting.value);
  return { profiles, publisher, datastore, documents: automationDocuments, patched };
}

/** A controller's blocks with the setpoint's stored setting at `value` in `unit`. */
function blocksWithSetting(value: number, unit = 'degC'): Block[] {
  return [
    {
      id: 'Beer setpoint',
      serviceId: 'c1',
      type: 'SetpointSensorPair',
      data: { storedSetting: { __objtype: 'Quantity', unit, value } },
    },
  ];
}

describe(ProfileRunner.name, () => {
  afterEach(() => jest.useRealTimers());

  it('patches the setpoint of a started profile at once, with its planned setting as a history event', async () => {
    const { publisher } = await runner([started], START + 30 * MINUTE);
    expect(publisher.published).toEqual([
      {
        topic: 'eventcast/controller/blocks/patch',
        payload: {
          id: 'Beer setpoint',
          serviceId: 'c1',
          type: 'SetpointSensorPair',
          data: { storedSetting: { __objtype: 'Quantity', unit: 'degC', value: 12 } },
          origin: 'automation profile Ale',
        },
        options: {},
      },
      {
        topic: 'eventcast/history/automation',
        payload: { key: 'automation', data: { profiles: { ale: { 'planned[degC]': 12 } } } },
        options: {},
      },
    ]);
  });

  it('patches nothing during a hold until the next step begins, then every 0.05 °C of a ramp', async () => {
    const { patched } = await runner([started]);
    await jest.advanceTimersByTimeAsync(10 * MINUTE - 1);
    expect(patched()).toEqual([10]);
    await jest.advanceTimersByTimeAsync(1);
    expect(patched()).toEqual([10, 10]);
    // 0.1 °C a minute: one patch every 30 s.
    await jest.advanceTimersByTimeAsync(MINUTE);
    expect(patched()).toEqual([10, 10, 10.05, 10.1]);
  });

  it('jumps to the last hold’s setting, in degC, and patches nothing once the profile is done', async () => {
    const { patched } = await runner([started], START + 110 * MINUTE - 1);
    await jest.advanceTimersByTimeAsync(1);
    expect(patched().slice(-1)).toEqual([4]);
    await jest.advanceTimersByTimeAsync(10 * MINUTE);
    expect(patched().slice(-2)).toEqual([4, 4]);
    const count = patched().length;
    await jest.advanceTimersByTimeAsync(24 * 60 * MINUTE);
    expect(patched()).toHaveLength(count);
  });

  it('resumes a profile at the setting the clock says, without replaying its steps', async () => {
    const { patched } = await runner([started], START + 60 * MINUTE);
    expect(patched()).toEqual([15]);
  });

  it('tries a patch the broker did not take again every second, and sends the setting of the moment once it is back', async () => {
    const { publisher, patched } = await runner([started], START + 20 * MINUTE);
    await publisher.onApplicationShutdown();
    await jest.advanceTimersByTimeAsync(2 * MINUTE);
    expect(patched()).toEqual([11]);
    expect(publisher.unpublishedCount).toBeGreaterThanOrEqual(60);
    publisher.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(1000);
    expect(patched()).toHaveLength(2);
    // Within a second of the broker's return: 2 min and up to 1 s into the ramp after 11 °C.
    expect(patched()[1]).toBeCloseTo(11.2, 2);
  });

  it('gives a controller that comes back the clock’s setting when its block shows another', async () => {
    const { profiles, patched } = await runner([started], START + 20 * MINUTE);
    profiles.followController('c1', blocksWithSetting(11), true);
    profiles.followController('c1', null, true);
    // The patches of 11.05 and 11.1 °C go to a controller that is away.
    await jest.advanceTimersByTimeAsync(MINUTE + 10_000);
    expect(patched()).toEqual([11, 11.05, 11.1]);
    // Back after a restart, still at 11 °C (51.8 °F) while the plan is at 11.117 °C.
    profiles.followController('c1', blocksWithSetting(51.8, 'degF'), false);
    await jest.advanceTimersByTimeAsync(0);
    expect(patched()).toEqual([11, 11.05, 11.1, 11.117]);
    // Back again, showing what the plan says: nothing to do.
    profiles.followController('c1', null, true);
    profiles.followController('c1', blocksWithSetting(11.117), false);
    await jest.advanceTimersByTimeAsync(0);
    expect(patched()).toHaveLength(4);
  });

  it('leaves a setting changed by hand on a controller that stayed online, until the plan moves on', async () => {
    const { profiles, patched } = await runner([started], START + 20 * MINUTE);
    profiles.followController('c1', blocksWithSetting(11), true);
    profiles.followController('c1', blocksWithSetting(25), false);
    await jest.advanceTimersByTimeAsync(0);
    expect(patched()).toEqual([11]);
    // The broker came back: its kept state is handed over again, and the setting is put right.
    profiles.followController('c1', blocksWithSetting(25), true);
    await jest.advanceTimersByTimeAsync(0);
    expect(patched()).toEqual([11, 11]);
  });

  it('starts a profile by writing startedAt into its document, and applies it', async () => {
    const { profiles, datastore, patched } = await runner([profile], START);
    expect(patched()).toEqual([]);
    const answer = await profiles.start('ale', START - 15 * MINUTE);
    await jest.advanceTimersByTimeAsync(0);
    expect(answer.startedAt).toBe('2026-03-01T07:45:00.000Z');
    expect(datastore.stored.get('svc-automation:profiles:ale')).toEqual({ ...profile, startedAt: answer.startedAt });
    expect(patched()).toEqual([10.5]);
  });

  it('waits for a start to come before it patches anything', async () => {
    const { profiles, patched } = await runner([profile], START);
    await profiles.start('ale', START + 5 * MINUTE);
    await jest.advanceTimersByTimeAsync(5 * MINUTE - 1);
    expect(patched()).toEqual([]);
    await jest.advanceTimersByTimeAsync(1);
    expect(patched()).toEqual([10]);
  });

  it('stops a profile by removing startedAt; the block keeps its setting and nothing more is patched', async () => {
    const { profiles, datastore, patched } = await runner([started], START + 10 * MINUTE);
    const answer = await profiles.stop('ale');
    expect(answer).toEqual(profile);
    expect(datastore.stored.get('svc-automation:profiles:ale')).toEqual(profile);
    await jest.advanceTimersByTimeAsync(60 * MINUTE);
    expect(patched()).toEqual([10]);
  });

  it('stops running a profile whose document is deleted', async () => {
    const { documents, patched } = await runner([started], START + 10 * MINUTE);
    documents.follow({ deleted: ['svc-automation:profiles:ale'] });
    await jest.advanceTimersByTimeAsync(60 * MINUTE);
    expect(patched()).toEqual([10]);
  });

  it('draws the planned line of a profile', async () => {
    const { profiles } = await runner([started]);
    expect(await profiles.plan('ale')).toEqual({
      id: 'ale',
      unit: 'degC',
      startedAt: started.startedAt,
      points: [
        { atMs: START, setting: 10 },
        { atMs: START + 10 * MINUTE, setting: 10 },
        { atMs: START + 110 * MINUTE, setting: 20 },
        { atMs: START + 110 * MINUTE, setting: expect.closeTo(4, 10) },
        { atMs: START + 120 * MINUTE, setting: expect.closeTo(4, 10) },
      ],
    });
  });

  it('refuses to start, stop or plan a profile that does not exist, or one with nothing to run', async () => {
    const { profiles, datastore } = await runner([{ ...profile, id: 'empty', steps: [] }]);
    await expect(profiles.start('lager')).rejects.toThrow(new NotFoundError('profile lager does not exist'));
    await expect(profiles.stop('lager')).rejects.toBeInstanceOf(NotFoundError);
    await expect(profiles.plan('lager')).rejects.toThrow(NotFoundError);
    await expect(profiles.start('empty')).rejects.toThrow('profile empty has no steps');
    expect(datastore.stored.get('svc-automation:profiles:empty')?.startedAt).toBeUndefined();
  });
});
