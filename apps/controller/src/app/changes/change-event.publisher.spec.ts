import { ControllerChangeEvent, quantity as q, stateChangesTopic } from '@eventcast/domain';
import { controllerOnFakes, ControllerOnFakes } from '../../../test/fakes/services-on-fakes';
import { ChangeEventPublisher } from './change-event.publisher';

describe(ChangeEventPublisher.name, () => {
  let c: ControllerOnFakes;
  const REST = { via: 'rest', by: 'quick action Cold crash' } as const;
  const MQTT = { via: 'mqtt' } as const;
  const pair = (data: Record<string, unknown> = {}) => ({
    id: 'Beer setpoint',
    serviceId: 'c1',
    type: 'SetpointSensorPair',
    data,
  });
  const events = () =>
    c.publisher.payloadsOn(stateChangesTopic('c1')).map((event) => (event as ControllerChangeEvent).data);

  beforeEach(async () => {
    c = controllerOnFakes([{ type: 'TempSensorOneWire', address: '28C80E9A0300009D' }]);
    await c.blocks.create(pair({ enabled: true, storedSetting: 18 }), MQTT);
  });

  afterEach(() => c.close());

  it('records a block created with every setting it was given, and where it came from', () => {
    expect(events()).toEqual([
      {
        time: expect.any(String),
        kind: 'created',
        origin: MQTT,
        blocks: [
          {
            id: 'Beer setpoint',
            type: 'SetpointSensorPair',
            change: 'created',
            fields: expect.arrayContaining([
              { field: 'enabled', from: null, to: true },
              { field: 'storedSetting', from: null, to: q('degC', 18) },
            ]),
          },
        ],
      },
    ]);
  });

  it('records a patch as the settings it changed, from what to what in the user unit, and who made it', async () => {
    c.units.follow({ temperature: 'degF' });
    c.publisher.published.length = 0;
    await c.blocks.patch(pair({ storedSetting: 68 }), REST);
    expect(events()).toEqual([
      {
        time: expect.any(String),
        kind: 'patched',
        origin: REST,
        blocks: [
          {
            id: 'Beer setpoint',
            type: 'SetpointSensorPair',
            change: 'changed',
            fields: [{ field: 'storedSetting', from: q('degF', 64.4), to: q('degF', 68) }],
          },
        ],
      },
    ]);
  });

  it('records nothing for a write that changes no setting, nor for a refused one', async () => {
    c.publisher.published.length = 0;
    await c.blocks.patch(pair({ storedSetting: 18 }), REST);
    await expect(c.blocks.patch(pair({ storedSetting: 'warm' }), REST)).rejects.toThrow(/storedSetting/);
    expect(events()).toEqual([]);
  });

  it('records a delete with the blocks whose links it cleared', async () => {
    await c.blocks.discover(REST);
    const sensor = c.device.blocks().find((block) => block.type === 'TempSensorOneWire')?.id as string;
    await c.blocks.patch(pair({ sensorId: sensor }), REST);
    c.publisher.published.length = 0;
    await c.blocks.delete(sensor, MQTT);
    expect(events()).toEqual([
      expect.objectContaining({
        kind: 'deleted',
        blocks: [
          expect.objectContaining({
            id: 'Beer setpoint',
            change: 'changed',
            fields: [
              {
                field: 'sensorId',
                from: expect.objectContaining({ id: sensor }),
                to: expect.objectContaining({ id: null }),
              },
            ],
          }),
          { id: sensor, type: 'TempSensorOneWire', change: 'deleted', fields: [] },
        ],
      }),
    ]);
  });

  it('records a backup loaded as one event with every block it changed, even when it changed none', async () => {
    const backup = await c.backups.save();
    c.publisher.published.length = 0;
    await c.backups.load(backup, REST);
    expect(events()).toEqual([expect.objectContaining({ kind: 'backup loaded', origin: REST, blocks: [] })]);

    await c.blocks.delete('Beer setpoint', REST);
    c.publisher.published.length = 0;
    await c.backups.load(backup, REST);
    expect(events().map(({ kind, blocks }) => [kind, blocks.map(({ id, change }) => `${id} ${change}`)])).toEqual([
      ['backup loaded', ['Beer setpoint created']],
    ]);
  });
});
