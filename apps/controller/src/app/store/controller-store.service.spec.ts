import { ControllerConfig } from '../../config/controller.config';
import { Datastore } from '../ports/datastore.port';
import { ControllerStoreService } from './controller-store.service';
import { InMemoryDatastore } from '../../../test/fakes/in-memory-datastore';

describe(ControllerStoreService.name, () => {
  const store = new ControllerStoreService({ serviceId: 'c1' } as ControllerConfig, {} as Datastore);

  it('follows the change events of its own namespace only', () => {
    store.follow({
      changed: [
        { namespace: 'controller-service:c1', id: 'block-100', meta: { a: 1 } },
        { namespace: 'controller-service:c2', id: 'block-101' },
        null,
      ],
    });
    expect(store.known()).toEqual([{ namespace: 'controller-service:c1', id: 'block-100', meta: { a: 1 } }]);
    store.follow({ deleted: ['controller-service:c2:block-100', 'controller-service:c1:sub:block-100'] });
    expect(store.find('block-100')).toBeDefined();
    store.follow({ deleted: ['controller-service:c1:block-100'] });
    expect(store.find('block-100')).toBeUndefined();
    store.follow('not an event');
  });
});

describe(`${ControllerStoreService.name} at start-up`, () => {
  it('has read its documents when start-up ends, and tells a listener given later at once', async () => {
    const datastore = new InMemoryDatastore();
    await datastore.mset([{ namespace: 'controller-service:c1', id: 'block-100', meta: { tuned: 'yes' } }]);
    const store = new ControllerStoreService({ serviceId: 'c1' } as ControllerConfig, datastore);
    await store.onApplicationBootstrap();
    expect(store.find('block-100')?.meta).toEqual({ tuned: 'yes' });
    const listener = jest.fn();
    store.onLoad(listener);
    expect(listener).toHaveBeenCalledTimes(1);
    store.onApplicationShutdown();
  });
});
