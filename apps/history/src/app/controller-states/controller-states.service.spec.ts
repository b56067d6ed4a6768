import { disconnectedState, link, removedController, type PatchEvent, type StateEvent } from '@eventcast/domain';
import type { ControllerEvent } from '@eventcast/live-stream';
import { ControllerStates } from './controller-states.service';

const stateOf = (key: string, deviceId = 'ABC'): StateEvent => ({
  key,
  type: 'Controller.state',
  data: {
    status: { connected: true, deviceId, version: 'simulated-1', temperatureUnit: 'degC' },
    blocks: [],
    relations: [],
  },
});

const patchOf = (key: string): PatchEvent => ({ key, type: 'Controller.patch', data: { changed: [], deleted: ['x'] } });

function relayed(states: ControllerStates): ControllerEvent[] {
  const events: ControllerEvent[] = [];
  states.listen((event) => events.push(event));
  return events;
}

describe(ControllerStates.name, () => {
  it('keeps the latest state event of each controller, in the order of their ids', () => {
    const states = new ControllerStates();
    states.receive('eventcast/state/kitchen', JSON.stringify(stateOf('kitchen', 'OLD')));
    states.receive('eventcast/state/cellar', JSON.stringify(stateOf('cellar')));
    states.receive('eventcast/state/kitchen', JSON.stringify(stateOf('kitchen', 'NEW')));

    expect(states.latest()).toEqual([stateOf('cellar'), stateOf('kitchen', 'NEW')]);
  });

  it('passes every state and patch event on as it comes, the last will as an offline state', () => {
    const states = new ControllerStates();
    const events = relayed(states);
    states.receive('eventcast/state/kitchen', JSON.stringify(stateOf('kitchen')));
    states.receive('eventcast/state/kitchen/patch', JSON.stringify(patchOf('kitchen')));
    states.receive('eventcast/state/kitchen', JSON.stringify(disconnectedState('kitchen')));

    expect(events).toEqual([stateOf('kitchen'), patchOf('kitchen'), disconnectedState('kitchen')]);
    expect(states.latest()).toEqual([disconnectedState('kitchen')]);
  });

  it("applies each patch event to the controller's latest state, links included, until its next state event", () => {
    const states = new ControllerStates();
    const sensor = { id: 'Beer sensor', serviceId: 'kitchen', type: 'TempSensorMock', data: {} };
    const setpoint = (id: string) => ({
      id: 'Beer setpoint',
      serviceId: 'kitchen',
      type: 'SetpointSensorPair',
      data: { sensorId: link('TempSensorInterface', id) },
    });
    const patch = (data: PatchEvent['data']): PatchEvent => ({ key: 'kitchen', type: 'Controller.patch', data });
    states.receive('eventcast/state/kitchen', JSON.stringify(stateOf('kitchen')));
    states.receive(
      'eventcast/state/kitchen/patch',
      JSON.stringify(patch({ changed: [sensor, setpoint('Beer sensor')], deleted: [] })),
    );

    expect(states.stateOf('kitchen')?.data).toMatchObject({
      blocks: [sensor, setpoint('Beer sensor')],
      relations: [{ source: 'Beer setpoint', target: 'Beer sensor', relation: ['sensorId'] }],
    });

    states.receive('eventcast/state/kitchen/patch', JSON.stringify(patch({ changed: [], deleted: ['Beer sensor'] })));
    expect(states.stateOf('kitchen')?.data?.blocks).toEqual([setpoint('Beer sensor')]);

    states.receive('eventcast/state/kitchen', JSON.stringify(stateOf('kitchen')));
    expect(states.latest()).toEqual([stateOf('kitchen')]);
  });

  it('keeps no patch of a controller it has no state of, or one offline', () => {
    const states = new ControllerStates();
    const patch: PatchEvent = { key: 'kitchen', type: 'Controller.patch', data: { changed: [], deleted: [] } };
    states.receive('eventcast/state/kitchen/patch', JSON.stringify(patch));
    expect(states.latest()).toEqual([]);

    states.receive('eventcast/state/kitchen', JSON.stringify(disconnectedState('kitchen')));
    states.receive('eventcast/state/kitchen/patch', JSON.stringify(patch));
    expect(states.latest()).toEqual([disconnectedState('kitchen')]);
  });

  it('forgets a controller whose retained state was removed from the broker, and tells the listeners once', () => {
    const states = new ControllerStates();
    states.receive('eventcast/state/kitchen', JSON.stringify(stateOf('kitchen')));
    const events = relayed(states);
    states.receive('eventcast/state/kitchen', '');
    states.receive('eventcast/state/kitchen', '');

    expect(states.latest()).toEqual([]);
    expect(events).toEqual([removedController('kitchen')]);
  });

  it.each([
    ['not JSON', 'eventcast/state/kitchen', '{"key":'],
    ['another controller', 'eventcast/state/kitchen', JSON.stringify(stateOf('cellar'))],
    ['a patch on the state topic', 'eventcast/state/kitchen', JSON.stringify(patchOf('kitchen'))],
    ['a state on the patch topic', 'eventcast/state/kitchen/patch', JSON.stringify(stateOf('kitchen'))],
    ['data that is no object', 'eventcast/state/kitchen', JSON.stringify({ ...stateOf('kitchen'), data: [1] })],
    ['a topic below the patch topic', 'eventcast/state/kitchen/patch/more', JSON.stringify(patchOf('kitchen'))],
  ])('passes over %s and keeps what it had', (_, topic, payload) => {
    const states = new ControllerStates();
    states.receive('eventcast/state/kitchen', JSON.stringify(stateOf('kitchen')));
    const events = relayed(states);
    states.receive(topic, payload);

    expect(events).toEqual([]);
    expect(states.latest()).toEqual([stateOf('kitchen')]);
  });

  it('stops telling a listener once it unsubscribed', () => {
    const states = new ControllerStates();
    const events: ControllerEvent[] = [];
    const unsubscribe = states.listen((event) => events.push(event));
    unsubscribe();
    states.receive('eventcast/state/kitchen', JSON.stringify(stateOf('kitchen')));

    expect(events).toEqual([]);
  });

  it('forgets what it knew and tells the listeners when the broker is lost, once', () => {
    const states = new ControllerStates();
    states.followed();
    states.receive('eventcast/state/kitchen', JSON.stringify(stateOf('kitchen')));
    let told = 0;
    states.listen(
      () => undefined,
      () => told++,
    );
    states.lost();
    states.lost();

    expect({ told, following: states.isFollowing, latest: states.latest() }).toEqual({
      told: 1,
      following: false,
      latest: [],
    });
  });
});
