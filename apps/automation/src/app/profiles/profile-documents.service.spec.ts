import { Profile, PROFILES_NAMESPACE } from '@eventcast/automation-model';
import { BadRequestError, type ControllerStatus, type DatastoreDocument, type StateEvent } from '@eventcast/domain';
import { InMemoryAutomationDatastore } from '../../../test/fakes/in-memory-automation-datastore';
import { ControllerViews } from '../controller-views/controller-views';
import { AutomationDocuments } from '../documents/automation-documents.service';
import { ProfileDocuments } from './profile-documents.service';

const START = '2026-03-01T08:00:00.000Z';

const profile: Profile = {
  namespace: PROFILES_NAMESPACE,
  id: 'ale',
  title: 'Ale',
  serviceId: 'c1',
  blockId: 'Beer setpoint',
  steps: [
    { type: 'hold', setting: { value: 19, unit: 'degC' }, durationS: 86_400 },
    { type: 'ramp', setting: { value: 21, unit: 'degC' }, durationS: 86_400 },
  ],
};

/** The controller `c1` online with a setpoint and a PWM. */
const online: StateEvent = {
  key: 'c1',
  type: 'Controller.state',
  data: {
    status: {} as ControllerStatus,
    relations: [],
    blocks: [
      { id: 'Beer setpoint', serviceId: 'c1', type: 'SetpointSensorPair', data: {} },
      { id: 'Heater PWM', serviceId: 'c1', type: 'ActuatorPwm', data: {} },
    ],
  },
};

async function profiles(documents: object[] = []) {
  const datastore = new InMemoryAutomationDatastore(structuredClone(documents) as DatastoreDocument[]);
  const automationDocuments = new AutomationDocuments(datastore);
  automationDocuments.onApplicationBootstrap();
  await automationDocuments.ready();
  const controllers = new ControllerViews();
  return { datastore, controllers, profiles: new ProfileDocuments(automationDocuments, controllers) };
}

describe(ProfileDocuments.name, () => {
  it('lists each profile with whether it runs and the setting its plan gives now', async () => {
    const { profiles: service } = await profiles([profile, { ...profile, id: 'lager', startedAt: START }]);
    expect(await service.list(Date.parse(START) + 36 * 3_600_000)).toEqual([
      { ...profile, running: false },
      { ...profile, id: 'lager', startedAt: START, running: true, plannedSetting: 20 },
    ]);
  });

  it('refuses a profile with every problem and its path, saving nothing', async () => {
    const { profiles: service, datastore } = await profiles();
    const bad = { ...profile, steps: [{ type: 'ramp', setting: { value: 'warm' }, durationS: 0 }] };
    const refused = service.save(bad);
    await expect(refused).rejects.toBeInstanceOf(BadRequestError);
    await expect(refused).rejects.toThrow(
      [
        'steps[0].type: the first step must be a hold: a ramp needs a setting to start from',
        'steps[0].setting.value: must be a number',
        'steps[0].durationS: must be a whole number of seconds, 1 up to a year (31536000)',
      ].join('; '),
    );
    expect(datastore.stored.size).toBe(0);
  });

  it('checks the block where it sees the controller online, and only there', async () => {
    const { profiles: service, controllers, datastore } = await profiles();
    await expect(service.save({ ...profile, blockId: 'Heater PWM' })).resolves.toBeDefined();
    controllers.applyState('c1', online);
    await expect(service.save({ ...profile, blockId: 'Heater PWM' })).rejects.toThrow(
      'blockId: block Heater PWM is of type ActuatorPwm, not SetpointSensorPair: a profile drives a setpoint',
    );
    await expect(service.save({ ...profile, blockId: 'Wort setpoint' })).rejects.toThrow(
      'blockId: no block Wort setpoint on controller c1',
    );
    await expect(service.save({ ...profile })).resolves.toEqual(profile);
    controllers.applyState('c1', { ...online, data: null });
    await expect(service.save({ ...profile, blockId: 'Wort setpoint' })).resolves.toBeDefined();
    expect(datastore.stored.get('svc-automation:profiles:ale')?.['blockId']).toBe('Wort setpoint');
  });

  it('keeps a running profile’s start unless the body gives one', async () => {
    const { profiles: service, datastore } = await profiles([{ ...profile, startedAt: START }]);
    const later = '2026-03-02T08:00:00.000Z';
    await expect(service.save({ ...profile, title: 'Pale ale' })).resolves.toEqual({
      ...profile,
      title: 'Pale ale',
      startedAt: START,
    });
    await service.save({ ...profile, startedAt: later });
    expect(datastore.stored.get('svc-automation:profiles:ale')?.['startedAt']).toBe(later);
  });

  it('deletes a profile, saying whether it was there', async () => {
    const { profiles: service, datastore } = await profiles([profile]);
    await expect(service.remove('ale')).resolves.toBe(true);
    await expect(service.remove('ale')).resolves.toBe(false);
    expect(datastore.stored.size).toBe(0);
  });
});
