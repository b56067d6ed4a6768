import type { Widget, WidgetConfig, WidgetPlace } from '../../common/dashboards';
import { GRID_COLUMNS } from '../../common/dashboards';
import { onGrid, placeAfterKey, placeWords } from './grid-place';
import { WidgetBoundary } from './widget-boundary';
import { widgetTypeOf, type AvailableWidgetTypes } from './widget-kinds';

/** How a handle changes the widget's place: `move` changes its column and row, `resize` its width and height. */
export type PlaceChange = 'move' | 'resize';

/** What the frame tells the grid: a place shown while the pointer drags, then the place to keep (or none: put back). */
export interface PlaceHandlers {
  onPreview: (place: WidgetPlace) => void;
  onPlace: (place: WidgetPlace | undefined, by: { change: PlaceChange; keyboard: boolean }) => void;
}

/**
 * One widget on the grid: its title and its kind's component, or a plain box when the app lacks
 * its kind. In edit mode it has a move handle at the top left, a resize handle at the bottom right
 * (each dragged by the pointer, or focused and moved by the arrow keys), its place in words, Edit
 * and Remove.
 */
export function WidgetFrame({
  widget,
  widgetTypes,
  kiosk,
  editing,
  onConfig,
  onEdit,
  onRemove,
  ...handlers
}: {
  widget: Widget;
  widgetTypes: AvailableWidgetTypes;
  kiosk: boolean;
  editing: boolean;
  onConfig?: (config: WidgetConfig) => void;
  onEdit: () => void;
  onRemove: () => void;
} & PlaceHandlers) {
  const type = widgetTypeOf(widgetTypes, widget.config.kind);
  const { x, y, w, h } = widget.place;
  const titleId = widgetElementId('title', widget);
  const placeId = widgetElementId('place', widget);
  return (
    <section
      class={`dashboard-widget${editing ? ' editing' : ''}`}
      aria-labelledby={titleId}
      style={{ '--x': x + 1, '--y': y + 1, '--w': w, '--h': h }}
    >
      <header class="dashboard-widget-head">
        {editing && (
          <PlaceHandle widget={widget} change="move" describedBy={placeId} {...handlers}>
            ✥
          </PlaceHandle>
        )}
        <h2 id={titleId}>{widget.title}</h2>
        {editing && (
          <span class="dashboard-widget-actions">
            <button type="button" aria-label={`Edit ${widget.title}`} onClick={onEdit}>
              Edit
            </button>
            <button type="button" aria-label={`Remove ${widget.title}`} onClick={onRemove}>
              Remove
            </button>
          </span>
        )}
      </header>
      <div class="dashboard-widget-body">
        {type ? (
          <WidgetBoundary key={JSON.stringify(widget.config)}>
            <type.Component widget={widget} kiosk={kiosk} onConfig={kiosk ? undefined : onConfig} />
          </WidgetBoundary>
        ) : (
          <p class="dashboard-widget-missing">This widget&apos;s kind is not available</p>
        )}
      </div>
      {editing && (
        <>
          <p id={placeId} class="dashboard-widget-place">
            {placeWords(widget.place)}
          </p>
          <PlaceHandle widget={widget} change="resize" describedBy={placeId} {...handlers}>
            ◢
          </PlaceHandle>
        </>
      )}
    </section>
  );
}

/** A handle that moves or resizes its widget: dragged by the pointer in grid cells, or by an arrow key a cell at a time. */
function PlaceHandle({
  widget,
  change,
  describedBy,
  onPreview,
  onPlace,
  children,
}: {
  widget: Widget;
  change: PlaceChange;
  describedBy: string;
  children: string;
} & PlaceHandlers) {
  const resize = change === 'resize';
  const start = (down: PointerEvent) => {
    if (down.button !== 0) return;
    const handle = down.currentTarget as HTMLElement;
    const cell = gridCell(handle);
    if (!cell) return;
    down.preventDefault();
    handle.setPointerCapture(down.pointerId);
    const from = widget.place;
    const placeAt = (event: PointerEvent): WidgetPlace => {
      const dx = Math.round((event.clientX - down.clientX) / cell.width);
      const dy = Math.round((event.clientY - down.clientY) / cell.height);
      return onGrid(resize ? { ...from, w: from.w + dx, h: from.h + dy } : { ...from, x: from.x + dx, y: from.y + dy });
    };
    const move = (event: PointerEvent) => onPreview(placeAt(event));
    const end = (event: PointerEvent) => {
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('pointerup', end);
      handle.removeEventListener('pointercancel', end);
      onPlace(event.type === 'pointerup' ? placeAt(event) : undefined, { change, keyboard: false });
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', end);
    handle.addEventListener('pointercancel', end);
  };
  const key = (event: KeyboardEvent) => {
    const place = placeAfterKey(widget.place, event.key, resize);
    if (!place) return;
    event.preventDefault();
    onPlace(place, { change, keyboard: true });
  };
  return (
    <button
      type="button"
      id={widgetElementId(change, widget)}
      class={`place-handle ${change}-handle`}
      aria-label={`${resize ? 'Resize' : 'Move'} ${widget.title}`}
      aria-describedby={describedBy}
      title={resize ? 'Drag, or use the arrow keys, to resize' : 'Drag, or use the arrow keys, to move'}
      onPointerDown={start}
      onKeyDown={key}
    >
      <span aria-hidden="true">{children}</span>
    </button>
  );
}

/**
 * The element id of a widget's `part`: its id with anything but letters, digits, `-` and `_` left
 * out, since a document written by hand may give a widget an id with spaces, which would name two
 * elements in `aria-labelledby`.
 */
export function widgetElementId(part: string, widget: Widget): string {
  return `widget-${part}-${widget.id.replace(/[^\w-]/g, '_')}`;
}

/** The size of one cell of the grid the handle is in, the gap included, in CSS pixels. */
function gridCell(handle: HTMLElement): { width: number; height: number } | undefined {
  const grid = handle.closest<HTMLElement>('.dashboard-grid');
  if (!grid) return undefined;
  const style = getComputedStyle(grid);
  const columnGap = parseFloat(style.columnGap) || 0;
  const rowGap = parseFloat(style.rowGap) || 0;
  const row = parseFloat(style.gridAutoRows);
  return {
    width: (grid.clientWidth + columnGap) / GRID_COLUMNS,
    height: (Number.isFinite(row) ? row : 72) + rowGap,
  };
}
