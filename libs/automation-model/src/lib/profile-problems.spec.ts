import { aProfile, liveView } from './automation-documents.fixtures';
import { PROFILES_NAMESPACE } from './automation.types';
import { isProfile, profileProblems, profileShapeProblems } from './profile-problems';

const DAY_S = 86_400;
const hold = (value: number, unit?: string) => ({ type: 'hold', setting: { value, unit }, durationS: DAY_S });
const withSteps = (...steps: unknown[]) => aProfile({ steps });
const NOT_A_PROFILE = 'a profile must be an object with namespace, id, title, serviceId, blockId and steps';
const DURATION_RULE = 'must be a whole number of seconds, 1 up to a year (31536000)';

describe(profileProblems.name, () => {
  it.each([
    ['a hold, a ramp in degF and a ramp without a unit', aProfile()],
    ['one hold in degF', withSteps(hold(68, 'degF'))],
    ['a profile started at a time with an offset', aProfile({ startedAt: '2024-05-01T10:00+02:00' })],
    ['a profile started at a time in UTC with milliseconds', aProfile({ startedAt: '2024-05-01T08:00:00.250Z' })],
  ])('takes %s', (_, document) => {
    expect(profileProblems(document, liveView)).toEqual([]);
  });

  it.each([
    ['nothing', undefined, [NOT_A_PROFILE]],
    ['a list of steps alone', [hold(20)], [NOT_A_PROFILE]],
    ['an unknown property', aProfile({ loop: true }), ['unknown property loop']],
    [
      'the namespace of rules',
      aProfile({ namespace: 'svc-automation:rules' }),
      [`namespace: must be ${PROFILES_NAMESPACE}`],
    ],
    ['an id with a slash', aProfile({ id: 'ale/1' }), ['id: must be letters, digits, _, -, . or ~, and not empty']],
    ['no title', aProfile({ title: undefined }), ['title: must be a name of 1 to 200 characters']],
    [
      'a controller nobody has seen',
      aProfile({ serviceId: 'cellar' }),
      ['serviceId: no controller cellar is known (has it ever been online?)'],
    ],
    [
      'a block that does not exist',
      aProfile({ blockId: 'Wort setpoint' }),
      ['blockId: no block Wort setpoint on controller fermenter'],
    ],
    [
      'a block that is no setpoint',
      aProfile({ blockId: 'Heater PWM' }),
      ['blockId: block Heater PWM is of type ActuatorPwm, not SetpointSensorPair: a profile drives a setpoint'],
    ],
    [
      'a block name that is no block name',
      aProfile({ blockId: '' }),
      ["blockId: must be a block's name: it must start with a letter, then letters, digits, space, _, -, (, ) or |"],
    ],
    ['no steps', withSteps(), ['steps: must be a list of at least one step, the first a hold']],
    [
      'steps that are no list',
      aProfile({ steps: hold(20) }),
      ['steps: must be a list of at least one step, the first a hold'],
    ],
    [
      'a step that is no object',
      withSteps(20),
      ['steps[0]: must be a step: an object with type, setting and durationS'],
    ],
    [
      'a step of an unknown type',
      withSteps(hold(20), { type: 'crash', setting: { value: 2 }, durationS: DAY_S }),
      ['steps[1].type: must be hold or ramp'],
    ],
    [
      'a first step that ramps',
      withSteps({ type: 'ramp', setting: { value: 20 }, durationS: DAY_S }),
      ['steps[0].type: the first step must be a hold: a ramp needs a setting to start from'],
    ],
    [
      'a setting in percent',
      withSteps(hold(20), hold(50, '%')),
      ['steps[1].setting: 50 % is no temperature: give degC or degF, or no unit for degC'],
    ],
    [
      'a setting without a number',
      withSteps({ type: 'hold', setting: { value: null }, durationS: DAY_S }),
      ['steps[0].setting.value: must be a number'],
    ],
    [
      'a setting that is a bare number',
      withSteps({ type: 'hold', setting: 20, durationS: DAY_S }),
      ['steps[0].setting: must be a number in a unit, such as {"value": 20, "unit": "degC"}'],
    ],
    [
      'a step of no time',
      withSteps({ type: 'hold', setting: { value: 20 }, durationS: 0 }),
      [`steps[0].durationS: ${DURATION_RULE}`],
    ],
    [
      'a step without a duration',
      withSteps({ type: 'hold', setting: { value: 20 } }),
      [`steps[0].durationS: ${DURATION_RULE}`],
    ],
    [
      'an unknown property of a step',
      withSteps({ ...hold(20), durationH: 24 }),
      ['unknown property steps[0].durationH'],
    ],
    [
      'a start that is a date alone',
      aProfile({ startedAt: '2024-05-01' }),
      ['startedAt: must be an ISO time such as 2024-05-01T08:00:00Z, or absent while the profile is stopped'],
    ],
    [
      'a start without a zone',
      aProfile({ startedAt: '2024-05-01T08:00:00' }),
      ['startedAt: must be an ISO time such as 2024-05-01T08:00:00Z, or absent while the profile is stopped'],
    ],
    [
      'a start on a day that does not exist',
      aProfile({ startedAt: '2024-13-40T08:00:00Z' }),
      ['startedAt: must be an ISO time such as 2024-05-01T08:00:00Z, or absent while the profile is stopped'],
    ],
    [
      'a start as epoch milliseconds',
      aProfile({ startedAt: 1714550400000 }),
      ['startedAt: must be an ISO time such as 2024-05-01T08:00:00Z, or absent while the profile is stopped'],
    ],
  ])('refuses %s with its message', (_, document, expected) => {
    expect(profileProblems(document, liveView)).toEqual(expected);
  });
});

describe(profileShapeProblems.name, () => {
  it('takes a controller and block that only the live view could refuse, but not a ramp first', () => {
    expect(profileShapeProblems(aProfile({ serviceId: 'cellar', blockId: 'Wort setpoint' }))).toEqual([]);
    const rampFirst = withSteps({ type: 'ramp', setting: { value: 20 }, durationS: DAY_S });
    expect(profileShapeProblems(rampFirst)).toHaveLength(1);
  });
});

describe(isProfile.name, () => {
  it('tells a profile from a document that is not one', () => {
    expect(isProfile(aProfile())).toBe(true);
    expect(isProfile(aProfile({ steps: [] }))).toBe(false);
  });
});
