import { relationLabel } from './relation-label';

describe(relationLabel.name, () => {
  it("names a link by its field's label, as the block's form does", () => {
    expect(relationLabel('SetpointSensorPair', ['sensorId'])).toBe('Sensor');
    expect(relationLabel('Pid', ['inputId'])).toBe('Input setpoint');
  });

  it('keeps the number of the list item a link is in, counted from 1', () => {
    expect(relationLabel('Pid', ['items', '0', 'outputId'])).toMatch(/ 1$/);
  });

  it('names a link of an unknown block or field by its path', () => {
    expect(relationLabel(undefined, ['sensorId'])).toBe('sensorId');
    expect(relationLabel('Pid', ['somethingNew'])).toBe('somethingNew');
  });
});
