import { ControllerSchemas } from '@eventcast/api-client';
import { historyTopic, isQuantity, link as l, Quantity, quantity as q, stateTopic } from '@eventcast/domain';
import { answerOf, dataOf, MqttRecorder, PrivateBroker, ServiceUnderTest, waitFor } from '@eventcast/testing';
import { ControllerUnderTest } from './controller-under-test';

type Block = ControllerSchemas['BlockDto'];

/** The Quantity in `field` of a block's data; fails the test when the field holds anything else. */
function quantityIn(block: Block, field: string): Quantity {
  const value = block.data[field];
  if (!isQuantity(value)) throw new Error(`${block.id}: data.${field} is not a Quantity: ${JSON.stringify(value)}`);
  return value;
}

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
  const block = (id: string, type: string, data: Block['data'] = {}, meta?: Block['meta']): Block => ({
    id,
    serviceId,
    type,
    data,
    ...(meta && { meta }),
  });
  const documents = async () => (await dataOf(datastore.client.POST('/mget', { body: { namespace } }))).values;
  const setDocument = (value: Document) => dataOf(datastore.client.POST('/set', { body: { value } }));
  const setUnits = (temperature: string) => setDocument({ namespace: 'svc-global', id: 'units', temperature });
  const read = (id: string) => dataOf(controller.client.POST('/blocks/read', { body: { id } }));
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
    await dataOf(controller.client.POST('/blocks/all/delete'));
    await datastore.client.POST('/mdelete', { body: { namespace, filter: '*' } });
  });

  it('keeps block meta in the controller datastore: given on create, merged by patch, replaced by write, gone with the block', async () => {
    const created = await dataOf(
      controller.client.POST('/blocks/create', {
        body: block('Sensor', 'TempSensorMock', {}, { note: 'top shelf', colour: 'red' }),
      }),
    );
    expect(created.meta).toEqual({ note: 'top shelf', colour: 'red' });
    expect(await documents()).toEqual([
      { namespace, id: `block-${created.nid}`, blockId: 'Sensor', meta: { note: 'top shelf', colour: 'red' } },
    ]);

    const patched = await dataOf(
      controller.client.POST('/blocks/patch', { body: block('Sensor', 'TempSensorMock', {}, { colour: 'blue' }) }),
    );
    expect(patched.meta).toEqual({ note: 'top shelf', colour: 'blue' });
    const written = await dataOf(
      controller.client.POST('/blocks/write', { body: block('Sensor', 'TempSensorMock', {}, { shelf: 2 }) }),
    );
    expect(written.meta).toEqual({ shelf: 2 });
    const writtenWithoutMeta = await dataOf(
      controller.client.POST('/blocks/write', { body: block('Sensor', 'TempSensorMock') }),
    );
    expect(writtenWithoutMeta.meta).toEqual({ shelf: 2 });
    expect((await read('Sensor')).meta).toEqual({ shelf: 2 });

    await dataOf(controller.client.POST('/blocks/delete', { body: { id: 'Sensor' } }));
    await waitFor('the meta document to be deleted', async () => (await documents()).length === 0);
  });

  it('follows meta changed in the datastore by someone else', async () => {
    const { nid } = await dataOf(
      controller.client.POST('/blocks/create', { body: block('Sensor', 'TempSensorMock', {}, { note: 'before' }) }),
    );
    await setDocument({ namespace, id: `block-${nid}`, blockId: 'Sensor', meta: { note: 'after' } });
    await waitFor('the changed meta', async () => (await read('Sensor')).meta?.note === 'after');
  });

  it('switches reads, writes, the state event and the history event between degC and degF with the user unit', async () => {
    await dataOf(
      controller.client.POST('/blocks/create', {
        body: block('Sensor', 'TempSensorMock', { connected: true, setting: 20 }),
      }),
    );
    await setUnits('degF');
    await waitFor('reads in degF', async () => quantityIn(await read('Sensor'), 'value').unit === 'degF');
    expect((await read('Sensor')).data).toMatchObject({ value: q('degF', 68), setting: q('degF', 68) });
    expect((await read('SystemInfo')).data.tempUnit).toBe('TEMP_FAHRENHEIT');
    expect((await dataOf(controller.client.POST('/blocks/read/logged', { body: { id: 'Sensor' } }))).data).toEqual({
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

    await dataOf(controller.client.POST('/blocks/patch', { body: block('Sensor', 'TempSensorMock', { setting: 50 }) }));
    const stored = await dataOf(controller.client.POST('/blocks/read/stored', { body: { id: 'Sensor' } }));
    expect(stored.data.setting).toEqual(q('degC', 10));

    await setUnits('degC');
    await waitFor('reads in degC again', async () => quantityIn(await read('Sensor'), 'value').unit === 'degC');
    expect((await read('Sensor')).data.setting).toEqual(q('degC', 10));
  });

  it('restores a backup: blocks, links, nids, settings and documents as saved, and nothing else', async () => {
    const create = (body: Block) => dataOf(controller.client.POST('/blocks/create', { body }));
    await create(
      block(
        'Sensor',
        'TempSensorMock',
        { connected: true, setting: 19, fluctuations: [{ amplitude: 0.5, period: 600 }] },
        { note: 'sensor' },
      ),
    );
    await create(
      block('Pair', 'SetpointSensorPair', {
        enabled: true,
        sensorId: 'Sensor',
        storedSetting: 20,
        filter: 'FILTER_45s',
      }),
    );
    await create(
      block('Heater', 'DigitalActuator', { hwDevice: 'OnboardPins', channel: 1, minOnTime: 30 }, { colour: 'red' }),
    );
    await create(block('PWM', 'ActuatorPwm', { enabled: true, actuatorId: 'Heater', period: 10 }));
    await create(block('PID', 'Pid', { enabled: true, inputId: 'Pair', outputId: 'PWM', kp: 20, ti: 600, td: 30 }));
    await dataOf(
      controller.client.POST('/blocks/write', {
        body: block('OnboardPins', 'OnboardPins', { enableIoSupply12V: true }),
      }),
    );
    await setDocument({ namespace, id: 'layout', widgets: [1, 2] });
    const saved = await dataOf(controller.client.POST('/blocks/backup/save'));
    expect(saved).toMatchObject({ serviceId, timestamp: expect.any(String) });
    expect(saved.store).toHaveLength(3);
    const storedBefore = await dataOf(controller.client.POST('/blocks/all/read/stored'));
    const documentsBefore = await documents();

    // Change everything: settings, links, meta, blocks and documents added and removed.
    await dataOf(
      controller.client.POST('/blocks/patch', {
        body: block('Pair', 'SetpointSensorPair', { storedSetting: 25, sensorId: null }),
      }),
    );
    await dataOf(controller.client.POST('/blocks/delete', { body: { id: 'PID' } }));
    await create(block('Extra', 'TempSensorExternal', { enabled: true }, { note: 'extra' }));
    await dataOf(
      controller.client.POST('/blocks/patch', { body: block('Heater', 'DigitalActuator', {}, { colour: 'blue' }) }),
    );
    await dataOf(
      controller.client.POST('/blocks/write', {
        body: block('OnboardPins', 'OnboardPins', { enableIoSupply12V: false }),
      }),
    );
    await dataOf(controller.client.POST('/blocks/discover'));
    await setDocument({ namespace, id: 'layout', widgets: [] });
    await setDocument({ namespace, id: 'extra-document' });

    expect(await answerOf(controller.client.POST('/blocks/backup/load', { body: saved }))).toEqual({
      status: 200,
      body: { messages: [] },
    });
    expect(await dataOf(controller.client.POST('/blocks/all/read/stored'))).toEqual(storedBefore);
    expect(await documents()).toEqual(documentsBefore);
    expect((await read('Heater')).meta).toEqual({ colour: 'red' });
    expect((await read('PID')).data.outputId).toEqual(l('ActuatorAnalogInterface', 'PWM'));
  });

  it('restores what it can from a damaged backup and names the rest', async () => {
    // Sent raw: a backup file edited by hand may lack fields that the typed client requires.
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
    expect((await dataOf(controller.client.POST('/blocks/all/read'))).map((each) => each.id)).toEqual([
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
      const kept = await dataOf(
        controller.client.POST('/blocks/create', {
          body: block('Kept', 'TempSensorMock', { connected: true, setting: 20 }, { note: 'kept' }),
        }),
      );
      const gone = await dataOf(
        controller.client.POST('/blocks/create', { body: block('Gone', 'TempSensorMock', {}, { note: 'gone' }) }),
      );
      await setUnits('degF');
      await waitFor('reads in degF', async () => quantityIn(await read('Kept'), 'value').unit === 'degF');
      await datastore.stop('SIGKILL');

      expect(
        (await answerOf(controller.client.POST('/blocks/create', { body: block('Plain', 'TempSensorMock') }))).status,
      ).toBe(201);
      expect(
        (
          await answerOf(
            controller.client.POST('/blocks/patch', { body: block('Plain', 'TempSensorMock', { connected: true }) }),
          )
        ).status,
      ).toBe(200);
      expect((await answerOf(controller.client.POST('/blocks/all/read'))).status).toBe(200);
      const refused = await answerOf(
        controller.client.POST('/blocks/create', { body: block('With meta', 'TempSensorMock', {}, { note: 'x' }) }),
      );
      expect(refused).toMatchObject({ status: 503, body: { message: expect.stringContaining('unreachable') } });
      expect((await answerOf(controller.client.POST('/blocks/read', { body: { id: 'With meta' } }))).status).toBe(404);
      expect(
        (
          await answerOf(
            controller.client.POST('/blocks/write', {
              body: block('Kept', 'TempSensorMock', { setting: 99 }, { note: 'changed' }),
            }),
          )
        ).status,
      ).toBe(503);
      expect((await read('Kept')).data.setting).toEqual(q('degF', 68));
      expect((await answerOf(controller.client.POST('/blocks/backup/save'))).status).toBe(503);
      expect(
        (await answerOf(controller.client.POST('/blocks/backup/load', { body: { blocks: [], store: [] } }))).status,
      ).toBe(503);
      expect((await read('Kept')).meta).toEqual({ note: 'kept' });
      expect((await answerOf(controller.client.POST('/blocks/delete', { body: { id: 'Gone' } }))).status).toBe(200);

      // A restart while the datastore is away: no meta and the default unit until it returns.
      await controller.stop();
      await controller.start();
      expect(await read('Kept')).toMatchObject({ data: { setting: q('degC', 20) } });
      expect((await read('Kept')).meta).toBeUndefined();

      await startDatastore({ PORT: datastore.env.PORT, DATA_DIR: datastore.env.DATA_DIR });
      await waitFor('the meta and the unit to come back', async () => {
        const again = await read('Kept');
        return again.meta?.note === 'kept' && quantityIn(again, 'setting').unit === 'degF';
      });
      await waitFor(
        "the deleted block's meta to go",
        async () => !(await documents()).some((document) => document.id === `block-${gone.nid}`),
      );
      expect((await documents()).map((document) => document.id)).toEqual([`block-${kept.nid}`]);
      const patched = await dataOf(
        controller.client.POST('/blocks/patch', { body: block('Kept', 'TempSensorMock', {}, { more: true }) }),
      );
      expect(patched.meta).toEqual({ note: 'kept', more: true });
      await setUnits('degC');
    }, 60_000);
  });
});
