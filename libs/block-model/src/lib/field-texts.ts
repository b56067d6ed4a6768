/** How a field or an enum value reads to a brewer: a label and a sentence of help. */
export interface UserText {
  label: string;
  help: string;
}

/** A field's text, with the unit of a plain number where it has one (`%` for a PWM's duty). */
export interface FieldText extends UserText {
  unit?: string;
}

const ENABLED: FieldText = { label: 'Enabled', help: 'The block works only while it is enabled.' };
const DRIVEN_BY: FieldText = { label: 'Driven by', help: 'The block that drives this one, if any.' };
const READING: FieldText = { label: 'Temperature', help: 'What the sensor reads now.' };
const ONEWIRE_ADDRESS: FieldText = {
  label: 'OneWire address',
  help: 'The 16 hexadecimal digits printed on the device; empty for none.',
};
const CHANNELS: Readonly<Record<string, FieldText>> = {
  channels: { label: 'Channels', help: 'The IO channels of the module and the actuator that drives each.' },
  'channels.id': { label: 'Channel', help: 'The number of the channel on the module.' },
  'channels.claimedBy': { label: 'Driven by', help: 'The actuator that switches this channel, if any.' },
};
const DUTY = (label: string, help: string): FieldText => ({ label, help, unit: '%' });

/**
 * The text of every field of the catalogue, by type and path (`fluctuations.period` for a field of
 * an array's items); `field-texts.spec.ts` fails when a declared field has none.
 */
const FIELD_TEXTS: Readonly<Record<string, Readonly<Record<string, FieldText>>>> = {
  SysInfo: {
    deviceId: { label: 'Device ID', help: "The controller's own identifier." },
    version: { label: 'Firmware version', help: 'The version of the software the controller runs.' },
    uptime: { label: 'Uptime', help: 'How long the controller has run since it last started.' },
    updatesPerSecond: { label: 'Updates per second', help: 'How often a second the controller computes its blocks.' },
    tempUnit: {
      label: 'Temperature unit',
      help: "The unit the controller shows temperatures in; it follows the user's unit.",
    },
    timeZone: { label: 'Time zone', help: 'The time zone of the controller, e.g. Europe/Amsterdam.' },
  },
  OnboardPins: {
    ...CHANNELS,
    enableIoSupply12V: { label: '12 V supply', help: 'Powers the 12 V pins of the IO ports.' },
  },
  TempSensorMock: {
    value: READING,
    connected: { label: 'Connected', help: 'A sensor that is not connected reads unknown.' },
    setting: {
      label: 'Simulated temperature',
      help: 'The temperature the simulated sensor reads, before fluctuations.',
    },
    fluctuations: { label: 'Fluctuations', help: 'Waves added to the simulated temperature.' },
    'fluctuations.amplitude': { label: 'Amplitude', help: 'How far the wave takes the temperature up and down.' },
    'fluctuations.period': { label: 'Period', help: 'How long one wave takes.' },
  },
  TempSensorOneWire: {
    value: READING,
    offset: { label: 'Offset', help: 'Added to the reading, to calibrate the sensor.' },
    address: ONEWIRE_ADDRESS,
  },
  TempSensorExternal: {
    enabled: ENABLED,
    timeout: {
      label: 'Timeout',
      help: 'Without a new value for this long the sensor reads unknown; 0 never times out.',
    },
    setting: { label: 'Written temperature', help: 'The last temperature another service wrote.' },
    lastUpdated: { label: 'Last written', help: 'When the temperature was last written.' },
    value: READING,
  },
  DS2413: {
    address: ONEWIRE_ADDRESS,
    connected: { label: 'Connected', help: 'Whether the module answers on the OneWire bus.' },
    ...CHANNELS,
  },
  SetpointSensorPair: {
    enabled: ENABLED,
    sensorId: { label: 'Sensor', help: 'The sensor that measures what the setpoint is for.' },
    storedSetting: { label: 'Setpoint', help: 'The temperature you ask for.' },
    setting: { label: 'Setpoint in effect', help: 'The setpoint the controller works to now; unknown while disabled.' },
    value: { label: 'Temperature', help: "The sensor's reading, through the filter." },
    valueUnfiltered: { label: 'Unfiltered temperature', help: "The sensor's reading as it is." },
    filter: { label: 'Filter', help: 'Smooths the reading over a time, against noise.' },
    filterThreshold: {
      label: 'Filter bypass',
      help: 'A change larger than this skips the filter at once; 0 never skips it.',
    },
    claimedBy: DRIVEN_BY,
  },
  ActuatorPwm: {
    enabled: ENABLED,
    actuatorId: { label: 'Actuator', help: 'The digital actuator switched on and off.' },
    storedSetting: DUTY('Duty', 'The share of each period the actuator is on, unless a PID drives it.'),
    setting: DUTY('Duty in effect', 'The duty the PWM works to now.'),
    value: DUTY('Duty achieved', 'The share of the last period the actuator was on.'),
    period: { label: 'Period', help: 'How long one on-and-off cycle takes; heaters usually take 4 s.' },
    minSetting: DUTY('Minimum duty', 'The duty never goes below this.'),
    maxSetting: DUTY('Maximum duty', 'The duty never goes above this.'),
    claimedBy: DRIVEN_BY,
  },
  ActuatorOffset: {
    enabled: ENABLED,
    targetId: { label: 'Target setpoint', help: 'The setpoint this actuator sets.' },
    referenceId: { label: 'Reference setpoint', help: 'The setpoint the offset is added to.' },
    storedSetting: { label: 'Offset', help: 'The offset you ask for, unless a PID drives it.' },
    setting: { label: 'Offset in effect', help: 'The offset the actuator works to now.' },
    value: { label: 'Offset achieved', help: 'The offset the target setpoint has now.' },
    referenceSettingOrValue: {
      label: 'Offset from',
      help: "Whether the offset adds to the reference's setpoint or its temperature.",
    },
    claimedBy: DRIVEN_BY,
  },
  DigitalActuator: {
    hwDevice: { label: 'IO module', help: 'The module whose channel this actuator switches.' },
    channel: { label: 'Channel', help: 'The channel of the module, counted from 1; 0 for none.' },
    storedState: { label: 'State setting', help: 'On or off, unless a PWM drives it.' },
    state: { label: 'State', help: 'Whether the actuator is on now.' },
    invert: { label: 'Inverted', help: 'Switches the channel off for on, for hardware wired the other way.' },
    minOnTime: { label: 'Minimum on time', help: 'Once on, the actuator stays on at least this long.' },
    minOffTime: { label: 'Minimum off time', help: 'Once off, the actuator stays off at least this long.' },
    claimedBy: DRIVEN_BY,
  },
  Pid: {
    enabled: ENABLED,
    active: { label: 'Active', help: 'Whether the PID is working: enabled, with an input and an output.' },
    inputId: { label: 'Input setpoint', help: 'The setpoint and sensor the PID works to.' },
    outputId: { label: 'Output actuator', help: 'The actuator the PID drives.' },
    kp: { label: 'Proportional gain', help: 'How much output the PID asks per degree of error.' },
    ti: { label: 'Integral time', help: 'How fast a lasting error builds up the output; 0 for none.' },
    td: { label: 'Derivative time', help: 'How much the PID brakes a fast change; 0 for none.' },
    inputValue: { label: 'Input temperature', help: "The input's temperature." },
    inputSetting: { label: 'Input setpoint value', help: "The input's setpoint." },
    error: { label: 'Error', help: 'The setpoint less the temperature.' },
    p: { label: 'P', help: 'The proportional part of the output, in the output’s unit.' },
    i: { label: 'I', help: 'The integral part of the output, in the output’s unit.' },
    d: { label: 'D', help: 'The derivative part of the output, in the output’s unit.' },
    outputSetting: { label: 'Output setting', help: 'What the PID asks of its output: P + I + D.' },
    outputValue: { label: 'Output achieved', help: 'What the output achieved.' },
    integral: { label: 'Integral', help: 'The error added up over time, in degree seconds.' },
    derivative: { label: 'Derivative', help: "The input's rate of change, in degrees a second." },
    integralReset: { label: 'Reset integral', help: 'Sets the integral to 0 when you save.' },
  },
};

/** The text of every enum value of the catalogue; `field-texts.spec.ts` fails when one has none. */
const ENUM_TEXTS: Readonly<Record<string, UserText>> = {
  TEMP_CELSIUS: { label: 'Celsius (°C)', help: 'Temperatures in degrees Celsius.' },
  TEMP_FAHRENHEIT: { label: 'Fahrenheit (°F)', help: 'Temperatures in degrees Fahrenheit.' },
  FILTER_NONE: { label: 'No filter', help: 'The reading as it is.' },
  FILTER_15s: { label: '15 seconds', help: 'Smooths the reading over about 15 seconds.' },
  FILTER_45s: { label: '45 seconds', help: 'Smooths the reading over about 45 seconds.' },
  FILTER_90s: { label: '90 seconds', help: 'Smooths the reading over about 90 seconds.' },
  FILTER_3m: { label: '3 minutes', help: 'Smooths the reading over about 3 minutes.' },
  FILTER_10m: { label: '10 minutes', help: 'Smooths the reading over about 10 minutes.' },
  FILTER_30m: { label: '30 minutes', help: 'Smooths the reading over about 30 minutes.' },
  REF_SETTING: { label: 'Setpoint', help: "The offset adds to the reference's setpoint." },
  REF_VALUE: { label: 'Temperature', help: "The offset adds to the reference's temperature." },
  STATE_INACTIVE: { label: 'Off', help: 'The actuator is off.' },
  STATE_ACTIVE: { label: 'On', help: 'The actuator is on.' },
};

/**
 * The text of the field `name` of a shape's `owner` (a type, `Pid`, or an array's items,
 * `TempSensorMock.fluctuations`); for a field the catalogue does not know, its name and no help.
 */
export function fieldText(owner: string, name: string): FieldText {
  const [typeName, ...within] = owner.split('.');
  return FIELD_TEXTS[typeName]?.[[...within, name].join('.')] ?? { label: name, help: '' };
}

/** The text of an enum value (`FILTER_NONE` reads `No filter`); an unknown value as given. */
export function enumText(value: string): UserText {
  return ENUM_TEXTS[value] ?? { label: value, help: '' };
}
