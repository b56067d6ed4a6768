import { BLOCK_CATALOGUE } from './catalogue';
import { enumText, fieldText } from './field-texts';
import { Shape } from './shape';

/** Every field of the catalogue, at any depth, as `[owner, name]`. */
function everyField(shape: Shape): [string, string][] {
  return shape.all.flatMap((entry) => [
    [shape.owner, entry.name] as [string, string],
    ...(entry.shape ? everyField(entry.shape) : []),
  ]);
}

const FIELDS = [...BLOCK_CATALOGUE.values()].flatMap((type) => everyField(type.shape));
const ENUM_VALUES = [
  ...new Set(
    [...BLOCK_CATALOGUE.values()].flatMap((type) =>
      type.shape.all.flatMap(({ field }) => (field.kind === 'enum' ? field.values : [])),
    ),
  ),
];

describe(fieldText.name, () => {
  it.each(FIELDS)('gives %s.%s a label and help text', (owner, name) => {
    const text = fieldText(owner, name);
    expect(text.label).not.toBe('');
    expect(text.help).not.toBe('');
  });

  it('reads a field in a brewer’s words, a nested one by its path', () => {
    expect(fieldText('SetpointSensorPair', 'storedSetting').label).toBe('Setpoint');
    expect(fieldText('Pid', 'ti').label).toBe('Integral time');
    expect(fieldText('TempSensorMock.fluctuations', 'period').label).toBe('Period');
  });

  it('gives the duties of a PWM the unit %', () => {
    expect(
      ['storedSetting', 'setting', 'value', 'minSetting', 'maxSetting'].map(
        (name) => fieldText('ActuatorPwm', name).unit,
      ),
    ).toEqual(['%', '%', '%', '%', '%']);
  });

  it('reads a field it does not know by its name, without help', () => {
    expect(fieldText('Probe', 'steps')).toEqual({ label: 'steps', help: '' });
  });
});

describe(enumText.name, () => {
  it.each(ENUM_VALUES.map((value) => [value]))('gives %s a label and help text', (value) => {
    const text = enumText(value);
    expect(text.label).not.toBe(value);
    expect(text.help).not.toBe('');
  });

  it('reads a filter and a state in a brewer’s words', () => {
    expect([enumText('FILTER_NONE').label, enumText('STATE_INACTIVE').label, enumText('TEMP_CELSIUS').label]).toEqual([
      'No filter',
      'Off',
      'Celsius (°C)',
    ]);
  });
});
