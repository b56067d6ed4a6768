import { link, quantity, type TemperatureUnit } from '@eventcast/block-model';
import { channelKey, type ControllerHardware, type IoChannel } from './controller-hardware';
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
  type PidGains,
} from './plan-parts';
import type { NewBlock, WizardPlan } from './wizard-plan';

/** What the fermentation fridge wizard asks. */
export interface FermentAnswers {
  /** The first word of every block's name: `Ferment` gives `Ferment beer setpoint`. */
  prefix: string;
  fridgeSensor: string;
  beerSensor: string;
  heater?: IoChannel;
  cooler?: IoChannel;
  /** The temperature to keep, in the controller's unit. */
  setpoint: number;
  /** Whether the PIDs keep the beer at the setpoint (through the fridge's) or the fridge's air. */
  mode: 'beer' | 'fridge';
}

/** In beer mode, the beer's error moves the fridge's setpoint: Δ°C per °C, and slowly, as the beer follows in hours. */
const BEER_TO_FRIDGE: PidGains = { kp: 5, tiS: 6 * 3600, tdS: 10 * 60 };

/** The heater's PWM period: a heating element may switch often. */
const HEATER_PERIOD_S = 10;
/** The cooler's PWM period and a compressor's shortest on and off times. */
const COOLER_PERIOD_S = 30 * 60;
const COOLER_MIN_ON_S = 3 * 60;
const COOLER_MIN_OFF_S = 5 * 60;
/** The beer's temperature in a cold crash, °C. */
export const COLD_CRASH_DEGC = 2;

/** The answers a brewer starts from: the first two free sensors (air, beer) and pins (heater, cooler), beer mode at 20 °C. */
export function fermentDefaults({ unit, sensors, channels }: ControllerHardware): FermentAnswers {
  return {
    prefix: 'Ferment',
    fridgeSensor: sensors[0]?.id ?? '',
    beerSensor: sensors[1]?.id ?? '',
    heater: channels[0],
    cooler: channels[1],
    setpoint: fromCelsius(20, unit),
    mode: 'beer',
  };
}

/** What is wrong with the answers, one line each; none when they can be planned. */
export function fermentProblems(answers: FermentAnswers): string[] {
  return [
    prefixProblem(answers.prefix),
    answers.fridgeSensor && answers.fridgeSensor === answers.beerSensor
      ? 'The fridge and the beer need a sensor each.'
      : '',
    !answers.fridgeSensor || !answers.beerSensor ? 'Choose a sensor for the fridge and one for the beer.' : '',
    !answers.heater || !answers.cooler ? 'Choose a pin for the heater and one for the cooler.' : '',
    answers.heater && answers.cooler && channelKey(answers.heater) === channelKey(answers.cooler)
      ? 'The heater and the cooler need a pin each.'
      : '',
    Number.isFinite(answers.setpoint) ? '' : 'Give the temperature to keep.',
  ].filter(Boolean);
}

/**
 * The fermentation fridge on `serviceId`: the fridge's and the beer's setpoint pairs, the heater
 * and the cooler on their pins, a PWM and a PID each on the fridge's air, and for beer mode an
 * offset actuator that a beer PID drives to set the fridge's setpoint from the beer's; the quick
 * actions that switch between fridge mode, beer mode, a cold crash and off; a dashboard of it all.
 */
export function fermentPlan(
  serviceId: string,
  answers: Required<FermentAnswers>,
  unit: TemperatureUnit,
  now: number,
): WizardPlan {
  const { prefix, setpoint } = answers;
  const name = (part: string) => `${prefix} ${part}`;
  const beerMode = answers.mode === 'beer';
  const fridgeSetpoint = setpointPair(name('fridge setpoint'), answers.fridgeSensor, setpoint, unit);
  const beerSetpoint = setpointPair(name('beer setpoint'), answers.beerSensor, setpoint, unit);
  const heater = digitalActuator(name('heater'), answers.heater);
  const cooler = digitalActuator(name('cooler'), answers.cooler, COOLER_MIN_ON_S, COOLER_MIN_OFF_S);
  const heatPwm = pwm(name('heat PWM'), heater.id, HEATER_PERIOD_S);
  const coolPwm = pwm(name('cool PWM'), cooler.id, COOLER_PERIOD_S);
  const offset: NewBlock = {
    id: name('beer offset'),
    type: 'ActuatorOffset',
    data: {
      enabled: beerMode,
      targetId: link('SetpointSensorPairInterface', fridgeSetpoint.id),
      referenceId: link('SetpointSensorPairInterface', beerSetpoint.id),
      referenceSettingOrValue: 'REF_SETTING',
    },
  };
  const heatPid = pid(name('heat PID'), fridgeSetpoint.id, heatPwm.id, HEATER_GAINS, true);
  const coolPid = pid(name('cool PID'), fridgeSetpoint.id, coolPwm.id, COOLER_GAINS, true);
  const beerPid = pid(name('beer PID'), beerSetpoint.id, offset.id, BEER_TO_FRIDGE, beerMode);
  const blocks = [fridgeSetpoint, beerSetpoint, heater, cooler, heatPwm, coolPwm, offset, heatPid, coolPid, beerPid];

  const patch = (block: NewBlock, data: Record<string, unknown>) => patchOf(serviceId, block, data);
  const temperature = (value: number) => quantity(unit, value);
  const fridgePids = [patch(heatPid, { enabled: true }), patch(coolPid, { enabled: true })];
  const beerModeAt = (value: number) => [
    patch(beerSetpoint, { enabled: true, storedSetting: temperature(value) }),
    patch(fridgeSetpoint, { enabled: true }),
    patch(offset, { enabled: true }),
    patch(beerPid, { enabled: true }),
    ...fridgePids,
  ];
  const coldCrash = fromCelsius(COLD_CRASH_DEGC, unit);
  const actions = [
    quickAction(
      `${prefix}: Fridge mode ${temperatureWords(setpoint, unit)}`,
      [
        patch(beerPid, { enabled: false }),
        patch(offset, { enabled: false }),
        patch(fridgeSetpoint, { enabled: true, storedSetting: temperature(setpoint) }),
        ...fridgePids,
      ],
      now,
    ),
    quickAction(`${prefix}: Beer mode ${temperatureWords(setpoint, unit)}`, beerModeAt(setpoint), now),
    quickAction(`${prefix}: Cold crash ${temperatureWords(coldCrash, unit)}`, beerModeAt(coldCrash), now),
    quickAction(
      `${prefix}: All off`,
      [beerPid, offset, heatPid, coolPid].map((block) => patch(block, { enabled: false })),
      now,
    ),
  ];

  const dashboard = chainDashboard(
    {
      title: prefix,
      serviceId,
      graph: [
        { blockId: beerSetpoint.id, field: `value[${unit}]`, label: 'Beer' },
        { blockId: beerSetpoint.id, field: `setting[${unit}]`, label: 'Beer setpoint' },
        { blockId: fridgeSetpoint.id, field: `value[${unit}]`, label: 'Fridge' },
        { blockId: fridgeSetpoint.id, field: `setting[${unit}]`, label: 'Fridge setpoint' },
        { blockId: heatPwm.id, field: 'value', label: 'Heater duty' },
        { blockId: coolPwm.id, field: 'value', label: 'Cooler duty' },
      ],
      actions,
      blockIds: [beerSetpoint, fridgeSetpoint, beerPid, heatPid, coolPid, heatPwm, coolPwm, heater, cooler, offset].map(
        ({ id }) => id,
      ),
    },
    now,
  );
  return { serviceId, blocks, actions, dashboard };
}
