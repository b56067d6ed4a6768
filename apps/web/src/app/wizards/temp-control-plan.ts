import { quantity, type TemperatureUnit } from '@eventcast/block-model';
import type { ControllerHardware, IoChannel } from './controller-hardware';
import {
  chainDashboard,
  COOLER_GAINS,
  digitalActuator,
  fromCelsius,
  HEATER_GAINS,
  patchOf,
  pid,
  prefixProblem,
  pwm,
  quickAction,
  setpointPair,
  temperatureWords,
} from './plan-parts';
import type { WizardPlan } from './wizard-plan';

/** What the single temperature control wizard asks. */
export interface TempControlAnswers {
  /** The first word of every block's name: `Kettle` gives `Kettle setpoint`. */
  prefix: string;
  sensor: string;
  /** Whether the pin drives a heater or a cooler. */
  drives: 'heater' | 'cooler';
  channel?: IoChannel;
  /** The temperature to keep, in the controller's unit. */
  setpoint: number;
}

/** The PWM period of a heater and of a cooler (a compressor wants long periods). */
const PERIOD_S = { heater: 10, cooler: 30 * 60 };

/** The answers a brewer starts from: the first free sensor and pin, a heater at 20 °C. */
export function tempControlDefaults({ unit, sensors, channels }: ControllerHardware): TempControlAnswers {
  return {
    prefix: 'Temp control',
    sensor: sensors[0]?.id ?? '',
    drives: 'heater',
    channel: channels[0],
    setpoint: fromCelsius(20, unit),
  };
}

/** What is wrong with the answers, one line each; none when they can be planned. */
export function tempControlProblems(answers: TempControlAnswers): string[] {
  return [
    prefixProblem(answers.prefix),
    answers.sensor ? '' : 'Choose the sensor.',
    answers.channel ? '' : 'Choose the pin.',
    Number.isFinite(answers.setpoint) ? '' : 'Give the temperature to keep.',
  ].filter(Boolean);
}

/**
 * One temperature kept on `serviceId`: a setpoint pair on the sensor, the heater or the cooler on
 * its pin with a PWM, and a PID between them; quick actions to keep the setpoint and to turn it
 * off; a dashboard of it all.
 */
export function tempControlPlan(
  serviceId: string,
  answers: Required<TempControlAnswers>,
  unit: TemperatureUnit,
  now: number,
): WizardPlan {
  const { prefix, setpoint, drives } = answers;
  const name = (part: string) => `${prefix} ${part}`;
  const pair = setpointPair(name('setpoint'), answers.sensor, setpoint, unit);
  const actuator = digitalActuator(name(drives), answers.channel);
  const output = pwm(name('PWM'), actuator.id, PERIOD_S[drives]);
  const control = pid(name('PID'), pair.id, output.id, drives === 'heater' ? HEATER_GAINS : COOLER_GAINS, true);
  const blocks = [pair, actuator, output, control];
  const actions = [
    quickAction(
      `${prefix}: ${temperatureWords(setpoint, unit)}`,
      [
        patchOf(serviceId, pair, { enabled: true, storedSetting: quantity(unit, setpoint) }),
        patchOf(serviceId, control, { enabled: true }),
      ],
      now,
    ),
    quickAction(`${prefix}: Off`, [patchOf(serviceId, control, { enabled: false })], now),
  ];
  const dashboard = chainDashboard(
    {
      title: prefix,
      serviceId,
      graph: [
        { blockId: pair.id, field: `value[${unit}]`, label: 'Temperature' },
        { blockId: pair.id, field: `setting[${unit}]`, label: 'Setpoint' },
        { blockId: output.id, field: 'value', label: drives === 'heater' ? 'Heater duty' : 'Cooler duty' },
      ],
      actions,
      blockIds: [pair, control, output, actuator].map(({ id }) => id),
    },
    now,
  );
  return { serviceId, blocks, actions, dashboard };
}
