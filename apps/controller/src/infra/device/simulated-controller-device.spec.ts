import { existsSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findBlockType, normaliseWrite } from '@eventcast/block-model';
import { link as l, quantity as q, StoreUnavailableError } from '@eventcast/domain';
import { DeviceBlockError, NewDeviceBlock } from '../../app/ports/controller-device.port';
import { DEFAULT_HARDWARE } from './simulated-hardware';
import { SimulatedControllerDevice } from './simulated-controller-device';

/** Written data, normalised as the service does. */
function written(typeName: string, data: Record<string, unknown>) {
  const type = findBlockType(typeName);
  if (type === undefined) throw new Error(`no type ${typeName}`);
  return normaliseWrite(type, data);
}

/** A block to create. */
function block(type: string, id: string, data: Record<string, unknown> = {}, nid?: number): NewDeviceBlock {
  return { id, type, nid, data: written(type, data) };
}

describe(SimulatedControllerDevice.name, () => {
  let file: string;
  let now: number;
  let device: SimulatedControllerDevice;
  const open = () => new SimulatedControllerDevice({ file, now: () => now });

  beforeEach(() => {
    file = join(mkdtempSync(join(tmpdir(), 'device-')), 'controller-test.device.json');
    now = 1_700_000_000_000;
    device = open();
  });

  afterEach(() => device.close());

  const data = (id: string) => {
    const found = device.find(id);
    if (found === undefined) throw new Error(`no block ${id}`);
    return found.data;
  };
  const tickAfter = (seconds: number) => {
    now += seconds * 1000;
    device.tick(now);
  };

  it('counts its ticks and the time they take, for the metrics', () => {
    expect(device.work).toEqual({ ticks: 0, seconds: 0, lastSeconds: 0 });
    tickAfter(1);
    tickAfter(1);
    expect(device.work.ticks).toBe(2);
    expect(device.work.seconds).toBeGreaterThanOrEqual(device.work.lastSeconds);
    expect(device.work.lastSeconds).toBeGreaterThan(0);
  });

  it('starts with the system blocks SystemInfo (nid 2) and OnboardPins (nid 19) and their defaults', () => {
    expect(device.blocks().map(({ id, nid, type }) => ({ id, nid, type }))).toEqual([
      { id: 'SystemInfo', nid: 2, type: 'SysInfo' },
      { id: 'OnboardPins', nid: 19, type: 'OnboardPins' },
    ]);
    expect(data('SystemInfo')).toMatchObject({
      version: 'simulated-1',
      timeZone: 'UTC',
      deviceId: expect.stringMatching(/^[0-9A-F]{12}$/),
    });
    expect(data('OnboardPins').channels).toEqual([1, 2, 3, 4].map((id) => ({ id, claimedBy: l('Any', null) })));
  });

  it('numbers user blocks from 100 and never gives a deleted block its nid again', async () => {
    expect((await device.create(block('TempSensorMock', 'One'))).nid).toBe(100);
    expect((await device.create(block('TempSensorMock', 'Two'))).nid).toBe(101);
    await device.delete('Two');
    expect((await device.create(block('TempSensorMock', 'Three'))).nid).toBe(102);
  });

  it('honours a requested nid that is free, and assigns a new one otherwise', async () => {
    expect((await device.create(block('TempSensorMock', 'Kept', {}, 150))).nid).toBe(150);
    expect((await device.create(block('TempSensorMock', 'Taken', {}, 150))).nid).toBe(151);
    expect((await device.create(block('TempSensorMock', 'System range', {}, 5))).nid).toBe(152);
  });

  it('refuses an existing id, a system type, and deleting a system block or a missing one', async () => {
    await device.create(block('TempSensorMock', 'One'));
    await expect(device.create(block('TempSensorMock', 'One'))).rejects.toMatchObject({
      refusal: 'block-exists',
      blockId: 'One',
    });
    await expect(device.create({ id: 'Info 2', type: 'SysInfo', data: {} })).rejects.toMatchObject({
      refusal: 'system-block',
    });
    await expect(device.delete('OnboardPins')).rejects.toMatchObject({ refusal: 'system-block' });
    await expect(device.delete('Nothing')).rejects.toBeInstanceOf(DeviceBlockError);
    await expect(device.write('Nothing', {})).rejects.toMatchObject({ refusal: 'unknown-block' });
  });

  it('replaces the writable data on write and recomputes the read-only values at once', async () => {
    await device.create(block('TempSensorMock', 'Sensor', { connected: true, setting: 20 }));
    expect(data('Sensor').value).toEqual(q('degC', 20));
    await device.write('Sensor', written('TempSensorMock', { connected: true, setting: 25 }));
    expect(data('Sensor')).toEqual({ value: q('degC', 25), connected: true, setting: q('degC', 25), fluctuations: [] });
  });

  it('clears the links that pointed to a deleted block, and reports those blocks', async () => {
    await device.create(block('TempSensorMock', 'Sensor'));
    await device.create(block('SetpointSensorPair', 'Pair', { sensorId: 'Sensor' }));
    const deletion = await device.delete('Sensor');
    expect(deletion.removed.map((removed) => removed.id)).toEqual(['Sensor']);
    expect(deletion.relinked.map((relinked) => relinked.id)).toEqual(['Pair']);
    expect(data('Pair').sensorId).toEqual(l('TempSensorInterface', null));
  });

  it('deletes every user block at once and keeps the system blocks', async () => {
    await device.create(block('TempSensorMock', 'A'));
    await device.create(block('TempSensorMock', 'B'));
    const deletion = await device.deleteAll();
    expect(deletion.removed.map((removed) => removed.id)).toEqual(['A', 'B']);
    expect(device.blocks().map((remaining) => remaining.id)).toEqual(['SystemInfo', 'OnboardPins']);
  });

  it('restores every stored setting, nid and the next nid after a restart, and recomputes the rest', async () => {
    await device.create(
      block('TempSensorMock', 'Sensor', { connected: true, setting: 21, fluctuations: [{ amplitude: 1, period: 60 }] }),
    );
    await device.create(block('Pid', 'PID', { enabled: true, kp: 10, ti: 600, integralReset: 3 }));
    await device.write('OnboardPins', { enableIoSupply12V: true });
    await device.create(block('TempSensorMock', 'Gone'));
    await device.delete('Gone');
    const before = device.blocks().map(({ id, nid, type }) => ({ id, nid, type }));
    const deviceId = data('SystemInfo').deviceId;
    await device.close();

    device = open();
    expect(device.blocks().map(({ id, nid, type }) => ({ id, nid, type }))).toEqual(before);
    expect(data('SystemInfo').deviceId).toBe(deviceId);
    expect(data('OnboardPins').enableIoSupply12V).toBe(true);
    expect(data('Sensor')).toMatchObject({
      connected: true,
      setting: q('degC', 21),
      fluctuations: [{ amplitude: q('delta_degC', 1), period: q('second', 60) }],
    });
    expect(data('PID')).toMatchObject({
      enabled: true,
      kp: q('1 / degC', 10),
      ti: q('second', 600),
      integralReset: 0,
      active: false,
    });
    expect((await device.create(block('TempSensorMock', 'Next'))).nid).toBe(103);
  });

  it('undoes every change of a write the disk refuses, answers it as the store unavailable, and writes again once it can', async () => {
    await device.create(block('TempSensorMock', 'Sensor', { connected: true, setting: 20 }));
    // Its temporary file on /dev/full: every write to it fails with ENOSPC, as on a full disk.
    symlinkSync('/dev/full', `${file}.tmp`);
    const changes = [
      device.write('Sensor', written('TempSensorMock', { connected: true, setting: 25 })),
      device.create(block('TempSensorMock', 'Other')),
    ];
    for (const change of changes) {
      await expect(change).rejects.toThrow(StoreUnavailableError);
      await expect(change).rejects.toThrow(
        /could not write .*controller-test\.device\.json: ENOSPC.*; nothing was changed$/,
      );
    }
    expect(data('Sensor').setting).toEqual(q('degC', 20));
    expect(data('Sensor').value).toEqual(q('degC', 20));
    expect(device.find('Other')).toBeUndefined();

    rmSync(`${file}.tmp`);
    await device.create(block('TempSensorMock', 'Other'));
    await device.close();
    device = open();
    expect(device.blocks().map(({ id }) => id)).toContain('Other');
    expect(data('Sensor').setting).toEqual(q('degC', 20));
  });

  it('writes the device file whole: no temporary file stays behind', async () => {
    await device.create(block('TempSensorMock', 'Sensor'));
    expect(readdirSync(join(file, '..'))).toEqual(['controller-test.device.json']);
  });

  it('moves a device file that is not JSON aside and starts without user blocks', async () => {
    await device.close();
    writeFileSync(file, '{"version": 1, "blocks": [');
    device = open();
    expect(device.blocks()).toHaveLength(2);
    expect(existsSync(file)).toBe(false);
    expect(readdirSync(join(file, '..')).some((name) => name.startsWith('controller-test.device.json.corrupt-'))).toBe(
      true,
    );
  });

  describe('discovery', () => {
    it('creates blocks for two OneWire sensors and one DS2413 with their fixed addresses, once', async () => {
      const found = await device.discover();
      expect(found.map(({ id, type, data }) => ({ id, type, address: data.address }))).toEqual([
        { id: 'TempSensorOneWire-1', type: 'TempSensorOneWire', address: DEFAULT_HARDWARE[0].address },
        { id: 'TempSensorOneWire-2', type: 'TempSensorOneWire', address: DEFAULT_HARDWARE[1].address },
        { id: 'DS2413-1', type: 'DS2413', address: DEFAULT_HARDWARE[2].address },
      ]);
      expect(data('DS2413-1')).toMatchObject({ connected: true, channels: [{ id: 1 }, { id: 2 }] });
      await expect(device.discover()).resolves.toEqual([]);
    });

    it('finds a deleted discovered block again', async () => {
      await device.discover();
      await device.delete('TempSensorOneWire-2');
      const again = await device.discover();
      expect(again.map(({ id, data }) => ({ id, address: data.address }))).toEqual([
        { id: 'TempSensorOneWire-2', address: DEFAULT_HARDWARE[1].address },
      ]);
    });

    it('reads a OneWire sensor near 20 degC plus its offset, and a sensor whose hardware is absent as null', async () => {
      await device.discover();
      await device.write(
        'TempSensorOneWire-1',
        written('TempSensorOneWire', { address: DEFAULT_HARDWARE[0].address, offset: 5 }),
      );
      await device.create(block('TempSensorOneWire', 'Unplugged', { address: '28000000000000FF' }));
      tickAfter(1);
      const value = (data('TempSensorOneWire-1').value as { value: number }).value;
      expect(value).toBeGreaterThanOrEqual(24.5);
      expect(value).toBeLessThanOrEqual(25.5);
      expect(data('Unplugged').value).toEqual(q('degC', null));
    });
  });

  describe('tick', () => {
    it('reads a mock sensor as its setting plus its fluctuations, and as null when not connected', async () => {
      await device.create(
        block('TempSensorMock', 'Sensor', {
          connected: true,
          setting: 20,
          fluctuations: [{ amplitude: 2, period: 60 }],
        }),
      );
      now = Math.ceil(now / 60_000) * 60_000 + 15_000; // a quarter period: sin = 1
      device.tick(now);
      expect((data('Sensor').value as { value: number }).value).toBeCloseTo(22, 6);
      await device.write('Sensor', written('TempSensorMock', { connected: false, setting: 20 }));
      expect(data('Sensor').value).toEqual(q('degC', null));
    });

    it('starts a new mock sensor connected, reading a room temperature of 20 degC', async () => {
      await device.create(block('TempSensorMock', 'New sensor'));
      tickAfter(1);
      expect(data('New sensor')).toMatchObject({ connected: true, setting: q('degC', 20), value: q('degC', 20) });
    });

    it('reports the uptime and the ticks per second in SystemInfo', () => {
      tickAfter(1);
      tickAfter(2);
      expect(data('SystemInfo')).toMatchObject({ uptime: q('second', 3), updatesPerSecond: 0.5 });
    });

    it('reads an external sensor as its setting until the timeout passes without a write', async () => {
      await device.create(block('TempSensorExternal', 'Outside', { enabled: true, timeout: 10, setting: 12 }));
      expect(data('Outside')).toMatchObject({ value: q('degC', 12), lastUpdated: new Date(now).toISOString() });
      tickAfter(11);
      expect(data('Outside').value).toEqual(q('degC', null));
    });

    it('gives a setpoint pair its sensor value, filtered, and its stored setting while enabled', async () => {
      await device.create(block('TempSensorMock', 'Sensor', { connected: true, setting: 20 }));
      await device.create(
        block('SetpointSensorPair', 'Pair', {
          enabled: true,
          sensorId: 'Sensor',
          storedSetting: 18,
          filter: 'FILTER_15s',
        }),
      );
      expect(data('Pair')).toMatchObject({
        value: q('degC', 20),
        valueUnfiltered: q('degC', 20),
        setting: q('degC', 18),
      });
      await device.write('Sensor', written('TempSensorMock', { connected: true, setting: 23 }));
      tickAfter(5);
      expect(data('Pair').valueUnfiltered).toEqual(q('degC', 23));
      // Five steps of a second, each taking a fifteenth of the way left.
      expect((data('Pair').value as { value: number }).value).toBeCloseTo(23 - 3 * (14 / 15) ** 5, 6);
      await device.write(
        'Pair',
        written('SetpointSensorPair', { enabled: false, sensorId: 'Sensor', storedSetting: 18 }),
      );
      expect(data('Pair').setting).toEqual(q('degC', null));
    });

    it('lets a digital actuator follow its stored state, no sooner than its minimum off time, and claim its pin', async () => {
      await device.create(
        block('DigitalActuator', 'Valve', {
          hwDevice: 'OnboardPins',
          channel: 2,
          storedState: 'STATE_ACTIVE',
          minOffTime: 10,
        }),
      );
      expect(data('Valve').state).toBe('STATE_ACTIVE');
      expect((data('OnboardPins').channels as unknown[])[1]).toEqual({ id: 2, claimedBy: l('Any', 'Valve') });
      await device.write(
        'Valve',
        written('DigitalActuator', {
          hwDevice: 'OnboardPins',
          channel: 2,
          storedState: 'STATE_INACTIVE',
          minOffTime: 10,
        }),
      );
      expect(data('Valve').state).toBe('STATE_INACTIVE');
      await device.write(
        'Valve',
        written('DigitalActuator', {
          hwDevice: 'OnboardPins',
          channel: 2,
          storedState: 'STATE_ACTIVE',
          minOffTime: 10,
        }),
      );
      tickAfter(5);
      expect(data('Valve').state).toBe('STATE_INACTIVE');
      tickAfter(5);
      expect(data('Valve').state).toBe('STATE_ACTIVE');
    });

    it('runs a control loop: the PID drives its PWM, which switches the actuator on an onboard pin', async () => {
      await device.create(block('TempSensorMock', 'Beer sensor', { connected: true, setting: 18 }));
      await device.create(
        block('SetpointSensorPair', 'Beer setpoint', { enabled: true, sensorId: 'Beer sensor', storedSetting: 20 }),
      );
      await device.create(block('DigitalActuator', 'Heater', { hwDevice: 'OnboardPins', channel: 1 }));
      await device.create(block('ActuatorPwm', 'Heater PWM', { enabled: true, actuatorId: 'Heater', period: 10 }));
      await device.create(
        block('Pid', 'Heater PID', {
          enabled: true,
          inputId: 'Beer setpoint',
          outputId: 'Heater PWM',
          kp: 20,
          ti: 100,
        }),
      );
      now = Math.ceil(now / 10_000) * 10_000;
      const states = new Set<unknown>();
      for (let second = 0; second < 20; second += 1) {
        tickAfter(1);
        states.add(data('Heater').state);
      }
      expect(data('Heater PID')).toMatchObject({
        active: true,
        error: q('delta_degC', 2),
        inputSetting: q('degC', 20),
        inputValue: q('degC', 18),
        p: 40,
      });
      expect(data('Heater PID').i).toBeGreaterThan(0);
      expect(data('Heater PWM')).toMatchObject({
        claimedBy: l('Any', 'Heater PID'),
        setting: data('Heater PID').outputSetting,
      });
      expect(data('Heater PWM').value).toBeGreaterThan(0);
      expect(data('Heater PID').outputValue).toBe(data('Heater PWM').value);
      expect(data('Heater').claimedBy).toEqual(l('Any', 'Heater PWM'));
      expect(states).toEqual(new Set(['STATE_ACTIVE', 'STATE_INACTIVE']));
    });

    it('lets an offset actuator set its target pair to the reference setting plus the offset', async () => {
      await device.create(block('SetpointSensorPair', 'Beer', { enabled: true, storedSetting: 20 }));
      await device.create(block('SetpointSensorPair', 'Fridge', { enabled: true, storedSetting: 4 }));
      await device.create(
        block('ActuatorOffset', 'Offset', {
          enabled: true,
          targetId: 'Fridge',
          referenceId: 'Beer',
          storedSetting: -3,
        }),
      );
      tickAfter(1);
      expect(data('Fridge')).toMatchObject({ claimedBy: l('Any', 'Offset'), setting: q('degC', 17) });
      expect(data('Offset').setting).toEqual(q('delta_degC', -3));
    });

    it('stops a PID that loses its input and releases what it claimed when it is deleted', async () => {
      await device.create(block('SetpointSensorPair', 'Pair', { enabled: true, storedSetting: 20 }));
      await device.create(block('ActuatorPwm', 'PWM', { enabled: true, storedSetting: 30 }));
      await device.create(block('Pid', 'PID', { enabled: true, inputId: 'Pair', outputId: 'PWM', kp: 1 }));
      expect(data('PID')).toMatchObject({ active: false, outputSetting: 0 });
      expect(data('PWM')).toMatchObject({ claimedBy: l('Any', 'PID'), setting: 0 });
      await device.delete('PID');
      expect(data('PWM')).toMatchObject({ claimedBy: l('Any', null), setting: 30 });
    });
  });
});
