import { link as l } from '@eventcast/domain';
import { blockRelations } from './relations';

describe(blockRelations.name, () => {
  it('gives one relation per writable link that points to a block, and none for claims', () => {
    const blocks = [
      {
        id: 'PID',
        serviceId: 's',
        type: 'Pid',
        data: { inputId: l('SetpointSensorPairInterface', 'Pair'), outputId: l('ActuatorAnalogInterface', null) },
      },
      {
        id: 'PWM',
        serviceId: 's',
        type: 'ActuatorPwm',
        data: { actuatorId: l('ActuatorDigitalInterface', 'Heater'), claimedBy: l('Any', 'PID') },
      },
      { id: 'Odd', serviceId: 's', type: 'NoSuchType', data: { x: l('Any', 'PID') } },
    ];
    expect(blockRelations(blocks)).toEqual([
      { source: 'PID', target: 'Pair', relation: ['inputId'] },
      { source: 'PWM', target: 'Heater', relation: ['actuatorId'] },
    ]);
  });
});
