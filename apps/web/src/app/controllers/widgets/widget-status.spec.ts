import type { ControllerView } from '../../../common/controller-list';
import { controllerNotice } from './widget-status';

const controller = (online: boolean): ControllerView => ({ id: 'fermenter', online, blocks: [], relations: [] });

describe(controllerNotice.name, () => {
  it('says nothing of a controller online on an open stream', () => {
    expect(controllerNotice({ controller: controller(true), live: true })).toBeUndefined();
  });

  it('says the controller is offline, its values as last seen', () => {
    expect(controllerNotice({ controller: controller(false), live: true })).toBe('Offline: values as last seen');
  });

  it('says the stream is reconnecting when it dropped after the controller was seen', () => {
    expect(controllerNotice({ controller: controller(true), live: false })).toBe('Reconnecting: values as last seen');
  });

  it('says what it waits for before the controller is seen', () => {
    expect(controllerNotice({ live: false })).toBe('Connecting to the controller stream…');
    expect(controllerNotice({ live: true })).toBe('Waiting for the state of this controller…');
  });
});
