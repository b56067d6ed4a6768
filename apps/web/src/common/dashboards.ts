import type { ComponentType } from 'preact';
import { namedDocumentId, UI_NAMESPACE } from './ui-documents';

/** The datastore namespace of the dashboards, one document each (docs/web.md, "Dashboards"). */
export const DASHBOARDS_NAMESPACE = `${UI_NAMESPACE}:dashboards`;

/** The columns of a dashboard's grid; a phone-wide screen shows the widgets one under the other. */
export const GRID_COLUMNS = 12;

/** Where a widget sits on the grid, in cells from the top left: columns `x` to `x + w - 1`, rows `y` to `y + h - 1`. */
export interface WidgetPlace {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A field of a metrics widget, with the seconds after which its latest value reads as stale. */
export interface MetricField {
  name: string;
  label?: string;
  staleAfterS: number;
}

/** What a widget shows, by kind. */
export type WidgetConfig =
  /** The history graph of a view: `query` is the explorer's URL query (without `?`), so it opens there as it is. */
  | { kind: 'graph'; query: string }
  /** The latest values of chosen fields, with their age. */
  | { kind: 'metrics'; fields: MetricField[] }
  /** One block of one controller, shown as its type's widget. */
  | { kind: 'block'; serviceId: string; blockId: string }
  /** Quick actions to apply with one click: those named, or all when `actionIds` is left out. */
  | { kind: 'quick-actions'; actionIds?: string[] }
  /** A controller's status: online, device, units. */
  | { kind: 'controller-status'; serviceId: string }
  /** Text the user writes. */
  | { kind: 'note'; text: string };

export type WidgetKind = WidgetConfig['kind'];

export const WIDGET_KINDS: readonly WidgetKind[] = [
  'graph',
  'metrics',
  'block',
  'quick-actions',
  'controller-status',
  'note',
];

/** One widget of a dashboard: its id within the dashboard, its title, its place and what it shows. */
export interface Widget<C extends WidgetConfig = WidgetConfig> {
  id: string;
  title: string;
  place: WidgetPlace;
  config: C;
}

/** A dashboard as the datastore keeps it. */
export interface Dashboard {
  namespace: typeof DASHBOARDS_NAMESPACE;
  id: string;
  title: string;
  widgets: Widget[];
}

/** A document id for a new dashboard called `title`. */
export function dashboardId(title: string, now = Date.now()): string {
  return namedDocumentId('dashboard', title, now);
}

/** What a widget's component gets: the widget, and whether the page is a kiosk (no edit controls). */
export interface WidgetProps<C extends WidgetConfig = WidgetConfig> {
  widget: Widget<C>;
  kiosk: boolean;
  /** Saves a changed config of this widget (a note's text, say); absent in kiosk mode. */
  onConfig?: (config: C) => void;
}

/** What the "Add widget" form of a kind gets: the config it fills in, offered to the dashboard when complete. */
export interface WidgetEditorProps<C extends WidgetConfig = WidgetConfig> {
  /** The config being edited: a new widget's `defaults`, or the widget's config when it is edited. */
  config: C;
  onChange: (config: C, title: string) => void;
}

/** One kind of widget: its name in the "Add widget" menu, its size when added, its component and its editor. */
export interface WidgetType<C extends WidgetConfig = WidgetConfig> {
  label: string;
  defaults: C;
  size: { w: number; h: number };
  Component: ComponentType<WidgetProps<C>>;
  Editor: ComponentType<WidgetEditorProps<C>>;
}

/** The widget types by kind; the app shell puts them together from the features (app/dashboard-widgets.tsx). */
export type WidgetTypes = { [K in WidgetKind]: WidgetType<Extract<WidgetConfig, { kind: K }>> };

/**
 * The dashboards among datastore documents, by title; documents of another shape, and widgets
 * without a place on the grid or a config of a kind, are left out.
 */
export function dashboardsOf(documents: readonly Record<string, unknown>[]): Dashboard[] {
  return documents
    .filter(isDashboard)
    .map((doc) => ({ ...doc, widgets: doc.widgets.filter(isWidget) }))
    .sort((a, b) => a.title.localeCompare(b.title));
}

function isDashboard(doc: Record<string, unknown>): doc is Record<string, unknown> & Dashboard {
  return (
    doc['namespace'] === DASHBOARDS_NAMESPACE &&
    typeof doc['id'] === 'string' &&
    typeof doc['title'] === 'string' &&
    Array.isArray(doc['widgets'])
  );
}

function isWidget(widget: unknown): widget is Widget {
  if (typeof widget !== 'object' || widget === null) return false;
  const { id, title, place, config } = widget as Partial<Widget>;
  return (
    typeof id === 'string' &&
    typeof title === 'string' &&
    isPlace(place) &&
    typeof config === 'object' &&
    config !== null &&
    typeof config.kind === 'string'
  );
}

function isPlace(place: unknown): place is WidgetPlace {
  if (typeof place !== 'object' || place === null) return false;
  const { x, y, w, h } = place as Record<keyof WidgetPlace, unknown>;
  const cells = (n: unknown, least: number) => Number.isInteger(n) && (n as number) >= least;
  return cells(x, 0) && cells(y, 0) && cells(w, 1) && cells(h, 1);
}
