import { controllerBlocksOf, serviceIdOfStateTopic } from './controller-state.util';

describe('controllerBlocksOf', () => {
  const block = { id: 'Beer setpoint', serviceId: 'c1', type: 'SetpointSensorPair', data: {} };

  it('reads the blocks of an online controller’s state event', () => {
    expect(controllerBlocksOf({ key: 'c1', type: 'Controller.state', data: { blocks: [block] } })).toEqual([block]);
  });

  it('reads a last will, a goodbye and an empty retained message as a controller gone', () => {
    expect(controllerBlocksOf({ key: 'c1', type: 'Controller.state', data: null })).toBeNull();
    expect(controllerBlocksOf('')).toBeNull();
  });

  it('learns nothing from what is not a state event', () => {
    expect(controllerBlocksOf('not json')).toBeUndefined();
    expect(controllerBlocksOf({ key: 'c1', data: { blocks: 'many' } })).toBeUndefined();
    expect(controllerBlocksOf(42)).toBeUndefined();
  });
});

describe('serviceIdOfStateTopic', () => {
  it('names the controller of a state topic', () => {
    expect(serviceIdOfStateTopic('eventcast/state/controller-1')).toBe('controller-1');
  });
});
