import { link as l, quantity as q, statePatchTopic } from '@eventcast/domain';
import { controllerOnFakes, ControllerOnFakes, VIA_TEST } from '../../../test/fakes/services-on-fakes';
import { BackupService } from './backup.service';

describe(BackupService.name, () => {
  const NAMESPACE = 'controller-service:c1';
  let c: ControllerOnFakes;
  let backups: BackupService;
  const ids = () => c.device.blocks().map((block) => block.id);

  beforeEach(async () => {
    c = controllerOnFakes();
    backups = c.backups;
    await c.blocks.create(
      {
        id: 'Old sensor',
        serviceId: 'c1',
        type: 'TempSensorMock',
        data: {},
        meta: { room: 'cellar' },
      },
      VIA_TEST,
    );
    await c.blocks.create(
      {
        id: 'Old pair',
        serviceId: 'c1',
        type: 'SetpointSensorPair',
        data: { storedSetting: 20, sensorId: 'Old sensor' },
      },
      VIA_TEST,
    );
    c.publisher.published.length = 0;
  });

  afterEach(() => c.close());

  describe('save', () => {
    it('holds the stored data of every block in device units, the controller documents, the time and the service id', async () => {
      c.units.follow({ temperature: 'degF' });
      const backup = await backups.save();
      expect(backup.serviceId).toBe('c1');
      expect(backup.timestamp).toMatch(/^\d{4}-\d\d-\d\dT/);
      expect(backup.blocks.map((block) => block.id)).toEqual(['SystemInfo', 'OnboardPins', 'Old sensor', 'Old pair']);
      expect(backup.blocks[3].data).toMatchObject({
        storedSetting: q('degC', 20),
        sensorId: l('TempSensorInterface', 'Old sensor'),
      });
      expect(backup.store).toEqual([
        { namespace: NAMESPACE, id: 'block-100', blockId: 'Old sensor', meta: { room: 'cellar' } },
      ]);
    });

    it('is refused while the datastore is unreachable', async () => {
      c.datastore.goOffline();
      await expect(backups.save()).rejects.toThrow(/offline/);
    });
  });

  describe('load', () => {
    const backup = {
      blocks: [
        { id: 'Heater', serviceId: 'old', type: 'DigitalActuator', nid: 120, data: { channel: 2 } },
        {
          id: 'Pair',
          serviceId: 'old',
          type: 'SetpointSensorPair',
          nid: 121,
          data: { storedSetting: q('degC', 18), sensorId: l('TempSensorInterface', 'Gone') },
        },
        { id: 'Info', serviceId: 'old', type: 'SysInfo', data: { timeZone: 'Europe/Paris' } },
      ],
      store: [
        { namespace: 'controller-service:old', id: 'block-120', blockId: 'Heater', meta: { note: 'restored' } },
        { namespace: 'x', id: 'bad id' },
      ],
      timestamp: '2026-11-22T18:00:00.000Z',
      serviceId: 'old',
    };

    it('replaces every user block and document with those of the backup, and names what it changed on the way', async () => {
      const answer = await backups.load(backup, VIA_TEST);
      expect(ids()).toEqual(['SystemInfo', 'OnboardPins', 'Heater', 'Pair']);
      expect(c.device.find('Heater')?.nid).toBe(120);
      expect(c.device.find('SystemInfo')?.data.timeZone).toBe('Europe/Paris');
      expect(c.blocks.read('Heater').meta).toEqual({ note: 'restored' });
      await expect(c.datastore.mget(NAMESPACE)).resolves.toEqual([
        { namespace: NAMESPACE, id: 'block-120', blockId: 'Heater', meta: { note: 'restored' } },
      ]);
      expect(answer.messages).toEqual([
        'block Pair: data.sensorId links to Gone, which is not in the backup; the link is cleared',
        expect.stringMatching(/^document bad id: /),
      ]);
    });

    it('announces the blocks it leaves and the ones it removed in one patch event', async () => {
      await backups.load(backup, VIA_TEST);
      expect(c.publisher.payloadsOn(statePatchTopic('c1'))).toEqual([
        {
          key: 'c1',
          type: 'Controller.patch',
          data: { changed: c.blocks.readAll(), deleted: ['Old sensor', 'Old pair'] },
        },
      ]);
    });

    it('changes nothing, blocks or documents, while the datastore is unreachable', async () => {
      c.datastore.goOffline();
      await expect(backups.load(backup, VIA_TEST)).rejects.toThrow(/offline/);
      c.datastore.comeBack();
      expect(ids()).toEqual(['SystemInfo', 'OnboardPins', 'Old sensor', 'Old pair']);
      await expect(c.datastore.mget(NAMESPACE)).resolves.toEqual([
        expect.objectContaining({ id: 'block-100', meta: { room: 'cellar' } }),
      ]);
      expect(c.publisher.published).toEqual([]);
    });
  });
});
