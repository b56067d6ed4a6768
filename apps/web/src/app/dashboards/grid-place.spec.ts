import type { Widget, WidgetPlace } from '../../common/dashboards';
import { onGrid, placeAfterKey, placeBelow, placeWidget, placeWords } from './grid-place';

const widget = (id: string, place: WidgetPlace): Widget => ({
  id,
  title: id,
  place,
  config: { kind: 'note', text: '' },
});

describe('a place on the grid', () => {
  it('stays on the 12 columns, at least one cell and at most 12 rows', () => {
    expect(onGrid({ x: 10, y: -2, w: 4, h: 0 })).toEqual({ x: 8, y: 0, w: 4, h: 1 });
    expect(onGrid({ x: -3, y: 1.4, w: 20, h: 40 })).toEqual({ x: 0, y: 1, w: 12, h: 12 });
  });

  it('reads in words, counted from 1', () => {
    expect(placeWords({ x: 2, y: 1, w: 4, h: 3 })).toBe('Column 3, row 2, 4 wide, 3 high');
  });

  it('moves or resizes by one cell for each arrow key, and ignores other keys', () => {
    const place = { x: 2, y: 1, w: 4, h: 3 };
    expect(placeAfterKey(place, 'ArrowRight', false)).toEqual({ x: 3, y: 1, w: 4, h: 3 });
    expect(placeAfterKey(place, 'ArrowUp', false)).toEqual({ x: 2, y: 0, w: 4, h: 3 });
    expect(placeAfterKey(place, 'ArrowLeft', true)).toEqual({ x: 2, y: 1, w: 3, h: 3 });
    expect(placeAfterKey(place, 'ArrowDown', true)).toEqual({ x: 2, y: 1, w: 4, h: 4 });
    expect(placeAfterKey({ x: 0, y: 0, w: 1, h: 1 }, 'ArrowLeft', true)).toEqual({ x: 0, y: 0, w: 1, h: 1 });
    expect(placeAfterKey(place, 'Enter', false)).toBeUndefined();
  });

  it('puts a new widget at the left below every widget', () => {
    const widgets = [widget('a', { x: 0, y: 0, w: 6, h: 2 }), widget('b', { x: 6, y: 0, w: 6, h: 4 })];
    expect(placeBelow(widgets, { w: 4, h: 3 })).toEqual({ x: 0, y: 4, w: 4, h: 3 });
    expect(placeBelow([], { w: 4, h: 3 })).toEqual({ x: 0, y: 0, w: 4, h: 3 });
  });
});

describe(placeWidget.name, () => {
  it('moves the widgets it would cover down below it, and those they would cover in turn', () => {
    const widgets = [
      widget('a', { x: 0, y: 0, w: 6, h: 2 }),
      widget('b', { x: 0, y: 2, w: 6, h: 2 }),
      widget('c', { x: 6, y: 0, w: 6, h: 2 }),
      widget('d', { x: 0, y: 4, w: 12, h: 1 }),
    ];
    const placed = placeWidget(widgets, 'c', { x: 0, y: 1, w: 6, h: 2 });
    expect(Object.fromEntries(placed.map(({ id, place }) => [id, place]))).toEqual({
      a: { x: 0, y: 3, w: 6, h: 2 },
      b: { x: 0, y: 5, w: 6, h: 2 },
      c: { x: 0, y: 1, w: 6, h: 2 },
      d: { x: 0, y: 7, w: 12, h: 1 },
    });
  });

  it('leaves the widgets it does not meet where they are, the same objects', () => {
    const widgets = [widget('a', { x: 0, y: 0, w: 6, h: 2 }), widget('b', { x: 6, y: 0, w: 6, h: 2 })];
    const placed = placeWidget(widgets, 'a', { x: 0, y: 0, w: 5, h: 3 });
    expect(placed[1]).toBe(widgets[1]);
    expect(placed[0].place).toEqual({ x: 0, y: 0, w: 5, h: 3 });
  });
});
