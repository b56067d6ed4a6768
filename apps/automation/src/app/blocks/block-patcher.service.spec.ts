import { RecordingEventPublisher } from '@eventcast/messaging/testing';
import { BlockPatcher } from './block-patcher.service';

describe(BlockPatcher.name, () => {
  const patch = {
    serviceId: 'c1',
    id: 'Beer setpoint',
    type: 'SetpointSensorPair',
    data: { storedSetting: { __objtype: 'Quantity', unit: 'degC', value: 18.5 } },
  };

  it('publishes a block patch on the controllers’ patch topic, naming who sends it', async () => {
    const publisher = new RecordingEventPublisher();
    await expect(new BlockPatcher(publisher).patch(patch, 'automation profile Ale')).resolves.toBe(true);
    expect(publisher.published).toEqual([
      {
        topic: 'eventcast/controller/blocks/patch',
        payload: { ...patch, origin: 'automation profile Ale' },
        options: {},
      },
    ]);
  });

  it('sends an origin a controller takes: one line of at most 120 characters', async () => {
    const publisher = new RecordingEventPublisher();
    await new BlockPatcher(publisher).patch(patch, `automation rule ${'x'.repeat(200)}\nsecond line`);
    const { origin } = publisher.published[0].payload as { origin: string };
    expect(origin).toHaveLength(120);
    expect(origin).not.toMatch(/\n/);
  });

  it('answers false when the broker is away', async () => {
    const publisher = new RecordingEventPublisher();
    await publisher.onApplicationShutdown();
    await expect(new BlockPatcher(publisher).patch(patch, 'automation')).resolves.toBe(false);
  });
});
