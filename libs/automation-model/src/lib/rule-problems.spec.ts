import { aRule, BEER_TEMPERATURE, liveView, withTrigger } from './automation-documents.fixtures';
import { RULES_NAMESPACE } from './automation.types';
import { isRule, ruleProblems, ruleShapeProblems } from './rule-problems';

const ID_RULE = 'id: must be letters, digits, _, -, . or ~, and not empty';
const TITLE_RULE = 'title: must be a name of 1 to 200 characters';
const NOT_A_RULE = 'a rule must be an object with namespace, id, title, enabled, trigger and actions';

describe(ruleProblems.name, () => {
  it('finds nothing in a rule that can be saved', () => {
    expect(ruleProblems(aRule(), liveView)).toEqual([]);
  });

  it.each([
    ['nothing', null, [NOT_A_RULE]],
    ['a list', [aRule()], [NOT_A_RULE]],
    ['a text', 'beer too warm', [NOT_A_RULE]],
    ['an unknown property', aRule({ remindEvery: 60 }), ['unknown property remindEvery']],
    ['another namespace', aRule({ namespace: 'svc-automation' }), [`namespace: must be ${RULES_NAMESPACE}`]],
    ['no namespace', aRule({ namespace: undefined }), [`namespace: must be ${RULES_NAMESPACE}`]],
    ['an id with a space', aRule({ id: 'beer warm' }), [ID_RULE]],
    ['an empty id', aRule({ id: '' }), [ID_RULE]],
    ['a number as id', aRule({ id: 7 }), [ID_RULE]],
    ['an empty title', aRule({ title: '' }), [TITLE_RULE]],
    ['a title of spaces', aRule({ title: '   ' }), [TITLE_RULE]],
    ['a title of 201 characters', aRule({ title: 'x'.repeat(201) }), [TITLE_RULE]],
    ['enabled as a text', aRule({ enabled: 'yes' }), ['enabled: must be true or false']],
    ['no enabled', aRule({ enabled: undefined }), ['enabled: must be true or false']],
    [
      'a reminder every 0 seconds',
      aRule({ remindEveryS: 0 }),
      ['remindEveryS: must be a whole number of seconds, 1 up to a year (31536000)'],
    ],
    [
      'a reminder every 1.5 seconds',
      aRule({ remindEveryS: 1.5 }),
      ['remindEveryS: must be a whole number of seconds, 1 up to a year (31536000)'],
    ],
    ['conditions that are no list', aRule({ conditions: {} }), ['conditions: must be a list of conditions']],
    ['no actions', aRule({ actions: [] }), ['actions: must be a list of at least one action, such as {"type": "web"}']],
    [
      'actions that are no list',
      aRule({ actions: { type: 'web' } }),
      ['actions: must be a list of at least one action, such as {"type": "web"}'],
    ],
  ])('refuses %s with its message', (_, document, expected) => {
    expect(ruleProblems(document, liveView)).toEqual(expected);
  });

  it('takes a title of 200 characters and a reminder every hour', () => {
    expect(ruleProblems(aRule({ title: 'x'.repeat(200), remindEveryS: 3600 }), liveView)).toEqual([]);
  });

  it('names every problem of a document once, where it is', () => {
    const document = aRule({
      id: '',
      enabled: 1,
      trigger: { type: 'threshold', field: 'fermenter/Beer/temp[degC]', when: 'over', threshold: { value: 'warm' } },
      actions: [{ type: 'web' }, { type: 'webhook', url: 'ntfy.sh/beer', template: 'ntfy' }],
      colour: 'red',
    });
    expect(ruleProblems(document, liveView)).toEqual([
      'unknown property colour',
      ID_RULE,
      'enabled: must be true or false',
      'trigger.field: no history field fermenter/Beer/temp[degC] (is the controller publishing it?)',
      'trigger.when: must be above or below',
      'trigger.threshold.value: must be a number',
      'actions[1].url: must be an http or https address',
    ]);
  });
});

describe(ruleShapeProblems.name, () => {
  it('takes names that only the live view could refuse', () => {
    const elsewhere = aRule({
      trigger: { type: 'offline', serviceId: 'cellar' },
      actions: [
        { type: 'profile', profileId: 'pilsner', run: 'start' },
        { type: 'quick-action', quickActionId: 'x' },
      ],
    });
    expect(ruleShapeProblems(elsewhere)).toEqual([]);
    expect(ruleProblems(elsewhere, liveView)).toHaveLength(3);
  });

  it('still refuses what needs no live view: the shape, a unit that does not fit, a schedule', () => {
    const document = aRule({
      title: '',
      trigger: { type: 'threshold', field: BEER_TEMPERATURE, when: 'above', threshold: { value: 50, unit: '%' } },
    });
    expect(ruleShapeProblems(document)).toEqual([
      TITLE_RULE,
      `trigger.threshold: 50 % does not fit the field ${BEER_TEMPERATURE}, which is in degC`,
    ]);
    expect(ruleShapeProblems(withTrigger({ type: 'schedule', cron: 'daily' }))).toHaveLength(1);
  });
});

describe(isRule.name, () => {
  it('tells a rule from a document that is not one', () => {
    expect(isRule(aRule())).toBe(true);
    expect(isRule(aRule({ trigger: undefined }))).toBe(false);
    expect(isRule({ namespace: RULES_NAMESPACE, id: 'x' })).toBe(false);
  });
});
