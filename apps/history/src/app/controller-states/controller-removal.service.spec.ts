import {
  ConflictError,
  disconnectedState,
  NotFoundError,
  type StateEvent,
  StoreUnavailableError,
} from '@eventcast/domain';
import { ControllerStateBus } from '../ports/controller-state-bus.port';
import { ControllerRemoval } from './controller-removal.service';
import { ControllerStates } from './controller-states.service';

/** A bus that records the states it cleared. */
class FakeControllerStateBus extends ControllerStateBus {
  readonly cleared: string[] = [];

  async clearRetainedState(serviceId: string): Promise<void> {
    this.cleared.push(serviceId);
  }
}

const online: StateEvent = {
  key: 'kitchen',
  type: 'Controller.state',
  data: {
    status: { connected: true, deviceId: 'ABC', version: 'simulated-1', temperatureUnit: 'degC' },
    blocks: [],
    relations: [],
  },
};

function removalWith(...events: StateEvent[]) {
  const states = new ControllerStates();
  states.followed();
  for (const event of events) states.receive(`eventcast/state/${event.key}`, JSON.stringify(event));
  const bus = new FakeControllerStateBus();
  return { removal: new ControllerRemoval(states, bus), bus, states };
}

describe(ControllerRemoval.name, () => {
  it("clears an offline controller's retained state", async () => {
    const { removal, bus } = removalWith(disconnectedState('cellar'), online);

    await expect(removal.remove('cellar')).resolves.toBe('cellar');
    expect(bus.cleared).toEqual(['cellar']);
  });

  it('refuses an online controller and clears nothing', async () => {
    const { removal, bus } = removalWith(online);

    await expect(removal.remove('kitchen')).rejects.toThrow(
      new ConflictError('kitchen is online: stop the controller first, then remove it'),
    );
    expect(bus.cleared).toEqual([]);
  });

  it('says a controller without a state on the broker is not known', async () => {
    const { removal, bus } = removalWith(online);

    await expect(removal.remove('garage')).rejects.toBeInstanceOf(NotFoundError);
    expect(bus.cleared).toEqual([]);
  });

  it('refuses while the broker is lost, when it cannot tell whether the controller is online', async () => {
    const { removal, bus, states } = removalWith(disconnectedState('cellar'));
    states.lost();

    await expect(removal.remove('cellar')).rejects.toBeInstanceOf(StoreUnavailableError);
    expect(bus.cleared).toEqual([]);
  });
});
