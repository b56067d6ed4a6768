import { waitFor } from '@eventcast/testing';
import { controllerOnFakes, ControllerOnFakes } from '../../../test/fakes/services-on-fakes';
import { BlockMetaService } from './block-meta.service';

describe(BlockMetaService.name, () => {
  const NAMESPACE = 'controller-service:c1';
  let c: ControllerOnFakes;
  let meta: BlockMetaService;
  const sensor = { id: 'Sensor', nid: 100 };

  beforeEach(() => {
    c = controllerOnFakes();
    meta = c.meta;
  });

  afterEach(() => c.close());

  it('knows no meta for a block that was never given one', () => {
    expect(meta.metaOf(100)).toBeUndefined();
  });

  it('keeps a block meta in its own datastore document, beside the block id', async () => {
    await meta.replace(sensor, { room: 'cellar' });
    expect(meta.metaOf(100)).toEqual({ room: 'cellar' });
    await expect(c.datastore.mget(NAMESPACE)).resolves.toEqual([
      { namespace: NAMESPACE, id: 'block-100', blockId: 'Sensor', meta: { room: 'cellar' } },
    ]);
  });

  it('merges given keys into the meta the datastore holds now, also when another writer changed it', async () => {
    await meta.replace(sensor, { room: 'cellar', shelf: 1 });
    await c.datastore.mset([
      { namespace: NAMESPACE, id: 'block-100', blockId: 'Sensor', meta: { room: 'attic', shelf: 1 } },
    ]);
    await meta.merge(sensor, { shelf: 2 });
    expect(meta.metaOf(100)).toEqual({ room: 'attic', shelf: 2 });
  });

  it('refuses a change while the datastore is unreachable and keeps the meta it had', async () => {
    await meta.replace(sensor, { room: 'cellar' });
    c.datastore.goOffline();
    await expect(meta.replace(sensor, { room: 'attic' })).rejects.toThrow(/offline/);
    await expect(meta.merge(sensor, { room: 'attic' })).rejects.toThrow(/offline/);
    expect(meta.metaOf(100)).toEqual({ room: 'cellar' });
  });

  it('forgets the meta of deleted blocks and leaves the others', async () => {
    await meta.replace(sensor, { room: 'cellar' });
    await meta.replace({ id: 'Pair', nid: 101 }, { note: 'keep' });
    await meta.forget([100, 102]);
    expect(meta.metaOf(100)).toBeUndefined();
    await expect(c.datastore.mget(NAMESPACE)).resolves.toEqual([expect.objectContaining({ id: 'block-101' })]);
  });

  it('forgets at the next start-up the meta of blocks deleted while the datastore was unreachable', async () => {
    const created = await c.device.create({ id: 'Sensor', type: 'TempSensorMock', data: {} });
    await meta.replace(created, { room: 'cellar' });
    c.datastore.goOffline();
    await c.device.delete('Sensor');
    await expect(meta.forget([created.nid])).resolves.toBeUndefined();
    c.datastore.comeBack();
    await expect(c.datastore.get(NAMESPACE, 'block-100')).resolves.not.toBeNull();

    meta.onApplicationBootstrap();
    await c.store.onApplicationBootstrap();
    await waitFor(
      'the orphaned meta to be deleted',
      async () => (await c.datastore.get(NAMESPACE, 'block-100')) === null,
    );
  });
});
