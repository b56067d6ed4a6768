import { link as l, quantity as q } from '@eventcast/domain';
import { restorableBlocks, restorableDocuments } from './restorable.util';

const SYSTEM = new Map([
  ['SystemInfo', 'SysInfo'],
  ['OnboardPins', 'OnboardPins'],
]);

describe(restorableBlocks.name, () => {
  it('normalises the blocks of a backup and keeps links between them and to system blocks', () => {
    const messages: string[] = [];
    const blocks = restorableBlocks(
      [
        {
          id: 'Heater',
          serviceId: 'old',
          type: 'DigitalActuator',
          nid: 120,
          data: { hwDevice: l('IoArrayInterface', 'OnboardPins'), channel: 2 },
        },
        {
          id: 'PWM',
          serviceId: 'old',
          type: 'ActuatorPwm',
          nid: 121,
          data: { actuatorId: l('ActuatorDigitalInterface', 'Heater'), period: q('minute', 1) },
        },
        { id: 'Info', serviceId: 'old', type: 'SysInfo', data: { timeZone: 'Europe/Paris' } },
      ],
      'degF',
      SYSTEM,
      messages,
    );
    expect(messages).toEqual([]);
    expect(blocks.map(({ id, nid, type }) => ({ id, nid, type }))).toEqual([
      { id: 'Heater', nid: 120, type: 'DigitalActuator' },
      { id: 'PWM', nid: 121, type: 'ActuatorPwm' },
      { id: 'SystemInfo', nid: undefined, type: 'SysInfo' },
    ]);
    expect(blocks[1].data).toMatchObject({
      actuatorId: l('ActuatorDigitalInterface', 'Heater'),
      period: q('second', 60),
    });
    expect(blocks[2].data).toEqual({ tempUnit: 'TEMP_FAHRENHEIT', timeZone: 'Europe/Paris' });
  });

  it('names what it leaves out and the links it clears', () => {
    const messages: string[] = [];
    const blocks = restorableBlocks(
      [
        { id: 'Pair', serviceId: 'old', type: 'SetpointSensorPair', data: { sensorId: 'Missing' } },
        { id: 'PID', serviceId: 'old', type: 'Pid', data: { inputId: 'Heater' } },
        { id: 'Heater', serviceId: 'old', type: 'DigitalActuator', data: {} },
        { id: 'Heater', serviceId: 'old', type: 'DigitalActuator', data: {} },
        null,
      ],
      'degC',
      SYSTEM,
      messages,
    );
    expect(blocks.map((block) => block.id)).toEqual(['Pair', 'PID', 'Heater']);
    expect(blocks[0].data.sensorId).toEqual(l('TempSensorInterface', null));
    expect(messages).toEqual([
      'block Heater: appears more than once; the first one is restored',
      'block #4: the body must be a JSON object',
      'block Pair: data.sensorId links to Missing, which is not in the backup; the link is cleared',
      'block PID: data.inputId links to Heater, a DigitalActuator, which does not implement SetpointSensorPairInterface; the link is cleared',
    ]);
  });
});

describe(restorableDocuments.name, () => {
  it('takes valid documents without their namespace and names the others', () => {
    const messages: string[] = [];
    const documents = restorableDocuments(
      [
        { namespace: 'controller-service:old', id: 'block-100', meta: { a: 1 } },
        { namespace: 'x', id: 'bad id' },
        'text',
      ],
      messages,
    );
    expect(documents).toEqual([{ id: 'block-100', meta: { a: 1 } }]);
    expect(messages).toEqual([
      expect.stringMatching(/^document bad id: id /),
      'document #2: the body must be a JSON object',
    ]);
  });

  it('names one problem per field, the wrong type alone', () => {
    const messages: string[] = [];
    restorableDocuments([{ namespace: 7, id: 'a' }], messages);
    expect(messages).toEqual(['document a: namespace must be a string']);
  });
});
