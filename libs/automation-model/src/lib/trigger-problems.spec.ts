import { aRule, BEER_TEMPERATURE, HEATER_DUTY, liveView, withTrigger } from './automation-documents.fixtures';
import { ruleProblems } from './rule-problems';

const SECONDS_FROM_0 = 'must be a whole number of seconds, 0 up to a year (31536000)';
const SECONDS_FROM_1 = 'must be a whole number of seconds, 1 up to a year (31536000)';
const A_QUANTITY = 'must be a number in a unit, such as {"value": 20, "unit": "degC"}';
const CRON_RULE =
  'trigger.cron: must be 5 fields separated by spaces (minute, hour, day of the month, month and day of the week), such as 0 8 * * *';

const threshold = (changes: Record<string, unknown>) =>
  withTrigger({ type: 'threshold', field: BEER_TEMPERATURE, when: 'above', threshold: { value: 22 }, ...changes });
const block = (changes: Record<string, unknown>) =>
  withTrigger({ type: 'block', serviceId: 'fermenter', blockId: 'Beer setpoint', path: 'value', ...changes });

describe('the triggers of rules (ruleProblems)', () => {
  it.each([
    ['a threshold in the unit of its field', threshold({})],
    [
      'a threshold in degF against a field in degC, with a hysteresis in degF',
      threshold({ threshold: { value: 71.6, unit: 'degF' }, hysteresis: { value: 1, unit: 'degF' } }),
    ],
    [
      'a threshold without a unit against a field without one',
      threshold({ field: HEATER_DUTY, threshold: { value: 90 } }),
    ],
    ['a threshold that must hold for an hour', threshold({ when: 'below', forS: 3600 })],
    ['a sensor with no new value for 5 minutes', withTrigger({ type: 'stale', field: BEER_TEMPERATURE, forS: 300 })],
    ['a controller offline', withTrigger({ type: 'offline', serviceId: 'fermenter' })],
    ['a controller offline for 2 minutes', withTrigger({ type: 'offline', serviceId: 'fermenter', forS: 120 })],
    ['a block field that equals a state', block({ path: 'state', equals: 'STATE_ACTIVE' })],
    ['a block field that equals false', block({ path: 'enabled', equals: false })],
    [
      'a block field past a threshold',
      block({ when: 'below', threshold: { value: 2, unit: 'degC' }, hysteresis: { value: 0.5 }, forS: 60 }),
    ],
    ['a schedule', withTrigger({ type: 'schedule', cron: '0 8 * * 1-5' })],
    [
      'a schedule in a time zone',
      withTrigger({ type: 'schedule', cron: '*/15 * * * *', timeZone: 'Europe/Amsterdam' }),
    ],
    [
      'a condition on another field',
      aRule({ conditions: [{ field: HEATER_DUTY, when: 'above', threshold: { value: 95 } }] }),
    ],
  ])('takes %s', (_, document) => {
    expect(ruleProblems(document, liveView)).toEqual([]);
  });

  it.each([
    [
      'no trigger',
      aRule({ trigger: undefined }),
      ['trigger: must be a trigger: an object with a type and its settings'],
    ],
    [
      'a trigger of an unknown type',
      withTrigger({ type: 'email' }),
      ['trigger.type: must be threshold, stale, offline, block or schedule'],
    ],
    ['an unknown property of a trigger', threshold({ thresold: 22 }), ['unknown property trigger.thresold']],
    [
      'a property of another kind of trigger',
      withTrigger({ type: 'stale', field: BEER_TEMPERATURE, forS: 60, when: 'above' }),
      ['unknown property trigger.when'],
    ],
    [
      'a field the history service does not know',
      threshold({ field: 'fermenter/Beer/temp[degC]' }),
      ['trigger.field: no history field fermenter/Beer/temp[degC] (is the controller publishing it?)'],
    ],
    [
      'no field',
      threshold({ field: '' }),
      ["trigger.field: must be a history field's name, such as fermenter/Beer/value[degC]"],
    ],
    [
      'a comparison that is neither above nor below',
      threshold({ when: 'over' }),
      ['trigger.when: must be above or below'],
    ],
    [
      'a threshold without a number',
      threshold({ threshold: { value: '22' } }),
      ['trigger.threshold.value: must be a number'],
    ],
    ['a threshold that is a bare number', threshold({ threshold: 22 }), [`trigger.threshold: ${A_QUANTITY}`]],
    ['no threshold', threshold({ threshold: undefined }), [`trigger.threshold: ${A_QUANTITY}`]],
    [
      'an unknown property of a threshold',
      threshold({ threshold: { value: 22, units: 'degC' } }),
      ['unknown property trigger.threshold.units'],
    ],
    [
      'a unit that is no text',
      threshold({ threshold: { value: 22, unit: 4 } }),
      ['trigger.threshold.unit: must be a unit such as degC, or absent'],
    ],
    [
      'a temperature against a field without a unit',
      threshold({ field: HEATER_DUTY, threshold: { value: 68, unit: 'degF' } }),
      [`trigger.threshold: 68 degF does not fit the field ${HEATER_DUTY}, which has no unit`],
    ],
    [
      'a percentage against a temperature',
      threshold({ threshold: { value: 50, unit: '%' } }),
      [`trigger.threshold: 50 % does not fit the field ${BEER_TEMPERATURE}, which is in degC`],
    ],
    [
      'a negative hysteresis',
      threshold({ hysteresis: { value: -0.5 } }),
      ['trigger.hysteresis.value: must not be negative'],
    ],
    [
      'a hysteresis in seconds against a temperature',
      threshold({ hysteresis: { value: 5, unit: 'second' } }),
      [`trigger.hysteresis: 5 second does not fit the field ${BEER_TEMPERATURE}, which is in degC`],
    ],
    ['a wait of part of a second', threshold({ forS: 1.5 }), [`trigger.forS: ${SECONDS_FROM_0}`]],
    ['a negative wait', threshold({ forS: -1 }), [`trigger.forS: ${SECONDS_FROM_0}`]],
    ['a wait longer than a year', threshold({ forS: 31_536_001 }), [`trigger.forS: ${SECONDS_FROM_0}`]],
    ['a wait as a text', threshold({ forS: '600' }), [`trigger.forS: ${SECONDS_FROM_0}`]],
    [
      'a stale sensor without a time',
      withTrigger({ type: 'stale', field: BEER_TEMPERATURE }),
      [`trigger.forS: ${SECONDS_FROM_1}`],
    ],
    [
      'a stale sensor after 0 seconds',
      withTrigger({ type: 'stale', field: BEER_TEMPERATURE, forS: 0 }),
      [`trigger.forS: ${SECONDS_FROM_1}`],
    ],
    [
      'a service id that is no service id',
      withTrigger({ type: 'offline', serviceId: 'Fermenter 1' }),
      [
        "trigger.serviceId: must be a controller's service id: lower-case letters, digits, _ or - (at most 63), starting with a letter or digit",
      ],
    ],
    [
      'a controller nobody has seen',
      withTrigger({ type: 'offline', serviceId: 'cellar' }),
      ['trigger.serviceId: no controller cellar is known (has it ever been online?)'],
    ],
    [
      'a block that does not exist',
      block({ blockId: 'Mash setpoint', equals: 1 }),
      ['trigger.blockId: no block Mash setpoint on controller fermenter'],
    ],
    [
      'a block on a controller nobody has seen',
      block({ serviceId: 'cellar', equals: 1 }),
      ['trigger.serviceId: no controller cellar is known (has it ever been online?)'],
    ],
    [
      'a block name that is no block name',
      block({ blockId: '1 sensor', equals: 1 }),
      [
        "trigger.blockId: must be a block's name: it must start with a letter, then letters, digits, space, _, -, (, ) or |",
      ],
    ],
    [
      'an empty block path',
      block({ path: '', equals: 1 }),
      ["trigger.path: must be the path of a field in the block's data, such as value or setting.value"],
    ],
    [
      'a block path with an empty level',
      block({ path: 'setting..value', equals: 1 }),
      ["trigger.path: must be the path of a field in the block's data, such as value or setting.value"],
    ],
    [
      'a block trigger with equals and a comparison',
      block({ equals: 20, when: 'above', threshold: { value: 20 } }),
      ['trigger: give equals, or when and threshold, not both'],
    ],
    [
      'a block trigger with neither equals nor a comparison',
      block({}),
      ['trigger: give equals (the value that fires it), or when and threshold (a comparison)'],
    ],
    ['a block trigger comparing without a threshold', block({ when: 'above' }), [`trigger.threshold: ${A_QUANTITY}`]],
    [
      'a block trigger with a threshold but no comparison',
      block({ threshold: { value: 2 } }),
      ['trigger.when: must be above or below'],
    ],
    [
      'a block trigger equal to an object',
      block({ equals: { state: 'on' } }),
      ['trigger.equals: must be a text, a number, true or false'],
    ],
    ['a schedule of four fields', withTrigger({ type: 'schedule', cron: '0 8 * *' }), [CRON_RULE]],
    ['a schedule that is no text', withTrigger({ type: 'schedule', cron: 8 }), [CRON_RULE]],
    [
      'a schedule with a minute past the hour',
      withTrigger({ type: 'schedule', cron: '60 8 * * *' }),
      ['trigger.cron: cron "60 8 * * *": minute 60 is outside 0-59'],
    ],
    [
      'a time zone that does not exist',
      withTrigger({ type: 'schedule', cron: '0 8 * * *', timeZone: 'Mars/Olympus' }),
      ['trigger.timeZone: Mars/Olympus is not a time zone such as Europe/Amsterdam or UTC'],
    ],
    [
      'a time zone that is no text',
      withTrigger({ type: 'schedule', cron: '0 8 * * *', timeZone: 2 }),
      ['trigger.timeZone: must be a time zone such as Europe/Amsterdam or UTC'],
    ],
    [
      'a condition that is no object',
      aRule({ conditions: ['warm'] }),
      ['conditions[0]: must be a condition: an object with field, when and threshold'],
    ],
    [
      'a condition on an unknown field',
      aRule({ conditions: [{ field: 'cellar/Air/value[degC]', when: 'above', threshold: { value: 1 } }] }),
      ['conditions[0].field: no history field cellar/Air/value[degC] (is the controller publishing it?)'],
    ],
    [
      'a condition with a hysteresis',
      aRule({
        conditions: [{ field: HEATER_DUTY, when: 'above', threshold: { value: 1 }, hysteresis: { value: -1 } }],
      }),
      ['unknown property conditions[0].hysteresis'],
    ],
    [
      'a condition in a unit that does not fit',
      aRule({ conditions: [{ field: HEATER_DUTY, when: 'below', threshold: { value: 1, unit: 'degC' } }] }),
      [`conditions[0].threshold: 1 degC does not fit the field ${HEATER_DUTY}, which has no unit`],
    ],
  ])('refuses %s with its message', (_, document, expected) => {
    expect(ruleProblems(document, liveView)).toEqual(expected);
  });
});
