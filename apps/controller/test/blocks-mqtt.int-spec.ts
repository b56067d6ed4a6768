import { ThrottledLog } from '@eventcast/bootstrap';
import { link as l, quantity as q, statePatchTopic } from '@eventcast/domain';
import { answerOf, dataOf, MqttRecorder, PrivateBroker, waitFor } from '@eventcast/testing';
import { ControllerUnderTest } from './controller-under-test';

interface PatchEvent {
  key: string;
  type: string;
  data: { changed: Array<{ id: string; data: Record<string, unknown> }>; deleted: string[] };
}

describe('the MQTT block API and the patch events', () => {
  const serviceId = 'mqtt-test';
  const patchTopic = statePatchTopic(serviceId);
  let broker: PrivateBroker;
  let controller: ControllerUnderTest;
  let peer: MqttRecorder;
  const block = (id: string, type: string, data: Record<string, unknown> = {}) => ({ id, serviceId, type, data });
  const exists = async (id: string) =>
    (await answerOf(controller.client.POST('/blocks/read', { body: { id } }))).status === 200;
  const patchesSoFar = () => peer.on(patchTopic).length;
  /** The next patch event that names `id` as changed or deleted. */
  const patchAbout = (id: string, after: number) =>
    peer.next<PatchEvent>(
      patchTopic,
      `a patch event about ${id}`,
      (event) => event.data.changed.some((each) => each.id === id) || event.data.deleted.includes(id),
      after,
    );

  beforeAll(async () => {
    broker = await PrivateBroker.start();
    const url = broker.url;
    controller = await ControllerUnderTest.startWithoutDatastore(serviceId, url);
    peer = await MqttRecorder.connect(url, `${patchTopic}`);
  });

  afterAll(async () => {
    await peer.close();
    await controller.stop();
    await broker.stop();
  });

  beforeEach(async () => {
    await controller.client.POST('/blocks/all/delete');
  });

  it('creates, writes, patches and deletes blocks from messages, announcing each change', async () => {
    let seen = patchesSoFar();
    await peer.publish(
      'eventcast/controller/blocks/create',
      block('Sensor', 'TempSensorMock', { connected: false, setting: 18 }),
    );
    const created = await patchAbout('Sensor', seen);
    expect(created.retain).toBe(false);
    expect(created.payload).toEqual({
      key: serviceId,
      type: 'Controller.patch',
      data: { changed: [expect.objectContaining({ id: 'Sensor', serviceId, type: 'TempSensorMock' })], deleted: [] },
    });

    seen = patchesSoFar();
    await peer.publish('eventcast/controller/blocks/write', block('Sensor', 'TempSensorMock', { setting: 25 }));
    // A write sets every field: the omitted `connected` takes its default, true.
    expect((await patchAbout('Sensor', seen)).payload.data.changed[0].data).toMatchObject({
      connected: true,
      setting: q('degC', 25),
      value: q('degC', 25),
    });

    seen = patchesSoFar();
    await peer.publish('eventcast/controller/blocks/patch', block('Sensor', 'TempSensorMock', { connected: false }));
    expect((await patchAbout('Sensor', seen)).payload.data.changed[0].data).toMatchObject({
      connected: false,
      setting: q('degC', 25),
      value: q('degC', null),
    });

    seen = patchesSoFar();
    await peer.publish('eventcast/controller/blocks/delete', { id: 'Sensor', serviceId });
    expect((await patchAbout('Sensor', seen)).payload.data).toEqual({ changed: [], deleted: ['Sensor'] });
    expect(await exists('Sensor')).toBe(false);
  });

  it('ignores messages addressed to another controller service', async () => {
    await controller.client.POST('/blocks/create', { body: block('Mine', 'TempSensorMock') });
    await peer.publish('eventcast/controller/blocks/create', {
      ...block('Theirs', 'TempSensorMock'),
      serviceId: 'other-controller',
    });
    await peer.publish('eventcast/controller/blocks/delete', { id: 'Mine', serviceId: 'other-controller' });
    await peer.publish('eventcast/controller/blocks/create', block('Marker', 'TempSensorMock'));
    await waitFor('the marker block', () => exists('Marker'));
    expect(await exists('Theirs')).toBe(false);
    expect(await exists('Mine')).toBe(true);
  });

  it('logs and ignores invalid messages: bad JSON, a bad body, bad data, an unknown block', async () => {
    const before = patchesSoFar();
    await controller.client.POST('/blocks/create', { body: block('Sensor', 'TempSensorMock', { setting: 20 }) });
    await patchAbout('Sensor', before);
    const seen = patchesSoFar();
    // Refusals go to the filter's throttled log, which writes a flood as one line per topic and 10 s.
    const reports = jest.spyOn(ThrottledLog.prototype, 'report');
    await peer.publish('eventcast/controller/blocks/create', 'not json');
    await peer.publish('eventcast/controller/blocks/create', { id: 'No type', serviceId, data: {} });
    await peer.publish('eventcast/controller/blocks/create', block('Bad data', 'TempSensorMock', { setting: 'warm' }));
    await peer.publish(
      'eventcast/controller/blocks/write',
      block('Sensor', 'TempSensorMock', { setting: { __objtype: 'Quantity', unit: 'second', value: 1 } }),
    );
    await peer.publish('eventcast/controller/blocks/patch', block('Nothing', 'TempSensorMock', { setting: 1 }));
    await peer.publish('eventcast/controller/blocks/delete', { id: 'Sensor' });
    await peer.publish('eventcast/controller/blocks/create', block('Last', 'TempSensorMock'));
    await patchAbout('Last', seen);
    expect(
      peer
        .on<PatchEvent>(patchTopic)
        .slice(seen)
        .map((event) => event.payload.data.changed.map((each) => each.id)),
    ).toEqual([['Last']]);
    expect(await exists('No type')).toBe(false);
    expect(await exists('Bad data')).toBe(false);
    expect((await dataOf(controller.client.POST('/blocks/read', { body: { id: 'Sensor' } }))).data.setting).toEqual(
      q('degC', 20),
    );
    const refusals = reports.mock.calls.filter(([topic]) => topic.startsWith('eventcast/controller/blocks/'));
    reports.mockRestore();
    expect(refusals).toHaveLength(6);
  });

  it('announces changes made over REST too, with the blocks whose links a deletion cleared', async () => {
    let seen = patchesSoFar();
    await controller.client.POST('/blocks/create', { body: block('Sensor', 'TempSensorMock') });
    await patchAbout('Sensor', seen);
    await controller.client.POST('/blocks/create', {
      body: block('Pair', 'SetpointSensorPair', { sensorId: 'Sensor' }),
    });
    seen = patchesSoFar();
    await controller.client.POST('/blocks/delete', { body: { id: 'Sensor' } });
    const { payload } = await patchAbout('Sensor', seen);
    expect(payload.data.deleted).toEqual(['Sensor']);
    expect(payload.data.changed.map((each) => ({ id: each.id, sensorId: each.data.sensorId }))).toEqual([
      { id: 'Pair', sensorId: l('TempSensorInterface', null) },
    ]);

    seen = patchesSoFar();
    await controller.client.POST('/blocks/discover');
    expect(
      (await peer.next<PatchEvent>(patchTopic, 'the discovery patch', () => true, seen)).payload.data.changed,
    ).toHaveLength(3);
  });
});
