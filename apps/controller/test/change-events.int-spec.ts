import { ControllerChangeEvent, quantity as q, stateChangesTopic } from '@eventcast/domain';
import { answerOf, MqttRecorder, PrivateBroker } from '@eventcast/testing';
import { ControllerUnderTest } from './controller-under-test';

type Change = ControllerChangeEvent['data'];

describe('the change events of a controller on the real broker', () => {
  const serviceId = 'changes-test';
  const topic = stateChangesTopic(serviceId);
  let broker: PrivateBroker;
  let controller: ControllerUnderTest;
  let peer: MqttRecorder;
  const setpoint = (data: Record<string, unknown>) => ({
    id: 'Beer setpoint',
    serviceId,
    type: 'SetpointSensorPair',
    data,
  });
  const seen = () => peer.on<ControllerChangeEvent>(topic).length;
  const next = async (what: string, accept: (change: Change) => boolean, after: number) =>
    (await peer.next<ControllerChangeEvent>(topic, what, (event) => accept(event.data), after)).payload.data;

  beforeAll(async () => {
    broker = await PrivateBroker.start();
    peer = await MqttRecorder.connect(broker.url, topic);
    controller = await ControllerUnderTest.startWithoutDatastore(serviceId, broker.url);
  }, 30_000);

  afterAll(async () => {
    await controller?.stop();
    await peer?.close();
    await broker?.stop();
  });

  it('records its start', async () => {
    expect(await next('the start', (change) => change.kind === 'started', 0)).toEqual({
      time: expect.any(String),
      kind: 'started',
      blocks: [],
      origin: { via: 'controller' },
    });
  });

  it('records a REST patch with the settings from what to what, and the caller its header names', async () => {
    await controller.client.POST('/blocks/create', { body: setpoint({ enabled: true, storedSetting: 18 }) });
    const after = seen();
    const patched = await answerOf(
      controller.client.POST('/blocks/patch', {
        body: setpoint({ storedSetting: 20 }),
        params: { header: { 'Eventcast-Origin': 'quick action Warm up' } },
      }),
    );
    expect(patched.status).toBe(200);
    const change = await next('the patch', (each) => each.kind === 'patched', after);
    expect(change.origin).toEqual({ via: 'rest', by: 'quick action Warm up' });
    expect(change.blocks).toEqual([
      {
        id: 'Beer setpoint',
        type: 'SetpointSensorPair',
        change: 'changed',
        fields: [{ field: 'storedSetting', from: q('degC', 18), to: q('degC', 20) }],
      },
    ]);
  });

  it('records an MQTT patch with the origin its message names', async () => {
    const after = seen();
    await peer.publish('eventcast/controller/blocks/patch', {
      ...setpoint({ enabled: false }),
      origin: 'brewery script',
    });
    const change = await next('the MQTT patch', (each) => each.kind === 'patched', after);
    expect(change.origin).toEqual({ via: 'mqtt', by: 'brewery script' });
    expect(change.blocks[0].fields).toEqual([{ field: 'enabled', from: true, to: false }]);
  });

  it('refuses an origin that is not a short line of text, and changes nothing', async () => {
    const refused = await answerOf(
      controller.client.POST('/blocks/patch', {
        body: setpoint({ storedSetting: 25 }),
        params: { header: { 'Eventcast-Origin': 'x'.repeat(121) } },
      }),
    );
    expect(refused).toMatchObject({
      status: 400,
      body: { message: [expect.stringMatching(/^Eventcast-Origin \(a header\): a text of at most 120 characters/)] },
    });
    const read = await answerOf(controller.client.POST('/blocks/read', { body: { id: 'Beer setpoint' } }));
    expect(read.body).toMatchObject({ data: { storedSetting: q('degC', 20) } });
  });

  it('records its clean stop', async () => {
    const after = seen();
    await controller.stop();
    expect(await next('the stop', (change) => change.kind === 'stopped', after)).toMatchObject({
      kind: 'stopped',
      origin: { via: 'controller' },
    });
  });
});
