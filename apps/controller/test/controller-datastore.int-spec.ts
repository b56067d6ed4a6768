import { historyTopic, stateTopic } from '@eventcast/domain';
import { dataOf, PrivateBroker, ServiceUnderTest, waitFor } from '@eventcast/testing';
import { ControllerUnderTest } from './controller-under-test';
import { MqttRecorder } from './mqtt-recorder';

const q = (unit: string, value: number | null) => ({ __objtype: 'Quantity', unit, value });
const l = (type: string, id: string | null) => ({ __objtype: 'Link', type, id });

/** A datastore document with fields of its own besides its key. */
interface Document {
  namespace: string;
  id: string;
  [field: string]: unknown;
}

describe('the controller datastore', () => {
  const serviceId = 'store-test';
  const namespace = `controller-service:${serviceId}`;
  let broker: PrivateBroker;
  let datastore: ServiceUnderTest<'datastore'>;
  let controller: ControllerUnderTest;
  let peer: MqttRecorder;
  const block = (id: string, type: string, data: Record<string, unknown> = {}, meta?: Record<string, unknown>) => ({
    id,
    serviceId,
    type,
    data,
    ...(meta && { meta }),
  });
  const documents = async () => (await dataOf(datastore.client.POST('/mget', { body: { namespace } }))).values;
  const setDocument = (value: Document) => dataOf(datastore.client.POST('/set', { body: { value } }));
  const setUnits = (temperature: string) => setDocument({ namespace: 'svc-global', id: 'units', temperature });
  const read = async (id: string) => (await controller.call('blocks/read', { id })).body;
  const startDatastore = async (env: Record<string, string> = {}) =>
    (datastore = await ServiceUnderTest.start('datastore', { MQTT_URL: broker.url, ...env }));

  beforeAll(async () => {
    broker = await PrivateBroker.start();
    await startDatastore();
    controller = await (
      await ControllerUnderTest.create({ SERVICE_ID: serviceId, MQTT_URL: broker.url, DATASTORE_URL: datastore.url })
    ).start();
    peer = await MqttRecorder.connect(broker.url, stateTopic(serviceId), historyTopic(serviceId));
  }, 60_000);

  afterAll(async () => {
    await peer.close();
    await controller.stop();
    await datastore.stop();
    await broker.stop();
  });

  beforeEach(async () => {
    await controller.call('blocks/all/delete');
    await datastore.client.POST('/mdelete', { body: { namespace, filter: '*' } });
  });

  it('keeps block meta in the controller datastore: given on create, merged by patch, replaced by write, gone with the block', async () => {
    const created = await controller.call(
      'blocks/create',
      block('Sensor', 'TempSensorMock', {}, { note: 'top shelf', colour: 'red' }),
    );
    expect(created).toMatchObject({ status: 201, body: { meta: { note: 'top shelf', colour: 'red' } } });
    expect(await documents()).toEqual([
      { namespace, id: `block-${created.body.nid}`, blockId: 'Sensor', meta: { note: 'top shelf', colour: 'red' } },
    ]);

    expect(
      (await controller.call('blocks/patch', block('Sensor', 'TempSensorMock', {}, { colour: 'blue' }))).body.meta,
    ).toEqual({ note: 'top shelf', colour: 'blue' });
    expect(
      (await controller.call('blocks/write', block('Sensor', 'TempSensorMock', {}, { shelf: 2 }))).body.meta,
    ).toEqual({ shelf: 2 });
    expect((await controller.call('blocks/write', block('Sensor', 'TempSensorMock'))).body.meta).toEqual({ shelf: 2 });
    expect((await read('Sensor')).meta).toEqual({ shelf: 2 });

    await controller.call('blocks/delete', { id: 'Sensor' });
    await waitFor('the meta document to be deleted', async () => (await documents()).length === 0);
  });

  it('follows meta changed in the datastore by someone else', async () => {
    const { body } = await controller.call('blocks/create', block('Sensor', 'TempSensorMock', {}, { note: 'before' }));
    await setDocument({ namespace, id: `block-${body.nid}`, blockId: 'Sensor', meta: { note: 'after' } });
    await waitFor('the changed meta', async () => (await read('Sensor')).meta?.note === 'after');
  });

  it('switches reads, writes, the state event and the history event between degC and degF with the user unit', async () => {
    await controller.call('blocks/create', block('Sensor', 'TempSensorMock', { connected: true, setting: 20 }));
    await setUnits('degF');
    await waitFor('reads in degF', async () => (await read('Sensor')).data.value.unit === 'degF');
    expect((await read('Sensor')).data).toMatchObject({ value: q('degF', 68), setting: q('degF', 68) });
    expect((await read('SystemInfo')).data.tempUnit).toBe('TEMP_FAHRENHEIT');
    expect((await controller.call('blocks/read/logged', { id: 'Sensor' })).body.data).toEqual({
      'value[degF]': 68,
      connected: true,
    });
    await peer.next<{ data: { blocks: Array<{ id: string; data: { value?: unknown } }> } }>(
      stateTopic(serviceId),
      'a state event in degF',
      (event) =>
        event.data?.blocks.some(
          (each) => each.id === 'Sensor' && JSON.stringify(each.data.value) === JSON.stringify(q('degF', 68)),
        ),
    );
    await peer.next<{ data: Record<string, Record<string, unknown>> }>(
      historyTopic(serviceId),
      'a history event in degF',
      (event) => event.data.Sensor?.['value[degF]'] === 68,
    );

    await controller.call('blocks/patch', block('Sensor', 'TempSensorMock', { setting: 50 }));
    expect((await controller.call('blocks/read/stored', { id: 'Sensor' })).body.data.setting).toEqual(q('degC', 10));

    await setUnits('degC');
    await waitFor('reads in degC again', async () => (await read('Sensor')).data.value.unit === 'degC');
    expect((await read('Sensor')).data.setting).toEqual(q('degC', 10));
  });

  it('restores a backup: blocks, links, nids, settings and documents as saved, and nothing else', async () => {
    await controller.call(
      'blocks/create',
      block(
        'Sensor',
        'TempSensorMock',
        { connected: true, setting: 19, fluctuations: [{ amplitude: 0.5, period: 600 }] },
        { note: 'sensor' },
      ),
    );
    await controller.call(
      'blocks/create',
      block('Pair', 'SetpointSensorPair', {
        enabled: true,
        sensorId: 'Sensor',
        storedSetting: 20,
        filter: 'FILTER_45s',
      }),
    );
    await controller.call(
      'blocks/create',
      block('Heater', 'DigitalActuator', { hwDevice: 'OnboardPins', channel: 1, minOnTime: 30 }, { colour: 'red' }),
    );
    await controller.call(
      'blocks/create',
      block('PWM', 'ActuatorPwm', { enabled: true, actuatorId: 'Heater', period: 10 }),
    );
    await controller.call(
      'blocks/create',
      block('PID', 'Pid', { enabled: true, inputId: 'Pair', outputId: 'PWM', kp: 20, ti: 600, td: 30 }),
    );
    await controller.call('blocks/write', block('OnboardPins', 'OnboardPins', { enableIoSupply12V: true }));
    await setDocument({ namespace, id: 'layout', widgets: [1, 2] });
    const saved = await controller.call('blocks/backup/save');
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ serviceId, timestamp: expect.any(String) });
    expect(saved.body.store).toHaveLength(3);
    const storedBefore = (await controller.call('blocks/all/read/stored')).body;
    const documentsBefore = await documents();

    // Change everything: settings, links, meta, blocks and documents added and removed.
    await controller.call('blocks/patch', block('Pair', 'SetpointSensorPair', { storedSetting: 25, sensorId: null }));
    await controller.call('blocks/delete', { id: 'PID' });
    await controller.call('blocks/create', block('Extra', 'TempSensorExternal', { enabled: true }, { note: 'extra' }));
    await controller.call('blocks/patch', block('Heater', 'DigitalActuator', {}, { colour: 'blue' }));
    await controller.call('blocks/write', block('OnboardPins', 'OnboardPins', { enableIoSupply12V: false }));
    await controller.call('blocks/discover');
    await setDocument({ namespace, id: 'layout', widgets: [] });
    await setDocument({ namespace, id: 'extra-document' });

    expect(await controller.call('blocks/backup/load', saved.body)).toEqual({ status: 200, body: { messages: [] } });
    expect((await controller.call('blocks/all/read/stored')).body).toEqual(storedBefore);
    expect(await documents()).toEqual(documentsBefore);
    expect((await read('Heater')).meta).toEqual({ colour: 'red' });
    expect((await read('PID')).data.outputId).toEqual(l('ActuatorAnalogInterface', 'PWM'));
  });

  it('restores what it can from a damaged backup and names the rest', async () => {
    const backup = {
      blocks: [
        block('Good', 'TempSensorMock', { setting: 5 }),
        block('Orphan pair', 'SetpointSensorPair', { sensorId: 'Missing sensor' }),
        block('Bad', 'TempSensorMock', { setting: 'five' }),
        block('Strange', 'Thermostat'),
        { id: 'No service', type: 'Pid', data: {} },
      ],
      store: [
        { namespace, id: 'fine' },
        { namespace, id: 'not ok!' },
      ],
    };
    const { status, body } = await controller.call('blocks/backup/load', backup);
    expect(status).toBe(200);
    expect(body.messages).toEqual([
      'block Bad: data.setting must be a Quantity, a number (in degC) or null',
      'block Strange: type: Thermostat is not a block type',
      expect.stringMatching(/^block No service: serviceId /),
      'block Orphan pair: data.sensorId links to Missing sensor, which is not in the backup; the link is cleared',
      expect.stringMatching(/^document not ok!: id /),
    ]);
    expect((await controller.call('blocks/all/read')).body.map((each: { id: string }) => each.id)).toEqual([
      'SystemInfo',
      'OnboardPins',
      'Good',
      'Orphan pair',
    ]);
    expect((await documents()).map((document) => document.id)).toEqual(['fine']);
    expect((await controller.call('blocks/backup/load', { blocks: 'none' })).status).toBe(400);
  });

  describe('when the datastore is unreachable', () => {
    afterAll(async () => {
      await controller.stop();
      await controller.start();
    });

    it('keeps the block API working from the device, answers 503 to meta calls, and catches up when the datastore returns', async () => {
      const { body: kept } = await controller.call(
        'blocks/create',
        block('Kept', 'TempSensorMock', { connected: true, setting: 20 }, { note: 'kept' }),
      );
      const { body: gone } = await controller.call(
        'blocks/create',
        block('Gone', 'TempSensorMock', {}, { note: 'gone' }),
      );
      await setUnits('degF');
      await waitFor('reads in degF', async () => (await read('Kept')).data.value.unit === 'degF');
      await datastore.stop('SIGKILL');

      expect((await controller.call('blocks/create', block('Plain', 'TempSensorMock'))).status).toBe(201);
      expect(
        (await controller.call('blocks/patch', block('Plain', 'TempSensorMock', { connected: true }))).status,
      ).toBe(200);
      expect((await controller.call('blocks/all/read')).status).toBe(200);
      const refused = await controller.call('blocks/create', block('With meta', 'TempSensorMock', {}, { note: 'x' }));
      expect(refused).toMatchObject({ status: 503, body: { message: expect.stringContaining('unreachable') } });
      expect((await controller.call('blocks/read', { id: 'With meta' })).status).toBe(404);
      expect(
        (await controller.call('blocks/write', block('Kept', 'TempSensorMock', { setting: 99 }, { note: 'changed' })))
          .status,
      ).toBe(503);
      expect((await read('Kept')).data.setting).toEqual(q('degF', 68));
      expect((await controller.call('blocks/backup/save')).status).toBe(503);
      expect((await controller.call('blocks/backup/load', { blocks: [], store: [] })).status).toBe(503);
      expect((await read('Kept')).meta).toEqual({ note: 'kept' });
      expect((await controller.call('blocks/delete', { id: 'Gone' })).status).toBe(200);

      // A restart while the datastore is away: no meta and the default unit until it returns.
      await controller.stop();
      await controller.start();
      expect(await read('Kept')).toMatchObject({ data: { setting: q('degC', 20) } });
      expect((await read('Kept')).meta).toBeUndefined();

      await startDatastore({ PORT: datastore.env.PORT, DATA_DIR: datastore.env.DATA_DIR });
      await waitFor('the meta and the unit to come back', async () => {
        const again = await read('Kept');
        return again.meta?.note === 'kept' && again.data.setting.unit === 'degF';
      });
      await waitFor(
        "the deleted block's meta to go",
        async () => !(await documents()).some((document) => document.id === `block-${gone.nid}`),
      );
      expect((await documents()).map((document) => document.id)).toEqual([`block-${kept.nid}`]);
      expect(
        (await controller.call('blocks/patch', block('Kept', 'TempSensorMock', {}, { more: true }))).body.meta,
      ).toEqual({ note: 'kept', more: true });
      await setUnits('degC');
    }, 60_000);
  });
});
