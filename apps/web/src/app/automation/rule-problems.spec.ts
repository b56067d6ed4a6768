import { problemsByInput } from './rule-problems';

describe(problemsByInput.name, () => {
  const inputs = ['title', 'trigger.field', 'trigger.threshold', 'trigger.hysteresis', 'actions[0]', 'actions[0].url'];

  it('puts each problem under the input it names, without the path', () => {
    expect(
      problemsByInput(
        [
          'trigger.threshold.value: must be a number',
          'trigger.field: no history field a/b[degC] (is the controller publishing it?)',
          'actions[0].url: must be an http or https address',
          'actions[0]: must be an action: an object with a type and its settings',
        ],
        inputs,
      ),
    ).toEqual({
      'trigger.threshold': ['must be a number'],
      'trigger.field': ['no history field a/b[degC] (is the controller publishing it?)'],
      'actions[0].url': ['must be an http or https address'],
      'actions[0]': ['must be an action: an object with a type and its settings'],
    });
  });

  it('keeps a problem that names no input whole, for under the form', () => {
    expect(problemsByInput(['unknown property trigger.colour', 'remindEveryS: must be at least 1'], inputs)).toEqual({
      '': ['unknown property trigger.colour', 'remindEveryS: must be at least 1'],
    });
  });
});
