import { findBlockType, normaliseWrite } from '@eventcast/block-model';
import { link as l } from '@eventcast/domain';
import { ControllerDevice, NewDeviceBlock } from '../src/app/ports/controller-device.port';
import { SimulatedHardware } from '../src/infra/device/simulated-hardware';

/** The hardware each device under the contract has plugged in. */
export const CONTRACT_HARDWARE: readonly SimulatedHardware[] = [
  { type: 'TempSensorOneWire', address: '28C80E9A0300009D' },
];

/** A block to create, its data normalised as the service does. */
function newBlock(type: string, id: string, data: Record<string, unknown> = {}, nid?: number): NewDeviceBlock {
  const blockType = findBlockType(type);
  if (blockType === undefined) throw new Error(`no block type ${type}`);
  return { id, type, nid, data: normaliseWrite(blockType, data) };
}

/**
 * The behaviour every `ControllerDevice` owes the services, run once per adapter. `open` gives a
 * new device with no user blocks and `CONTRACT_HARDWARE` plugged in.
 */
export function controllerDeviceContract(name: string, open: () => ControllerDevice): void {
  describe(`${name} as a ControllerDevice`, () => {
    let device: ControllerDevice;
    const ids = () => device.blocks().map((block) => block.id);

    beforeEach(() => {
      device = open();
    });

    afterEach(() => device.close());

    it('starts with the system blocks SystemInfo (nid 2) and OnboardPins (nid 19)', () => {
      expect(device.blocks().map(({ id, nid, type }) => ({ id, nid, type }))).toEqual([
        { id: 'SystemInfo', nid: 2, type: 'SysInfo' },
        { id: 'OnboardPins', nid: 19, type: 'OnboardPins' },
      ]);
    });

    it('numbers user blocks from 100, honours a free requested nid, and never gives a nid twice', async () => {
      expect((await device.create(newBlock('TempSensorMock', 'One'))).nid).toBe(100);
      expect((await device.create(newBlock('TempSensorMock', 'Two', {}, 150))).nid).toBe(150);
      expect((await device.create(newBlock('TempSensorMock', 'Three', {}, 150))).nid).toBe(151);
      await device.delete('Three');
      expect((await device.create(newBlock('TempSensorMock', 'Four'))).nid).toBe(152);
    });

    it('refuses an existing id, a system type, and changing a block that is missing or a system one', async () => {
      await device.create(newBlock('TempSensorMock', 'One'));
      await expect(device.create(newBlock('TempSensorMock', 'One'))).rejects.toThrow(/One exists already/);
      await expect(device.create(newBlock('SysInfo', 'Info'))).rejects.toThrow(/type of a system block/);
      await expect(device.write('Ghost', {})).rejects.toThrow(/no block Ghost/);
      await expect(device.delete('Ghost')).rejects.toThrow(/no block Ghost/);
      await expect(device.delete('SystemInfo')).rejects.toThrow(/SystemInfo is a system block/);
      expect(ids()).toEqual(['SystemInfo', 'OnboardPins', 'One']);
    });

    it('replaces the data it is given on write and keeps the rest', async () => {
      await device.create(newBlock('SetpointSensorPair', 'Pair', { enabled: true, filter: 'FILTER_3m' }));
      const written = await device.write('Pair', { enabled: false });
      expect(written.data).toMatchObject({ enabled: false, filter: 'FILTER_3m' });
      expect(device.find('Pair')?.data.enabled).toBe(false);
    });

    it('clears the links to a deleted block and reports the blocks it changed', async () => {
      await device.create(newBlock('TempSensorMock', 'Sensor'));
      await device.create(newBlock('SetpointSensorPair', 'Pair', { sensorId: 'Sensor' }));
      const { removed, relinked } = await device.delete('Sensor');
      expect(removed.map((block) => block.id)).toEqual(['Sensor']);
      expect(relinked.map((block) => block.id)).toEqual(['Pair']);
      expect(device.find('Pair')?.data.sensorId).toEqual(l('TempSensorInterface', null));
    });

    it('deletes every user block and keeps the system blocks', async () => {
      await device.create(newBlock('TempSensorMock', 'One'));
      await device.create(newBlock('TempSensorMock', 'Two'));
      expect((await device.deleteAll()).removed.map((block) => block.id)).toEqual(['One', 'Two']);
      expect(ids()).toEqual(['SystemInfo', 'OnboardPins']);
    });

    it('creates a block for plugged-in hardware once', async () => {
      const found = await device.discover();
      expect(found.map(({ id, type, data }) => ({ id, type, address: data.address }))).toEqual([
        { id: 'TempSensorOneWire-1', type: 'TempSensorOneWire', address: '28C80E9A0300009D' },
      ]);
      await expect(device.discover()).resolves.toEqual([]);
    });

    it('restores blocks with their nids in place of every user block, and writes system blocks', async () => {
      await device.create(newBlock('TempSensorMock', 'Old'));
      await device.restore([
        newBlock('TempSensorMock', 'New', {}, 120),
        { id: 'SystemInfo', type: 'SysInfo', data: { timeZone: 'Europe/Paris' } },
      ]);
      expect(device.blocks().map(({ id, nid }) => ({ id, nid }))).toEqual([
        { id: 'SystemInfo', nid: 2 },
        { id: 'OnboardPins', nid: 19 },
        { id: 'New', nid: 120 },
      ]);
      expect(device.find('SystemInfo')?.data.timeZone).toBe('Europe/Paris');
    });
  });
}
