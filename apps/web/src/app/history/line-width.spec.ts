import { LINE_WIDTH, lineWidth, pointsBetween } from './line-width';

describe('lineWidth', () => {
  it('draws a line of points far apart at the usual width', () => {
    expect(lineWidth(100, 800, 1)).toBe(LINE_WIDTH);
    expect(lineWidth(100, 1600, 2)).toBe(LINE_WIDTH);
  });

  it('draws a dense line one device pixel wide', () => {
    expect(lineWidth(900, 800, 1)).toBe(1);
    expect(lineWidth(900, 1600, 2)).toBe(0.5);
    expect(lineWidth(101, 800, 1)).toBe(1);
  });
});

describe('pointsBetween', () => {
  it('counts the values in the shown part, not the gaps or other fields’ times', () => {
    expect(pointsBetween([1, undefined, null, 2, 3, 4], 1, 4)).toBe(2);
  });
});
