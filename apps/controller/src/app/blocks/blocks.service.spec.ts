import { link as l, quantity as q, statePatchTopic } from '@eventcast/domain';
import { controllerOnFakes, ControllerOnFakes, VIA_TEST } from '../../../test/fakes/services-on-fakes';
import { BlocksService } from './blocks.service';

describe(BlocksService.name, () => {
  let c: ControllerOnFakes;
  let blocks: BlocksService;
  const block = (
    id: string,
    type: string,
    data: Record<string, unknown> = {},
    extra: Record<string, unknown> = {},
  ) => ({ id, serviceId: 'c1', type, data, ...extra });
  const patches = () => c.publisher.payloadsOn(statePatchTopic('c1')).map((event) => (event as { data: unknown }).data);

  beforeEach(() => {
    c = controllerOnFakes([{ type: 'TempSensorOneWire', address: '28C80E9A0300009D' }]);
    blocks = c.blocks;
  });

  afterEach(() => c.close());

  describe('create', () => {
    it('creates a block with a user nid and defaults for omitted fields, and announces it', async () => {
      const created = await blocks.create(
        block('Pair', 'SetpointSensorPair', { enabled: true, storedSetting: 20 }),
        VIA_TEST,
      );
      expect(created).toMatchObject({ id: 'Pair', nid: 100, serviceId: 'c1', type: 'SetpointSensorPair' });
      expect(created.data).toMatchObject({
        enabled: true,
        storedSetting: q('degC', 20),
        filter: 'FILTER_NONE',
        sensorId: l('TempSensorInterface', null),
      });
      expect(c.device.find('Pair')).toBeDefined();
      expect(patches()).toEqual([{ changed: [created], deleted: [] }]);
    });

    it('keeps the meta it is given in the controller datastore and reads it back with the block', async () => {
      const created = await blocks.create(
        block('Pair', 'SetpointSensorPair', {}, { meta: { note: 'fermenter 1' } }),
        VIA_TEST,
      );
      expect(created.meta).toEqual({ note: 'fermenter 1' });
      await expect(c.datastore.get('controller-service:c1', `block-${created.nid}`)).resolves.toMatchObject({
        blockId: 'Pair',
        meta: { note: 'fermenter 1' },
      });
      expect(blocks.read('Pair').meta).toEqual({ note: 'fermenter 1' });
    });

    it('creates nothing and announces nothing when the meta cannot be stored', async () => {
      c.datastore.goOffline();
      await expect(
        blocks.create(block('Pair', 'SetpointSensorPair', {}, { meta: { note: 'x' } }), VIA_TEST),
      ).rejects.toThrow(/offline/);
      expect(c.device.find('Pair')).toBeUndefined();
      expect(patches()).toEqual([]);
    });

    it('works without the datastore when no meta is given', async () => {
      c.datastore.goOffline();
      await expect(blocks.create(block('Pair', 'SetpointSensorPair'), VIA_TEST)).resolves.toMatchObject({ id: 'Pair' });
    });

    it.each([
      ['an id that exists', block('SystemInfo', 'TempSensorMock'), /SystemInfo exists already/],
      ['the type of a system block', block('Info 2', 'SysInfo'), /type of the system block SystemInfo/],
      ['a type that does not exist', block('Odd', 'NoSuchType'), /NoSuchType is not a block type/],
    ])('refuses %s and creates nothing', async (_case, body, message) => {
      const before = c.device.blocks().length;
      await expect(blocks.create(body, VIA_TEST)).rejects.toThrow(message);
      expect(c.device.blocks()).toHaveLength(before);
      expect(patches()).toEqual([]);
    });

    it('refuses a block addressed to another controller service', async () => {
      await expect(
        blocks.create({ ...block('Pair', 'SetpointSensorPair'), serviceId: 'c2' }, VIA_TEST),
      ).rejects.toThrow(/serviceId: c2 is another controller service/);
      expect(c.device.find('Pair')).toBeUndefined();
    });

    it('refuses data the block type does not take, naming the field', async () => {
      await expect(
        blocks.create(block('Pair', 'SetpointSensorPair', { storedSetting: 'warm' }), VIA_TEST),
      ).rejects.toThrow(/storedSetting/);
      await expect(
        blocks.create(block('Pair', 'SetpointSensorPair', { sensorId: 'Missing' }), VIA_TEST),
      ).rejects.toThrow(/sensorId .*Missing/);
      expect(c.device.find('Pair')).toBeUndefined();
    });
  });

  describe('reads', () => {
    beforeEach(async () => {
      await blocks.create(block('Pair', 'SetpointSensorPair', { enabled: true, storedSetting: 20 }), VIA_TEST);
    });

    it('gives temperatures in the user unit, and the stored data in the device unit', () => {
      c.units.follow({ temperature: 'degF' });
      expect(blocks.read('Pair').data.storedSetting).toEqual(q('degF', 68));
      expect(blocks.readStored('Pair').data.storedSetting).toEqual(q('degC', 20));
      expect(blocks.readLogged('Pair').data).toMatchObject({ enabled: true, 'storedSetting[degF]': 68 });
    });

    it('lists every block, system blocks first, in each view', () => {
      const ids = ['SystemInfo', 'OnboardPins', 'Pair'];
      expect(blocks.readAll().map((read) => read.id)).toEqual(ids);
      expect(blocks.readAllLogged().map((read) => read.id)).toEqual(ids);
      expect(blocks.readAllStored().map((read) => read.id)).toEqual(ids);
    });

    it.each(['read', 'readLogged', 'readStored'] as const)(
      'answers %s of a block that does not exist with its name',
      (read) => {
        expect(() => blocks[read]('Ghost')).toThrow(/no block named Ghost/);
      },
    );
  });

  describe('write and patch', () => {
    beforeEach(async () => {
      await blocks.create(block('Sensor', 'TempSensorMock'), VIA_TEST);
      await blocks.create(
        block('Pair', 'SetpointSensorPair', {
          enabled: true,
          storedSetting: 20,
          filter: 'FILTER_3m',
          sensorId: 'Sensor',
        }),
        VIA_TEST,
      );
      c.publisher.published.length = 0;
    });

    it('writes the complete data: omitted fields take their default, and the change is announced', async () => {
      const written = await blocks.write(block('Pair', 'SetpointSensorPair', { storedSetting: 21 }), VIA_TEST);
      expect(written.data).toMatchObject({
        enabled: true,
        storedSetting: q('degC', 21),
        filter: 'FILTER_NONE',
        sensorId: l('TempSensorInterface', null),
      });
      expect(blocks.read('Pair')).toEqual(written);
      expect(patches()).toEqual([{ changed: [written], deleted: [] }]);
    });

    it('patches the given fields only, reading a bare number in the user unit', async () => {
      c.units.follow({ temperature: 'degF' });
      const patched = await blocks.patch(block('Pair', 'SetpointSensorPair', { storedSetting: 70 }), VIA_TEST);
      expect(patched.data).toMatchObject({
        enabled: true,
        filter: 'FILTER_3m',
        sensorId: l('TempSensorInterface', 'Sensor'),
        storedSetting: q('degF', 70),
      });
      expect(blocks.readStored('Pair').data.storedSetting).toEqual(q('degC', (70 - 32) / 1.8));
    });

    it('replaces the meta on a write and merges it key by key on a patch', async () => {
      await blocks.write(block('Pair', 'SetpointSensorPair', {}, { meta: { a: 1, b: 1 } }), VIA_TEST);
      await blocks.patch(block('Pair', 'SetpointSensorPair', {}, { meta: { b: 2, c: 3 } }), VIA_TEST);
      expect(blocks.read('Pair').meta).toEqual({ a: 1, b: 2, c: 3 });
      await blocks.write(block('Pair', 'SetpointSensorPair', {}, { meta: { only: true } }), VIA_TEST);
      expect(blocks.read('Pair').meta).toEqual({ only: true });
    });

    it('changes nothing when a given meta cannot be stored', async () => {
      c.datastore.goOffline();
      await expect(
        blocks.patch(block('Pair', 'SetpointSensorPair', { enabled: false }, { meta: { a: 1 } }), VIA_TEST),
      ).rejects.toThrow(/offline/);
      expect(blocks.read('Pair').data.enabled).toBe(true);
      expect(patches()).toEqual([]);
    });

    it.each(['write', 'patch'] as const)(
      'answers a %s of a block that does not exist with its name',
      async (operation) => {
        await expect(blocks[operation](block('Ghost', 'SetpointSensorPair'), VIA_TEST)).rejects.toThrow(
          /no block named Ghost/,
        );
      },
    );

    it.each(['write', 'patch'] as const)('refuses a %s that gives the block another type', async (operation) => {
      await expect(blocks[operation](block('Pair', 'TempSensorMock'), VIA_TEST)).rejects.toThrow(
        /Pair is a SetpointSensorPair, not a TempSensorMock/,
      );
      expect(patches()).toEqual([]);
    });
  });

  describe('delete', () => {
    beforeEach(async () => {
      await blocks.create(block('Sensor', 'TempSensorMock', {}, { meta: { room: 'cellar' } }), VIA_TEST);
      await blocks.create(block('Pair', 'SetpointSensorPair', { sensorId: 'Sensor' }), VIA_TEST);
      c.publisher.published.length = 0;
    });

    it('deletes a block, answers its identity, clears links to it and announces both', async () => {
      await expect(blocks.delete('Sensor', VIA_TEST)).resolves.toEqual({
        id: 'Sensor',
        nid: 100,
        serviceId: 'c1',
        type: 'TempSensorMock',
      });
      expect(c.device.find('Sensor')).toBeUndefined();
      expect(blocks.read('Pair').data.sensorId).toEqual(l('TempSensorInterface', null));
      expect(patches()).toEqual([{ changed: [blocks.read('Pair')], deleted: ['Sensor'] }]);
    });

    it('forgets the meta of the deleted block, so a new block of the same name starts without one', async () => {
      await blocks.delete('Sensor', VIA_TEST);
      await new Promise((resolve) => setImmediate(resolve));
      await expect(c.datastore.get('controller-service:c1', 'block-100')).resolves.toBeNull();
      expect((await blocks.create(block('Sensor', 'TempSensorMock'), VIA_TEST)).meta).toBeUndefined();
    });

    it('refuses to delete a system block or one that does not exist', async () => {
      await expect(blocks.delete('SystemInfo', VIA_TEST)).rejects.toThrow(/SystemInfo is a system block/);
      await expect(blocks.delete('Ghost', VIA_TEST)).rejects.toThrow(/no block named Ghost/);
      expect(patches()).toEqual([]);
    });

    it('deletes every user block and keeps the system blocks', async () => {
      const deleted = await blocks.deleteAll(VIA_TEST);
      expect(deleted.map((identity) => identity.id)).toEqual(['Sensor', 'Pair']);
      expect(blocks.readAll().map((read) => read.id)).toEqual(['SystemInfo', 'OnboardPins']);
      expect(patches()).toEqual([{ changed: [], deleted: ['Sensor', 'Pair'] }]);
    });
  });

  it('creates blocks for plugged-in hardware once, and announces them', async () => {
    const found = await blocks.discover(VIA_TEST);
    expect(found).toMatchObject([
      { id: 'TempSensorOneWire-1', type: 'TempSensorOneWire', data: { address: '28C80E9A0300009D' } },
    ]);
    await expect(blocks.discover(VIA_TEST)).resolves.toEqual([]);
    expect(patches()).toEqual([{ changed: found, deleted: [] }]);
  });

  it('keeps the system info tempUnit at the user temperature unit', async () => {
    blocks.onApplicationBootstrap();
    c.units.follow({ temperature: 'degF' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(blocks.read('SystemInfo').data.tempUnit).toBe('TEMP_FAHRENHEIT');
    expect(patches()).toEqual([{ changed: [blocks.read('SystemInfo')], deleted: [] }]);
  });
});
