import { durationText, valueText } from './trigger-text';

describe('the words of a trigger notification', () => {
  it('writes a duration in its largest parts', () => {
    expect(durationText(45)).toBe('45 s');
    expect(durationText(5400)).toBe('1 h 30 min');
    expect(durationText(2 * 86_400 + 60)).toBe('2 d 1 min');
    expect(durationText(0)).toBe('0 s');
  });

  it('rounds a number to two decimals and puts its unit after it', () => {
    expect(valueText(20.000000000000004)).toBe('20');
    expect(valueText(23.456, 'degC')).toBe('23.46 degC');
    expect(valueText('STATE_ERROR')).toBe('STATE_ERROR');
    expect(valueText(null)).toBe('unknown');
  });
});
