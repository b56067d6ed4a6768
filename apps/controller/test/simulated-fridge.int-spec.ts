import { answerOf, PrivateBroker, waitFor } from '@eventcast/testing';
import { ControllerUnderTest } from './controller-under-test';

type ReadBlock = { id: string; type: string; data: Record<string, unknown> };

describe('a controller simulating a fridge, an hour a second (SIM_FRIDGE=on, SIM_SPEED=3600)', () => {
  const serviceId = 'fridge-test';
  let broker: PrivateBroker;
  let controller: ControllerUnderTest;

  beforeAll(async () => {
    broker = await PrivateBroker.start();
    controller = await ControllerUnderTest.create({
      SERVICE_ID: serviceId,
      MQTT_URL: broker.url,
      DATASTORE_URL: 'http://127.0.0.1:9',
      SIM_FRIDGE: 'on',
      SIM_SPEED: '3600',
    });
    await controller.start();
  }, 30_000);

  afterAll(async () => {
    await controller?.stop();
    await broker?.stop();
  });

  const create = async (id: string, type: string, data: Record<string, unknown>) =>
    expect(
      (await answerOf(controller.client.POST('/blocks/create', { body: { id, serviceId, type, data } }))).status,
    ).toBe(201);
  const read = async (id: string) =>
    (await answerOf(controller.client.POST('/blocks/read', { body: { id } }))).body as ReadBlock;
  const celsius = async (id: string) => ((await read(id)).data.value as { value: number }).value;

  it("warms the fridge's air with the heater pin on, the beer after it, and cools both with the cooler", async () => {
    const found = (await answerOf(controller.client.POST('/blocks/discover'))).body as ReadBlock[];
    const [air, beer] = found.filter((block) => block.type === 'TempSensorOneWire').map(({ id }) => id);
    expect(await celsius(air)).toBeCloseTo(20, 0);

    await create('Heater', 'DigitalActuator', { hwDevice: 'OnboardPins', channel: 1, storedState: 'STATE_ACTIVE' });
    await waitFor(
      'the air above 30 °C and the beer above 22 °C',
      async () => {
        const [airNow, beerNow] = [await celsius(air), await celsius(beer)];
        return airNow > 30 && beerNow > 22 && airNow > beerNow;
      },
      20_000,
    );

    await controller.client.POST('/blocks/patch', {
      body: { id: 'Heater', serviceId, type: 'DigitalActuator', data: { storedState: 'STATE_INACTIVE' } },
    });
    await create('Cooler', 'DigitalActuator', { hwDevice: 'OnboardPins', channel: 2, storedState: 'STATE_ACTIVE' });
    await waitFor('the beer below 10 °C', async () => (await celsius(beer)) < 10, 20_000);
    expect(await celsius(air)).toBeLessThan(await celsius(beer));
  }, 60_000);
});
