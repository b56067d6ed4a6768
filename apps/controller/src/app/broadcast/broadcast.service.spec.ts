import { historyTopic, stateTopic } from '@eventcast/domain';
import { SIMULATED_DEVICE_VERSION } from '../../infra/device/simulated-controller-device';
import { controllerOnFakes, ControllerOnFakes, VIA_TEST } from '../../../test/fakes/services-on-fakes';
import { BroadcastService } from './broadcast.service';

describe(BroadcastService.name, () => {
  let c: ControllerOnFakes;
  let broadcasts: BroadcastService;

  beforeEach(async () => {
    c = controllerOnFakes();
    broadcasts = c.broadcasts;
    await c.blocks.create({ id: 'Sensor', serviceId: 'c1', type: 'TempSensorMock', data: {} }, VIA_TEST);
    await c.blocks.create(
      {
        id: 'Pair',
        serviceId: 'c1',
        type: 'SetpointSensorPair',
        data: { storedSetting: 20, sensorId: 'Sensor' },
      },
      VIA_TEST,
    );
    c.publisher.published.length = 0;
  });

  afterEach(() => c.close());

  it('publishes the retained state event: status, every block and the links between them', async () => {
    c.units.follow({ temperature: 'degF' });
    await broadcasts.broadcast();
    const [state] = c.publisher.published.filter((event) => event.topic === stateTopic('c1'));
    expect(state.options).toEqual({ qos: 1, retain: true });
    expect(state.payload).toEqual({
      key: 'c1',
      type: 'Controller.state',
      data: {
        status: {
          connected: true,
          deviceId: c.device.find('SystemInfo')?.data.deviceId,
          version: SIMULATED_DEVICE_VERSION,
          temperatureUnit: 'degF',
        },
        blocks: c.blocks.readAll(),
        relations: [{ source: 'Pair', target: 'Sensor', relation: ['sensorId'] }],
      },
    });
  });

  it('publishes the history event: the logged data of every block by block id, not retained', async () => {
    await broadcasts.broadcast();
    const [history] = c.publisher.published.filter((event) => event.topic === historyTopic('c1'));
    expect(history.options).toEqual({ qos: 1 });
    expect(history.payload).toEqual({
      key: 'c1',
      data: Object.fromEntries(c.blocks.readAllLogged().map((block) => [block.id, block.data])),
    });
    expect((history.payload as { data: Record<string, unknown> }).data.Pair).toMatchObject({
      'storedSetting[degC]': 20,
    });
  });

  it('publishes nothing while the broker is away', async () => {
    c.publisher.disconnect();
    await broadcasts.broadcast();
    expect(c.publisher.published).toEqual([]);
    expect(c.publisher.unpublishedCount).toBe(0);
    expect(broadcasts.stats.broadcasts).toBe(0);
  });

  it('counts the broadcasts it did, the time they took and the size of the last, for the metrics', async () => {
    await broadcasts.broadcast();
    await broadcasts.broadcast();
    expect(broadcasts.stats.broadcasts).toBe(2);
    expect(broadcasts.stats.lastSeconds).toBeGreaterThan(0);
    expect(broadcasts.stats.seconds).toBeGreaterThanOrEqual(broadcasts.stats.lastSeconds);
    const last = c.publisher.published.slice(-2);
    expect(broadcasts.stats.lastBytes).toBe(
      last.reduce((sum, event) => sum + Buffer.byteLength(JSON.stringify(event.payload)), 0),
    );
  });

  it('broadcasts every interval from start-up until shutdown, then says it is gone', async () => {
    jest.useFakeTimers();
    try {
      broadcasts.onApplicationBootstrap();
      await jest.advanceTimersByTimeAsync(3 * c.config.broadcastIntervalMs);
      expect(c.publisher.payloadsOn(stateTopic('c1'))).toHaveLength(3);
      await broadcasts.beforeApplicationShutdown();
      await jest.advanceTimersByTimeAsync(3 * c.config.broadcastIntervalMs);
    } finally {
      jest.useRealTimers();
    }
    const states = c.publisher.published.filter((event) => event.topic === stateTopic('c1'));
    expect(states).toHaveLength(4);
    expect(states[3]).toEqual({
      topic: stateTopic('c1'),
      payload: { key: 'c1', type: 'Controller.state', data: null },
      options: { qos: 1, retain: true },
    });
  });
});
