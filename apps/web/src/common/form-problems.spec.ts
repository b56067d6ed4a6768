import { formFields, formValues } from './block-form';
import { block, context, q, sensor, typeOf } from './block-form.fixtures';
import { problemsByField, wordedBodyProblems } from './form-problems';

describe(problemsByField.name, () => {
  it("puts each of the service's problems beside the field it names, the others apart", () => {
    const fields = formFields(typeOf('Pid'), block('Heater PID', 'Pid'), context);
    expect(
      problemsByField(
        ['data.ti must not be below 0 second', 'data.kp[1] is odd', 'data.tid is no field', 'id must be a string'],
        fields,
        formValues(fields),
      ),
    ).toEqual({
      ti: ['Integral time must not be below 0 second'],
      kp: ['data.kp[1] is odd'],
      '': ['data.tid is no field', 'id must be a string'],
    });
  });

  it("puts a problem of a list's item beside the input of that item it names, or the item, or the list", () => {
    const fields = formFields(typeOf('TempSensorMock'), sensor, context);
    const problems = [
      'data.fluctuations.1.period must be at least 0 second',
      'data.fluctuations.0 must be an object',
      'data.fluctuations must be an array',
      'data.fluctuations.2.period must be at least 0 second',
    ];

    expect(problemsByField(problems, fields, formValues(fields))).toEqual({
      'fluctuations.1.period': ['Period must be at least 0 s'],
      'fluctuations.0': ['Fluctuations item 1 must be an object'],
      fluctuations: ['Fluctuations must be an array', problems[3]],
    });
  });

  it("words a limit in the form's label and the unit the input shows", () => {
    const fields = formFields(typeOf('Pid'), block('Heater PID', 'Pid'), context);
    const worded = (problem: string) => problemsByField([problem], fields, formValues(fields));
    expect(worded('data.ti must be at least 0 second')).toEqual({ ti: ['Integral time must be at least 0 s'] });
    const pwm = formFields(typeOf('ActuatorPwm'), block('Heater PWM', 'ActuatorPwm'), context);
    expect(problemsByField(['data.maxSetting must be at most 100'], pwm, formValues(pwm))).toEqual({
      maxSetting: ['Maximum duty must be at most 100 %'],
    });
  });

  it("words a limit of a temperature difference in the user's unit", () => {
    const sentInDegF = block('Pair', 'SetpointSensorPair', { filterThreshold: q('delta_degF', 0) });
    const pair = formFields(typeOf('SetpointSensorPair'), sentInDegF, context);
    expect(problemsByField(['data.filterThreshold must be at least 0 delta_degC'], pair, formValues(pair))).toEqual({
      filterThreshold: ['Filter bypass must be at least 0 Δ°F'],
    });
  });
});

describe(wordedBodyProblems.name, () => {
  it('names a key of the body as the form does', () => {
    expect(
      wordedBodyProblems(
        { id: ['id must start with a letter, then letters, digits, space, _, -, (, ) or |'], '': ['odd'] },
        { id: 'A block name' },
      ),
    ).toEqual({
      id: ['A block name must start with a letter, then letters, digits, space, _, -, (, ) or |'],
      '': ['odd'],
    });
  });
});
