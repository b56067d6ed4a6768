import { type StateEvent } from '@eventcast/domain';
import { FakeStreamClient } from '../../../test/fakes/fake-stream-client';
import { MAX_UNREAD_BYTES, TRY_AGAIN_LATER } from '../live/websocket-client';
import { ControllerStatesGateway } from './controller-states.gateway';
import { ControllerStates } from './controller-states.service';

const stateOf = (key: string): StateEvent => ({
  key,
  type: 'Controller.state',
  data: {
    status: { connected: true, deviceId: 'ABC', version: 'simulated-1', temperatureUnit: 'degC' },
    blocks: [],
    relations: [],
  },
});

/** States followed on the broker, as the feed leaves them once subscribed. */
function followedStates(): ControllerStates {
  const states = new ControllerStates();
  states.followed();
  return states;
}

const publish = (states: ControllerStates, key: string) =>
  states.receive(`eventcast/state/${key}`, JSON.stringify(stateOf(key)));

describe(ControllerStatesGateway.name, () => {
  it('sends a new client the latest state of every controller, then each event', () => {
    const states = followedStates();
    publish(states, 'cellar');
    const gateway = new ControllerStatesGateway(states);
    const client = new FakeStreamClient();
    gateway.handleConnection(client);
    publish(states, 'kitchen');

    expect(client.sent).toEqual([stateOf('cellar'), stateOf('kitchen')]);
  });

  it('sends a client nothing more once it went', () => {
    const states = followedStates();
    const gateway = new ControllerStatesGateway(states);
    const client = new FakeStreamClient();
    gateway.handleConnection(client);
    gateway.handleDisconnect(client);
    publish(states, 'kitchen');

    expect(client.sent).toEqual([]);
  });

  it('closes a client that fell behind instead of buffering for it, and sends it nothing more', () => {
    const states = followedStates();
    const gateway = new ControllerStatesGateway(states);
    const slow = new FakeStreamClient();
    const quick = new FakeStreamClient();
    gateway.handleConnection(slow);
    gateway.handleConnection(quick);
    slow.bufferedAmount = MAX_UNREAD_BYTES + 1;
    publish(states, 'kitchen');
    publish(states, 'cellar');

    expect(slow).toMatchObject({ sent: [], closedWith: TRY_AGAIN_LATER });
    expect(quick.sent).toEqual([stateOf('kitchen'), stateOf('cellar')]);
  });

  it('closes its clients when the broker is lost, and each new one until it is back', () => {
    const states = followedStates();
    const gateway = new ControllerStatesGateway(states);
    const client = new FakeStreamClient();
    gateway.handleConnection(client);
    states.lost();
    const meanwhile = new FakeStreamClient();
    gateway.handleConnection(meanwhile);

    expect(client.closedWith).toBe(TRY_AGAIN_LATER);
    expect(meanwhile.closedWith).toBe(TRY_AGAIN_LATER);
    states.followed();
    const after = new FakeStreamClient();
    gateway.handleConnection(after);
    publish(states, 'cellar');
    expect(after).toMatchObject({ sent: [stateOf('cellar')], closedWith: undefined });
  });
});
