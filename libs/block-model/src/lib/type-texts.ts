import { UserText } from './field-texts';

/** The title and help of every block type of the catalogue; `type-texts.spec.ts` fails when one has none. */
const TYPE_TEXTS: Readonly<Record<string, UserText>> = {
  SysInfo: { label: 'System info', help: "The controller's own details and its time zone." },
  OnboardPins: { label: 'Onboard IO pins', help: "The controller's own IO channels." },
  TempSensorMock: {
    label: 'Simulated temperature sensor',
    help: 'Reads a temperature you set, with waves if you like: for trying things out without hardware.',
  },
  TempSensorOneWire: {
    label: 'OneWire temperature sensor',
    help: 'A temperature probe on the OneWire bus; Discover adds one for each probe plugged in.',
  },
  TempSensorExternal: {
    label: 'External temperature sensor',
    help: 'A temperature another service writes, such as a wireless probe; unknown once it stops writing.',
  },
  DS2413: {
    label: 'DS2413 IO module',
    help: 'A two-channel switch on the OneWire bus; Discover adds one for each module plugged in.',
  },
  SetpointSensorPair: { label: 'Setpoint', help: 'A temperature you ask for, with the sensor that measures it.' },
  ActuatorPwm: {
    label: 'PWM actuator',
    help: 'Switches a digital actuator on and off in cycles, to give a share of full power.',
  },
  ActuatorOffset: {
    label: 'Setpoint offset',
    help: 'Sets a setpoint to another setpoint or temperature plus an offset.',
  },
  DigitalActuator: {
    label: 'Digital actuator',
    help: 'Switches one channel of an IO module on or off: a heater, a cooler, a pump.',
  },
  Pid: {
    label: 'PID controller',
    help: "Drives an actuator to bring a setpoint's temperature to the setpoint.",
  },
};

/** The title and help of a block type (`SetpointSensorPair` reads `Setpoint`); an unknown type by its name. */
export function typeText(name: string): UserText {
  return TYPE_TEXTS[name] ?? { label: name, help: '' };
}
