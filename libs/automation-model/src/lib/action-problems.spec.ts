import { liveView, withAction } from './automation-documents.fixtures';
import { ruleProblems, ruleShapeProblems } from './rule-problems';

const webhook = (changes: Record<string, unknown>) =>
  withAction({ type: 'webhook', url: 'https://ntfy.sh/brewery', template: 'ntfy', ...changes });
const patch = (changes: Record<string, unknown>) =>
  withAction({
    type: 'patch',
    serviceId: 'fermenter',
    blockId: 'Beer setpoint',
    blockType: 'SetpointSensorPair',
    data: { storedSetting: 18 },
    ...changes,
  });

describe('the actions of rules (ruleProblems)', () => {
  it.each([
    ['a notification to ntfy', webhook({})],
    [
      'a notification to Gotify over http with its token',
      webhook({ url: 'http://gotify.local:8080/message', template: 'gotify', headers: { 'X-Gotify-Key': 'abc' } }),
    ],
    ['a notification to Discord', webhook({ url: 'https://discord.com/api/webhooks/1/x', template: 'discord' })],
    ['a notification to Slack', webhook({ url: 'https://hooks.slack.com/services/x', template: 'slack' })],
    ['a webhook of its own', webhook({ template: 'custom', body: '{"text": "{{rule}}: {{value}}"}' })],
    ['an MQTT event', withAction({ type: 'mqtt' })],
    ['a notification in the web app', withAction({ type: 'web' })],
    ['a patch of a setpoint', patch({})],
    ['a patch in degF under a postfixed key', patch({ data: { 'storedSetting[degF]': 64.4, enabled: true } })],
    [
      'a patch that links a PID to a setpoint',
      patch({ blockId: 'Heater PID', blockType: 'Pid', data: { inputId: 'Beer setpoint' } }),
    ],
    ['a saved quick action', withAction({ type: 'quick-action', quickActionId: 'cool-down' })],
    ['starting a profile', withAction({ type: 'profile', profileId: 'lager', run: 'start' })],
    ['stopping a profile', withAction({ type: 'profile', profileId: 'lager', run: 'stop' })],
  ])('takes %s', (_, document) => {
    expect(ruleProblems(document, liveView)).toEqual([]);
  });

  it.each([
    [
      'an action that is no object',
      withAction('web'),
      ['actions[0]: must be an action: an object with a type and its settings'],
    ],
    [
      'an action of an unknown type',
      withAction({ type: 'email' }),
      ['actions[0].type: must be webhook, mqtt, web, patch, quick-action or profile'],
    ],
    [
      'an unknown property of an action',
      withAction({ type: 'mqtt', topic: 'x' }),
      ['unknown property actions[0].topic'],
    ],
    [
      'a webhook to an address without a scheme',
      webhook({ url: 'ntfy.sh/brewery' }),
      ['actions[0].url: must be an http or https address'],
    ],
    [
      'a webhook to an ftp address',
      webhook({ url: 'ftp://example.com/x' }),
      ['actions[0].url: must be an http or https address'],
    ],
    ['a webhook without an address', webhook({ url: undefined }), ['actions[0].url: must be an http or https address']],
    [
      'a template nobody knows',
      webhook({ template: 'teams' }),
      ['actions[0].template: must be ntfy, gotify, discord, slack or custom'],
    ],
    [
      'a custom template without a body',
      webhook({ template: 'custom' }),
      ['actions[0].body: a custom template needs a body'],
    ],
    [
      'a custom template with an empty body',
      webhook({ template: 'custom', body: ' ' }),
      ['actions[0].body: a custom template needs a body'],
    ],
    [
      'a ready template with a body',
      webhook({ body: 'hello' }),
      ['actions[0].body: only a custom template takes a body: ntfy has its own'],
    ],
    [
      'headers that are a list',
      webhook({ headers: ['Authorization: x'] }),
      ['actions[0].headers: must be an object of header names and their values'],
    ],
    [
      'a header name with a space',
      webhook({ headers: { 'Api Key': 'x' } }),
      ['actions[0].headers: "Api Key" is not a header name (letters, digits and !#$%&\'*+-.^_`|~)'],
    ],
    [
      'a header value that is a number',
      webhook({ headers: { Priority: 5 } }),
      ['actions[0].headers.Priority: must be a text on one line'],
    ],
    [
      'a header value with a line break',
      webhook({ headers: { Title: 'warm\r\nX-Injected: 1' } }),
      ['actions[0].headers.Title: must be a text on one line'],
    ],
    [
      'a patch of a block on a controller nobody has seen',
      patch({ serviceId: 'cellar' }),
      ['actions[0].serviceId: no controller cellar is known (has it ever been online?)'],
    ],
    [
      'a patch of a block that does not exist',
      patch({ blockId: 'Mash setpoint' }),
      ['actions[0].blockId: no block Mash setpoint on controller fermenter'],
    ],
    [
      'a patch whose block is of another type',
      patch({ blockId: 'Heater PWM' }),
      ['actions[0].blockType: block Heater PWM is of type ActuatorPwm, not SetpointSensorPair'],
    ],
    [
      'a patch of a type the catalogue lacks',
      patch({ blockType: 'Spark' }),
      ['actions[0].blockType: Spark is not a block type of the catalogue, such as SetpointSensorPair'],
    ],
    [
      'a patch without a block type',
      patch({ blockType: undefined }),
      ['actions[0].blockType: must be a block type, such as SetpointSensorPair'],
    ],
    [
      'a patch without data',
      patch({ data: undefined }),
      ['actions[0].data: must be an object of the fields to set, such as {"storedSetting": 20}'],
    ],
    ['a patch that sets nothing', patch({ data: {} }), ['actions[0].data: must set at least one field']],
    [
      'a patch of a field the block type lacks',
      patch({ data: { kp: 20 } }),
      ['actions[0].data.kp: is not a field of SetpointSensorPair'],
    ],
    [
      'a patch with a value of the wrong kind',
      patch({ data: { enabled: 'yes' } }),
      ['actions[0].data.enabled: must be true or false'],
    ],
    [
      'a patch of a read-only field',
      patch({ data: { setting: 18 } }),
      ['actions[0].data.setting: is read-only: SetpointSensorPair sets it itself'],
    ],
    [
      'a patch that links to a block that does not exist',
      patch({ data: { sensorId: 'Wort sensor' } }),
      ['actions[0].data.sensorId: links to Wort sensor, which does not exist'],
    ],
    [
      'a quick action that does not exist',
      withAction({ type: 'quick-action', quickActionId: 'heat-up' }),
      ['actions[0].quickActionId: no quick action heat-up'],
    ],
    [
      'a quick action id with a space',
      withAction({ type: 'quick-action', quickActionId: 'heat up' }),
      ['actions[0].quickActionId: must be letters, digits, _, -, . or ~, and not empty'],
    ],
    [
      'a profile that does not exist',
      withAction({ type: 'profile', profileId: 'pilsner', run: 'start' }),
      ['actions[0].profileId: no profile pilsner'],
    ],
    [
      'a profile run that is neither start nor stop',
      withAction({ type: 'profile', profileId: 'lager', run: 'pause' }),
      ['actions[0].run: must be start or stop'],
    ],
  ])('refuses %s with its message', (_, document, expected) => {
    expect(ruleProblems(document, liveView)).toEqual(expected);
  });

  it('checks the links of a patch only against a live view', () => {
    expect(ruleShapeProblems(patch({ data: { sensorId: 'Wort sensor' } }))).toEqual([]);
  });
});
