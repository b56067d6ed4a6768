import { BLOCK_CATALOGUE } from './catalogue';
import { typeText } from './type-texts';

describe(typeText.name, () => {
  it.each([...BLOCK_CATALOGUE.keys()].map((name) => [name]))('gives %s a title and help text', (name) => {
    const text = typeText(name);
    expect(text.label).not.toBe(name);
    expect(text.help).not.toBe('');
  });

  it('names a type in a brewer’s words', () => {
    expect(['SetpointSensorPair', 'TempSensorMock', 'Pid'].map((name) => typeText(name).label)).toEqual([
      'Setpoint',
      'Simulated temperature sensor',
      'PID controller',
    ]);
  });

  it('names a type the catalogue does not know by its name, without help', () => {
    expect(typeText('Probe')).toEqual({ label: 'Probe', help: '' });
  });
});
