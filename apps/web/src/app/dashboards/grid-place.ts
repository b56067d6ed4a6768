import { GRID_COLUMNS, type Widget, type WidgetPlace } from '../../common/dashboards';

/** The most rows a widget may span: a screen and a half of rows on a desktop. */
export const MAX_ROWS = 12;

/** `place` kept on the grid: at least one cell, at most the grid's width and {@link MAX_ROWS} high, never left of or above it. */
export function onGrid({ x, y, w, h }: WidgetPlace): WidgetPlace {
  const width = Math.min(Math.max(Math.round(w), 1), GRID_COLUMNS);
  return {
    x: Math.min(Math.max(Math.round(x), 0), GRID_COLUMNS - width),
    y: Math.max(Math.round(y), 0),
    w: width,
    h: Math.min(Math.max(Math.round(h), 1), MAX_ROWS),
  };
}

function overlap(a: WidgetPlace, b: WidgetPlace): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

/**
 * The widgets with widget `id` put at `place` (kept on the grid): every other widget it would cover
 * moves down just below what it meets, top to bottom, so that no two widgets overlap.
 */
export function placeWidget(widgets: readonly Widget[], id: string, place: WidgetPlace): Widget[] {
  const moved = widgets.find((widget) => widget.id === id);
  if (!moved) return [...widgets];
  const settled: Widget[] = [{ ...moved, place: onGrid(place) }];
  for (const widget of inReadingOrder(widgets.filter((other) => other !== moved))) {
    let at = widget.place;
    for (let hit = settled.find((other) => overlap(other.place, at)); hit;) {
      at = { ...at, y: hit.place.y + hit.place.h };
      hit = settled.find((other) => overlap(other.place, at));
    }
    settled.push(at === widget.place ? widget : { ...widget, place: at });
  }
  return widgets.map((widget) => settled.find((other) => other.id === widget.id) ?? widget);
}

/** The widgets top to bottom, left to right: the order a phone shows them in, one under the other. */
export function inReadingOrder<W extends Widget>(widgets: readonly W[]): W[] {
  return [...widgets].sort((a, b) => a.place.y - b.place.y || a.place.x - b.place.x);
}

/** Where a new widget of `size` goes: at the left, below every widget. */
export function placeBelow(widgets: readonly Widget[], size: { w: number; h: number }): WidgetPlace {
  const bottom = Math.max(0, ...widgets.map(({ place }) => place.y + place.h));
  return onGrid({ x: 0, y: bottom, ...size });
}

/** A place in words, counted from 1 as a user counts: `Column 3, row 2, 4 wide, 3 high`. */
export function placeWords({ x, y, w, h }: WidgetPlace): string {
  return `Column ${x + 1}, row ${y + 1}, ${w} wide, ${h} high`;
}

/** What an arrow key does to a place: moves it one cell, or with `resize` makes it one cell wider, narrower, taller or shorter. */
export function placeAfterKey(place: WidgetPlace, key: string, resize: boolean): WidgetPlace | undefined {
  const step = ARROW_STEPS[key];
  if (!step) return undefined;
  const [dx, dy] = step;
  return onGrid(
    resize ? { ...place, w: place.w + dx, h: place.h + dy } : { ...place, x: place.x + dx, y: place.y + dy },
  );
}

const ARROW_STEPS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};
