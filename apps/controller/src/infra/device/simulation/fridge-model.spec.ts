import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BlockType, findBlockType, normaliseWrite } from '@eventcast/block-model';
import { SimulatedControllerDevice } from '../simulated-controller-device';
import { DEFAULT_FRIDGE, FridgeModel, FridgeSettings } from './fridge-model';
import { parseFridgeSettings } from './fridge-settings';

const AIR = DEFAULT_FRIDGE.airSensor;
const BEER = DEFAULT_FRIDGE.beerSensor;
const HOUR_MS = 3_600_000;

describe(FridgeModel.name, () => {
  let folder: string;
  let now: number;
  let device: SimulatedControllerDevice;

  const open = (fridge?: FridgeSettings, speed = 1) =>
    new SimulatedControllerDevice({
      file: join(folder, 'device.json'),
      hardware: [
        { type: 'TempSensorOneWire', address: AIR },
        { type: 'TempSensorOneWire', address: BEER },
      ],
      now: () => now,
      speed,
      fridge,
    });
  const create = (id: string, typeName: string, data: Record<string, unknown>) =>
    device.create({ id, type: typeName, data: normaliseWrite(findBlockType(typeName) as BlockType, data) });
  const temperature = (id: string) => (device.find(id)?.data.value as { value: number | null }).value;
  /** Lets `ms` of real time pass, ticking once a second at the device's clock as the service does. */
  const runFor = (ms: number) => {
    for (const end = now + ms; now < end;) {
      now += 1000;
      device.tickNow();
    }
  };
  /** Lets `ms` of simulated time pass in one tick, as a late timer or a fast `SIM_SPEED` does. */
  const jump = (ms: number) => {
    now += ms;
    device.tick(now);
  };

  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'fridge-'));
    now = 1_700_000_000_000;
  });

  afterEach(async () => {
    await device.close();
    rmSync(folder, { recursive: true, force: true });
  });

  /** The fridge's two sensors and a heater and cooler on their pins, switched by hand. */
  async function fridgeWithSwitches(fridge: FridgeSettings = DEFAULT_FRIDGE): Promise<void> {
    device = open(fridge);
    await device.discover();
    const [air, beer] = device.blocks().filter((block) => block.type === 'TempSensorOneWire');
    expect([air.data.address, beer.data.address]).toEqual([AIR, BEER]);
    await device.write(air.id, { ...air.data });
    await create('Heater', 'DigitalActuator', { hwDevice: 'OnboardPins', channel: 1, storedState: 'STATE_INACTIVE' });
    await create('Cooler', 'DigitalActuator', { hwDevice: 'OnboardPins', channel: 2, storedState: 'STATE_INACTIVE' });
  }

  const sensorIds = () =>
    device
      .blocks()
      .filter((block) => block.type === 'TempSensorOneWire')
      .map(({ id }) => id);

  it('starts air and beer at the room temperature, and lets them rest there with both off', async () => {
    await fridgeWithSwitches({ ...DEFAULT_FRIDGE, ambientDegC: 22 });
    jump(HOUR_MS);
    expect(sensorIds().map(temperature)).toEqual([22, 22]);
  });

  it('warms the air with the heater on and the beer after it, slower; the cooler takes them down', async () => {
    await fridgeWithSwitches();
    const [air, beer] = sensorIds();
    await device.write('Heater', { storedState: 'STATE_ACTIVE' });
    jump(HOUR_MS);
    const [airWarmed, beerWarmed] = [temperature(air) as number, temperature(beer) as number];
    expect(airWarmed).toBeGreaterThan(beerWarmed);
    expect(beerWarmed).toBeGreaterThan(20.5);

    await device.write('Heater', { storedState: 'STATE_INACTIVE' });
    await device.write('Cooler', { storedState: 'STATE_ACTIVE' });
    jump(2 * HOUR_MS);
    expect(temperature(air)).toBeLessThan(temperature(beer) as number);
    expect(temperature(beer)).toBeLessThan(beerWarmed);
  });

  it('passes an hour in a minute at SIM_SPEED=60, as an hour of real time does', async () => {
    device = open(DEFAULT_FRIDGE, 60);
    await device.discover();
    await create('Heater', 'DigitalActuator', { hwDevice: 'OnboardPins', channel: 1, storedState: 'STATE_ACTIVE' });
    runFor(60_000);
    const fast = sensorIds().map(temperature);
    await device.close();

    rmSync(join(folder, 'device.json'));
    device = open(DEFAULT_FRIDGE);
    await device.discover();
    await create('Heater', 'DigitalActuator', { hwDevice: 'OnboardPins', channel: 1, storedState: 'STATE_ACTIVE' });
    runFor(HOUR_MS);
    const real = sensorIds().map(temperature);
    expect(fast[0]).toBeGreaterThan(21);
    expect(fast[0]).toBeCloseTo(real[0] as number, 1);
    expect(fast[1]).toBeCloseTo(real[1] as number, 1);
  });

  it('holds the beer at its setpoint through a PID, a PWM and the cooler, within half a degree', async () => {
    await fridgeWithSwitches({ ...DEFAULT_FRIDGE, ambientDegC: 24 });
    const beer = sensorIds()[1];
    await create('Beer setpoint', 'SetpointSensorPair', { enabled: true, sensorId: beer, storedSetting: 18 });
    await create('Cooler PWM', 'ActuatorPwm', { enabled: true, actuatorId: 'Cooler', period: 600 });
    await create('Cooler PID', 'Pid', {
      enabled: true,
      inputId: 'Beer setpoint',
      outputId: 'Cooler PWM',
      kp: -40,
      ti: 7200,
    });
    for (let hour = 0; hour < 24; hour++) jump(HOUR_MS);
    expect(Math.abs((temperature(beer) as number) - 18)).toBeLessThan(0.5);
  });

  it('leaves sensors that are not the fridge drifting around 20 degC, as without a fridge', async () => {
    device = open({ ...DEFAULT_FRIDGE, ambientDegC: 5, airSensor: '28AAAAAAAAAAAAAA', beerSensor: '28BBBBBBBBBBBBBB' });
    await device.discover();
    jump(HOUR_MS);
    for (const id of sensorIds()) expect(Math.abs((temperature(id) as number) - 20)).toBeLessThanOrEqual(0.5);
  });
});

describe(parseFridgeSettings.name, () => {
  it('has no fridge unless asked, the default one for on, and the default with the settings a JSON object gives', () => {
    expect(parseFridgeSettings(undefined)).toBeUndefined();
    expect(parseFridgeSettings('off')).toBeUndefined();
    expect(parseFridgeSettings('on')).toEqual(DEFAULT_FRIDGE);
    expect(parseFridgeSettings('{"ambientDegC": 25, "heater": {"ioBlock": "DS2413-1", "channel": 1}}')).toEqual({
      ...DEFAULT_FRIDGE,
      ambientDegC: 25,
      heater: { ioBlock: 'DS2413-1', channel: 1 },
    });
  });

  it('names every problem of the settings it is given', () => {
    expect(() => parseFridgeSettings('yes')).toThrow('must be on, off, or a JSON object of fridge settings');
    const problems = () =>
      parseFridgeSettings('{"heaterWats": 100, "coolerWatts": -5, "beerSensor": "28", "cooler": {"channel": 0}}');
    expect(problems).toThrow(
      /^heaterWats is not a setting of the fridge \(ambientDegC, .*\); coolerWatts must be 0 or more; /,
    );
    expect(problems).toThrow(
      /; beerSensor must be a OneWire address of 16 hexadecimal digits; cooler must be \{"ioBlock": "<IO block id>", "channel": <1 or more>\}$/,
    );
  });
});
