import { stateTopic } from '@eventcast/domain';
import { answerOf, MqttRecorder, PrivateBroker } from '@eventcast/testing';
import { ControllerUnderTest } from './controller-under-test';

type StateBlock = { id: string; type: string; data: Record<string, unknown> };
type StateEvent = { data: { blocks: StateBlock[] } | null };

describe('a control loop built through the API alone', () => {
  const serviceId = 'loop-test';
  let broker: PrivateBroker;
  let controller: ControllerUnderTest;
  let peer: MqttRecorder;

  beforeAll(async () => {
    broker = await PrivateBroker.start();
    const url = broker.url;
    controller = await ControllerUnderTest.startWithoutDatastore(serviceId, url);
    peer = await MqttRecorder.connect(url, stateTopic(serviceId));
  });

  afterAll(async () => {
    await peer.close();
    await controller.stop();
    await broker.stop();
  });

  const blockIn = (event: StateEvent, id: string) => event.data?.blocks.find((block) => block.id === id);
  /** The states the heater showed in the state events after the `after`-th one, until both were seen. */
  const heaterStates = async (after: number) => {
    const seen = new Set<unknown>();
    await peer.next<StateEvent>(
      stateTopic(serviceId),
      'the heater switching on and off',
      (event) => seen.add(blockIn(event, 'Heater')?.data.state).has('STATE_ACTIVE') && seen.has('STATE_INACTIVE'),
      after,
      20_000,
    );
    return seen;
  };

  it('drives a heater on an onboard pin from a PID, and the state events show it', async () => {
    const all = (await answerOf(controller.client.POST('/blocks/all/read'))).body as StateBlock[];
    const pins = all.find((block) => block.type === 'OnboardPins') as StateBlock;
    const create = async (id: string, type: string, data: Record<string, unknown>) =>
      expect(
        (await answerOf(controller.client.POST('/blocks/create', { body: { id, serviceId, type, data } }))).status,
      ).toBe(201);
    await create('Beer sensor', 'TempSensorMock', { connected: true, setting: 18 });
    await create('Beer setpoint', 'SetpointSensorPair', { enabled: true, sensorId: 'Beer sensor', storedSetting: 20 });
    await create('Heater', 'DigitalActuator', {
      hwDevice: pins.id,
      channel: (pins.data.channels as Array<{ id: number }>)[0].id,
    });
    await create('Heater PWM', 'ActuatorPwm', { enabled: true, actuatorId: 'Heater', period: 2 });
    await create('Heater PID', 'Pid', {
      enabled: true,
      inputId: 'Beer setpoint',
      outputId: 'Heater PWM',
      kp: 25,
      ti: 3600,
    });

    const heating = await peer.next<StateEvent>(
      stateTopic(serviceId),
      'the PID heating',
      (event) => blockIn(event, 'Heater PID')?.data.active === true,
    );
    expect(blockIn(heating.payload, 'Heater PID')?.data).toMatchObject({
      error: { unit: 'delta_degC', value: 2 },
      p: 50,
    });
    expect(blockIn(heating.payload, 'Heater PWM')?.data.claimedBy).toEqual({
      __objtype: 'Link',
      type: 'Any',
      id: 'Heater PID',
    });
    expect((blockIn(heating.payload, 'OnboardPins')?.data.channels as unknown[])[0]).toEqual({
      id: 1,
      claimedBy: { __objtype: 'Link', type: 'Any', id: 'Heater' },
    });
    expect(await heaterStates(peer.on(stateTopic(serviceId)).length)).toEqual(
      new Set(['STATE_ACTIVE', 'STATE_INACTIVE']),
    );

    await controller.client.POST('/blocks/patch', {
      body: { id: 'Beer setpoint', serviceId, type: 'SetpointSensorPair', data: { storedSetting: 15 } },
    });
    const cooling = await peer.next<StateEvent>(
      stateTopic(serviceId),
      'the PID output below zero',
      (event) => Number(blockIn(event, 'Heater PID')?.data.outputSetting) < 0,
    );
    expect(blockIn(cooling.payload, 'Heater PWM')?.data.setting).toBe(0);
    const after = peer.on(stateTopic(serviceId)).length;
    await peer.next<StateEvent>(stateTopic(serviceId), 'a later state event', () => true, after + 5);
    const states = peer
      .on<StateEvent>(stateTopic(serviceId))
      .slice(after + 2)
      .map((event) => blockIn(event.payload, 'Heater')?.data.state);
    expect(new Set(states)).toEqual(new Set(['STATE_INACTIVE']));
  }, 40_000);
});
