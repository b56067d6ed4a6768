import { answerOf, dataOf, PrivateBroker } from '@eventcast/testing';
import { link as l, quantity as q } from '@eventcast/domain';
import { ControllerDevice } from '../src/app/ports/controller-device.port';
import { ControllerUnderTest } from './controller-under-test';

describe('the block REST API', () => {
  const serviceId = 'rest-test';
  let broker: PrivateBroker;
  let controller: ControllerUnderTest;
  const block = (id: string, type: string, data: Record<string, unknown> = {}) => ({ id, serviceId, type, data });

  beforeAll(async () => {
    broker = await PrivateBroker.start();
    controller = await ControllerUnderTest.startWithoutDatastore(serviceId, broker.url);
  });

  afterAll(async () => {
    await controller.stop();
    await broker.stop();
  });

  beforeEach(async () => {
    await controller.client.POST('/blocks/all/delete');
  });

  it('lists the system blocks SystemInfo and OnboardPins in all/read from the start', async () => {
    const { response, data } = await controller.client.POST('/blocks/all/read');
    expect(response.status).toBe(200);
    expect(data?.map(({ id, nid, type, serviceId }) => ({ id, nid, type, serviceId }))).toEqual([
      { id: 'SystemInfo', nid: 2, type: 'SysInfo', serviceId },
      { id: 'OnboardPins', nid: 19, type: 'OnboardPins', serviceId },
    ]);
  });

  it('creates a block with 201, a user nid, defaults for omitted fields and computed read-only values', async () => {
    const { response, data } = await controller.client.POST('/blocks/create', {
      body: block('Fridge sensor', 'TempSensorMock', { connected: true, setting: 4 }),
    });
    expect(response.status).toBe(201);
    expect(data).toEqual({
      id: 'Fridge sensor',
      nid: expect.any(Number),
      serviceId,
      type: 'TempSensorMock',
      data: { value: q('degC', 4), connected: true, setting: q('degC', 4), fluctuations: [] },
    });
    expect(data?.nid).toBeGreaterThanOrEqual(100);
  });

  it('creates a mock sensor given no data connected, reading a room temperature', async () => {
    const created = await dataOf(
      controller.client.POST('/blocks/create', { body: block('New sensor', 'TempSensorMock') }),
    );
    expect(created.data).toMatchObject({ connected: true, setting: q('degC', 20), value: q('degC', 20) });
  });

  it('answers a write with the whole state: omitted values take their default', async () => {
    await controller.client.POST('/blocks/create', {
      body: block('Pair', 'SetpointSensorPair', { enabled: false, storedSetting: 18, filter: 'FILTER_3m' }),
    });
    const { response, data } = await controller.client.POST('/blocks/write', {
      body: block('Pair', 'SetpointSensorPair', { storedSetting: 21 }),
    });
    expect(response.status).toBe(200);
    expect(data?.data).toMatchObject({
      enabled: true,
      storedSetting: q('degC', 21),
      filter: 'FILTER_NONE',
      filterThreshold: q('delta_degC', 0),
      sensorId: l('TempSensorInterface', null),
    });
  });

  it('merges a patch with the last known state', async () => {
    await controller.client.POST('/blocks/create', {
      body: block('Pair', 'SetpointSensorPair', { enabled: true, storedSetting: 20, filter: 'FILTER_3m' }),
    });
    const { response, data } = await controller.client.POST('/blocks/patch', {
      body: block('Pair', 'SetpointSensorPair', { storedSetting: 22 }),
    });
    expect(response.status).toBe(200);
    expect(data?.data).toMatchObject({
      enabled: true,
      storedSetting: q('degC', 22),
      filter: 'FILTER_3m',
      setting: q('degC', 22),
    });
  });

  it('ignores read-only values in a write', async () => {
    await controller.client.POST('/blocks/create', {
      body: block('Sensor', 'TempSensorMock', { connected: true, setting: 10 }),
    });
    const { response, data } = await controller.client.POST('/blocks/write', {
      body: block('Sensor', 'TempSensorMock', { connected: true, setting: 10, value: 99, 'value[degC]': 98 }),
    });
    expect(response.status).toBe(200);
    expect(data?.data.value).toEqual(q('degC', 10));
  });

  it('changes nothing more when a write is repeated', async () => {
    await controller.client.POST('/blocks/create', { body: block('Pair', 'SetpointSensorPair') });
    const write = block('Pair', 'SetpointSensorPair', {
      enabled: true,
      storedSetting: 19,
      filterThreshold: { __objtype: 'Quantity', unit: 'delta_degF', value: 9 },
    });
    const once = await answerOf(controller.client.POST('/blocks/write', { body: write }));
    const storedOnce = await answerOf(controller.client.POST('/blocks/read/stored', { body: { id: 'Pair' } }));
    const twice = await answerOf(controller.client.POST('/blocks/write', { body: write }));
    expect(twice.body).toEqual(once.body);
    expect(await answerOf(controller.client.POST('/blocks/read/stored', { body: { id: 'Pair' } }))).toEqual(storedOnce);
    expect(storedOnce.body).toMatchObject({ data: { filterThreshold: q('delta_degC', 5) } });
  });

  it('reads and deletes by id alone, ignoring every other field of the body', async () => {
    await controller.client.POST('/blocks/create', { body: block('Sensor', 'TempSensorMock') });
    const read = await controller.call('blocks/read', {
      id: 'Sensor',
      serviceId: 'another-controller',
      type: 'Pid',
      data: 'ignored',
    });
    expect(read).toMatchObject({ status: 200, body: { id: 'Sensor', type: 'TempSensorMock', serviceId } });
    const deleted = await controller.call('blocks/delete', {
      id: 'Sensor',
      serviceId: 'another-controller',
      type: 'Pid',
    });
    expect(deleted).toEqual({
      status: 200,
      body: { id: 'Sensor', nid: read.body.nid, serviceId, type: 'TempSensorMock' },
    });
    expect((await answerOf(controller.client.POST('/blocks/read', { body: { id: 'Sensor' } }))).status).toBe(404);
  });

  it('clears the links to a deleted block', async () => {
    await controller.client.POST('/blocks/create', { body: block('Sensor', 'TempSensorMock') });
    await controller.client.POST('/blocks/create', {
      body: block('Pair', 'SetpointSensorPair', { sensorId: 'Sensor' }),
    });
    await controller.client.POST('/blocks/delete', { body: { id: 'Sensor' } });
    expect((await dataOf(controller.client.POST('/blocks/read', { body: { id: 'Pair' } }))).data.sensorId).toEqual(
      l('TempSensorInterface', null),
    );
  });

  it('deletes every user block with all/delete and keeps the system blocks', async () => {
    await controller.client.POST('/blocks/create', { body: block('A', 'TempSensorMock') });
    await controller.client.POST('/blocks/create', { body: block('B', 'Pid') });
    const { status, body } = await answerOf(controller.client.POST('/blocks/all/delete'));
    expect(status).toBe(200);
    expect(body).toEqual([
      { id: 'A', nid: expect.any(Number), serviceId, type: 'TempSensorMock' },
      { id: 'B', nid: expect.any(Number), serviceId, type: 'Pid' },
    ]);
    expect((await dataOf(controller.client.POST('/blocks/all/read'))).map((each) => each.id)).toEqual([
      'SystemInfo',
      'OnboardPins',
    ]);
  });

  it('discovers the plugged-in hardware once, and lists it in all/read afterwards', async () => {
    const first = await controller.client.POST('/blocks/discover');
    expect(first.response.status).toBe(200);
    expect(first.data?.map(({ id, type }) => ({ id, type }))).toEqual([
      { id: 'TempSensorOneWire-1', type: 'TempSensorOneWire' },
      { id: 'TempSensorOneWire-2', type: 'TempSensorOneWire' },
      { id: 'DS2413-1', type: 'DS2413' },
    ]);
    expect(await answerOf(controller.client.POST('/blocks/discover'))).toEqual({ status: 200, body: [] });
    const all = (await dataOf(controller.client.POST('/blocks/all/read'))).map((each) => each.id);
    expect(all).toEqual(expect.arrayContaining(['TempSensorOneWire-1', 'TempSensorOneWire-2', 'DS2413-1']));
  });

  it('returns the logged and the stored projections of one block and of all blocks', async () => {
    await controller.client.POST('/blocks/create', {
      body: block('Pair', 'SetpointSensorPair', { enabled: true, storedSetting: 20, filter: 'FILTER_15s' }),
    });
    const logged = {
      enabled: true,
      'storedSetting[degC]': 20,
      'setting[degC]': 20,
      'value[degC]': null,
      'valueUnfiltered[degC]': null,
    };
    const stored = {
      enabled: true,
      sensorId: l('TempSensorInterface', null),
      storedSetting: q('degC', 20),
      filter: 'FILTER_15s',
      filterThreshold: q('delta_degC', 0),
    };
    expect(await answerOf(controller.client.POST('/blocks/read/logged', { body: { id: 'Pair' } }))).toEqual({
      status: 200,
      body: { id: 'Pair', nid: expect.any(Number), serviceId, type: 'SetpointSensorPair', data: logged },
    });
    expect(await answerOf(controller.client.POST('/blocks/read/stored', { body: { id: 'Pair' } }))).toEqual({
      status: 200,
      body: { id: 'Pair', nid: expect.any(Number), serviceId, type: 'SetpointSensorPair', data: stored },
    });
    const allLogged = await dataOf(controller.client.POST('/blocks/all/read/logged'));
    const allStored = await dataOf(controller.client.POST('/blocks/all/read/stored'));
    expect(allLogged.find((each) => each.id === 'Pair')?.data).toEqual(logged);
    expect(allStored.find((each) => each.id === 'Pair')?.data).toEqual(stored);
    expect(allLogged.find((each) => each.id === 'SystemInfo')?.data).toEqual({
      'uptime[second]': expect.any(Number),
      updatesPerSecond: expect.any(Number),
    });
  });

  it('answers routes that take no body also when the client sends content-type: application/json without one', async () => {
    const response = await controller.call('blocks/all/read');
    expect(response.status).toBe(200);
    const read = await controller.call('blocks/read');
    expect(read.status).toBe(400);
  });

  describe('errors', () => {
    it('answers 400 naming every field at fault in an invalid body', async () => {
      const { status, body } = await controller.call('blocks/create', { id: '9 starts with a digit', type: 'Pid' });
      expect(status).toBe(400);
      expect(body.message).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^id /),
          expect.stringMatching(/^serviceId /),
          expect.stringMatching(/^data /),
        ]),
      );
    });

    it('answers 400 to a body that is not JSON or holds a __proto__ key', async () => {
      for (const body of [
        '{"id": ',
        '{"id": "X", "serviceId": "rest-test", "type": "Pid", "data": {"__proto__": {"kp": 1}}}',
      ]) {
        const response = await controller.call('blocks/create', body);
        expect(response.status).toBe(400);
      }
      expect((await answerOf(controller.client.POST('/blocks/read', { body: { id: 'X' } }))).status).toBe(404);
    });

    it('answers 400 for an unknown type, a value of the wrong kind or unit, and a missing or incompatible link target', async () => {
      await controller.client.POST('/blocks/create', { body: block('Pid 1', 'Pid') });
      expect(
        await answerOf(controller.client.POST('/blocks/create', { body: block('X', 'Thermostat') })),
      ).toMatchObject({ status: 400, body: { message: ['type: Thermostat is not a block type'] } });
      const bad = await answerOf(
        controller.client.POST('/blocks/create', {
          body: block('X', 'SetpointSensorPair', {
            enabled: 'yes',
            storedSetting: { __objtype: 'Quantity', unit: 'second', value: 3 },
            sensorId: 'Nothing',
          }),
        }),
      );
      expect(bad).toMatchObject({
        status: 400,
        body: {
          message: [
            'data.enabled must be true or false',
            'data.sensorId links to Nothing, which does not exist',
            'data.storedSetting has the unit second, which does not convert to degC',
          ],
        },
      });
      const incompatible = await answerOf(
        controller.client.POST('/blocks/create', { body: block('X', 'SetpointSensorPair', { sensorId: 'Pid 1' }) }),
      );
      expect(incompatible.body).toMatchObject({
        message: ['data.sensorId links to Pid 1, a Pid, which does not implement TempSensorInterface'],
      });
      expect((await answerOf(controller.client.POST('/blocks/read', { body: { id: 'X' } }))).status).toBe(404);
    });

    it('answers 400 to a body that names another controller service, or another type than the block has', async () => {
      await controller.client.POST('/blocks/create', { body: block('Sensor', 'TempSensorMock') });
      expect(
        await answerOf(
          controller.client.POST('/blocks/write', {
            body: { ...block('Sensor', 'TempSensorMock'), serviceId: 'other' },
          }),
        ),
      ).toMatchObject({
        status: 400,
        body: { message: [`serviceId: other is another controller service; this one is ${serviceId}`] },
      });
      expect(await answerOf(controller.client.POST('/blocks/patch', { body: block('Sensor', 'Pid') }))).toMatchObject({
        status: 400,
        body: { message: ['type: Sensor is a TempSensorMock, not a Pid'] },
      });
    });

    it('answers 404 naming the id of a block that does not exist', async () => {
      for (const route of ['read', 'read/logged', 'read/stored', 'delete']) {
        expect(await controller.call(`blocks/${route}`, { id: 'Nothing' })).toMatchObject({
          status: 404,
          body: { message: 'id: there is no block named Nothing' },
        });
      }
      for (const route of ['write', 'patch'])
        expect((await controller.call(`blocks/${route}`, block('Nothing', 'Pid'))).status).toBe(404);
    });

    it('answers 409 to creating an existing id or a system block, and to deleting a system block', async () => {
      await controller.client.POST('/blocks/create', { body: block('Sensor', 'TempSensorMock') });
      expect(
        await answerOf(controller.client.POST('/blocks/create', { body: block('Sensor', 'TempSensorMock') })),
      ).toMatchObject({ status: 409, body: { message: 'id: a block named Sensor exists already' } });
      expect(
        (await answerOf(controller.client.POST('/blocks/create', { body: block('Info', 'SysInfo') }))).status,
      ).toBe(409);
      expect(await answerOf(controller.client.POST('/blocks/delete', { body: { id: 'OnboardPins' } }))).toMatchObject({
        status: 409,
        body: { message: 'id: OnboardPins is a system block, which cannot be deleted' },
      });
    });

    it('answers 422 when the device refuses a change that passed the checks, as when the block is deleted meanwhile', async () => {
      await dataOf(controller.client.POST('/blocks/create', { body: block('Sensor', 'TempSensorMock') }));
      const device = controller.app.get(ControllerDevice);
      const write = device.write.bind(device);
      jest.spyOn(device, 'write').mockImplementationOnce(async (id, data) => {
        await device.delete(id);
        return write(id, data);
      });
      expect(
        await answerOf(controller.client.POST('/blocks/write', { body: block('Sensor', 'TempSensorMock') })),
      ).toEqual({
        status: 422,
        body: { statusCode: 422, error: 'Unprocessable Entity', message: 'there is no block Sensor' },
      });
    });
  });
});
