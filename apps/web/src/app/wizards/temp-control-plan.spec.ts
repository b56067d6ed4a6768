import { isLink } from '@eventcast/domain';
import { hardwareOf } from './controller-hardware';
import {
  tempControlDefaults,
  tempControlPlan,
  tempControlProblems,
  type TempControlAnswers,
} from './temp-control-plan';
import { freshBlocks } from './wizard.fixtures';

const NOW = Date.UTC(2026, 10, 28);
const answers = (change: Partial<TempControlAnswers> = {}) =>
  ({ ...tempControlDefaults(hardwareOf(freshBlocks())), ...change }) as Required<TempControlAnswers>;

describe(tempControlPlan.name, () => {
  it('chains a setpoint on the sensor, a PID, a PWM and the heater on its pin, in that order of links', () => {
    const plan = tempControlPlan('cellar', answers({ prefix: 'Kettle', setpoint: 65 }), 'degC', NOW);

    expect(plan.blocks.map(({ id, type }) => `${id}: ${type}`)).toEqual([
      'Kettle setpoint: SetpointSensorPair',
      'Kettle heater: DigitalActuator',
      'Kettle PWM: ActuatorPwm',
      'Kettle PID: Pid',
    ]);
    const links = plan.blocks.map(({ data }) =>
      Object.values(data).flatMap((value) => (isLink(value) ? [value.id] : [])),
    );
    expect(links).toEqual([
      ['TempSensorOneWire-1'],
      ['OnboardPins'],
      ['Kettle heater'],
      ['Kettle setpoint', 'Kettle PWM'],
    ]);
    expect(plan.blocks[0].data['storedSetting']).toEqual({ __objtype: 'Quantity', unit: 'degC', value: 65 });
    expect(plan.actions.map(({ name }) => name)).toEqual(['Kettle: 65 °C', 'Kettle: Off']);
  });

  it('cools with a negative gain and a long PWM period when the pin drives a cooler', () => {
    const plan = tempControlPlan('cellar', answers({ drives: 'cooler' }), 'degC', NOW);

    expect(plan.blocks.map(({ id }) => id)).toContain('Temp control cooler');
    expect(plan.blocks[3].data['kp']).toMatchObject({ value: -20 });
    expect(plan.blocks[2].data['period']).toMatchObject({ value: 1800 });
  });
});

describe(tempControlProblems.name, () => {
  it('asks for a sensor, a pin and a temperature', () => {
    expect(tempControlProblems(answers())).toEqual([]);
    expect(tempControlProblems({ ...answers(), sensor: '', channel: undefined, setpoint: NaN })).toEqual([
      'Choose the sensor.',
      'Choose the pin.',
      'Give the temperature to keep.',
    ]);
  });
});
