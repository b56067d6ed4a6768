import { formFields, formValues } from './block-form';
import { block, context, sensor, typeOf } from './block-form.fixtures';
import { problemsByField } from './form-problems';

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
      ti: ['data.ti must not be below 0 second'],
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
      'fluctuations.1.period': [problems[0]],
      'fluctuations.0': [problems[1]],
      fluctuations: [problems[2], problems[3]],
    });
  });
});
