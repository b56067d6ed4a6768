import { useEffect, useRef, useState } from 'preact/hooks';
import type { Dashboard, Widget, WidgetConfig, WidgetPlace } from '../../common/dashboards';
import { dashboardPath } from './dashboard-routes';
import { inReadingOrder, placeBelow, placeWidget, placeWords } from './grid-place';
import { WidgetForm, type WidgetDraft } from './widget-form';
import { WidgetFrame, widgetElementId, type PlaceChange } from './widget-frame';
import { widgetTypeOf, type AvailableWidgetTypes } from './widget-kinds';
import './dashboards.css';

/**
 * One dashboard: its title, its widgets on the grid and, out of kiosk mode, "Edit dashboard", which
 * shows the controls that add, edit, remove, move and resize widgets; each change is saved to the
 * dashboard's document at once. A kiosk shows whether the page is live instead.
 */
export function DashboardView({
  dashboard,
  widgetTypes,
  kiosk,
  live,
  save,
}: {
  dashboard: Dashboard;
  widgetTypes: AvailableWidgetTypes;
  kiosk: boolean;
  live: boolean;
  save: (dashboard: Dashboard) => Promise<void>;
}) {
  const [editMode, setEditMode] = useState(false);
  const editing = editMode && !kiosk;
  // undefined: no form open; null: the form of a new widget.
  const [form, setForm] = useState<Widget | null>();
  const [preview, setPreview] = useState<{ id: string; place: WidgetPlace }>();
  const [said, setSaid] = useState('');
  const [problem, setProblem] = useState('');
  // A widget moved by keyboard may move in the page's order, and its handle with it: the focus follows.
  const focusNext = useRef<string>();
  // An effect of an earlier render may run first: the target waits for the render that shows it.
  useEffect(() => {
    const target = focusNext.current && document.getElementById(focusNext.current);
    if (!target) return;
    focusNext.current = undefined;
    if (target !== document.activeElement) target.focus();
  });

  const saveWidgets = (widgets: Widget[]) =>
    save({ ...dashboard, widgets: inReadingOrder(widgets) }).catch((error: Error) => {
      setProblem(`Could not save ${dashboard.title}: ${error.message}`);
      throw error;
    });
  const place = (widget: Widget, at: WidgetPlace | undefined, by: { change: PlaceChange; keyboard: boolean }) => {
    setPreview(undefined);
    if (!at) return;
    const widgets = placeWidget(dashboard.widgets, widget.id, at);
    const placed = widgets.find(({ id }) => id === widget.id)?.place ?? at;
    if (by.keyboard) {
      setSaid(`${widget.title}: ${placeWords(placed)}`);
      focusNext.current = widgetElementId(by.change, widget);
    }
    void saveWidgets(widgets).catch(() => undefined);
  };
  const saveDraft = (draft: WidgetDraft) => {
    if (form)
      return saveWidgets(dashboard.widgets.map((widget) => (widget.id === form.id ? { ...widget, ...draft } : widget)));
    const size = widgetTypeOf(widgetTypes, draft.config.kind)?.size ?? { w: 4, h: 2 };
    const widget: Widget = { id: widgetId(), ...draft, place: placeBelow(dashboard.widgets, size) };
    return saveWidgets([...dashboard.widgets, widget]);
  };
  const closeForm = () => {
    setForm(undefined);
    focusNext.current = 'add-widget';
  };
  const setConfig = (widget: Widget, config: WidgetConfig) =>
    void saveWidgets(dashboard.widgets.map((other) => (other.id === widget.id ? { ...other, config } : other))).catch(
      () => undefined,
    );
  const remove = (widget: Widget) => {
    focusNext.current = 'add-widget';
    setSaid(`${widget.title} removed`);
    void saveWidgets(dashboard.widgets.filter((other) => other.id !== widget.id)).catch(() => undefined);
  };

  const shown = preview ? placeWidget(dashboard.widgets, preview.id, preview.place) : dashboard.widgets;
  return (
    <div class={`dashboard${kiosk ? ' kiosk' : ''}`}>
      <div class="dashboard-bar">
        <h1>{dashboard.title}</h1>
        {kiosk ? (
          <p class={`dashboard-connection ${live ? 'live' : 'offline'}`} role="status" aria-label="Connection">
            {live ? 'Live' : 'Reconnecting…'}
          </p>
        ) : (
          <>
            <button type="button" aria-pressed={editing} onClick={() => setEditMode(!editing)}>
              Edit dashboard
            </button>
            {editing && form === undefined && (
              <button type="button" id="add-widget" onClick={() => setForm(null)}>
                Add widget
              </button>
            )}
            <a href={dashboardPath(dashboard.id, true)}>Kiosk mode</a>
          </>
        )}
      </div>
      {problem && (
        <p role="alert" class="problem">
          {problem}
        </p>
      )}
      {editing && (
        <p role="status" class="dashboard-said">
          {said}
        </p>
      )}
      {editing && form !== undefined && (
        <WidgetForm
          key={form?.id ?? 'new'}
          widgetTypes={widgetTypes}
          widget={form ?? undefined}
          onSave={saveDraft}
          onClose={closeForm}
        />
      )}
      {dashboard.widgets.length === 0 && (
        <p class="hint">
          {kiosk ? 'This dashboard has no widget yet.' : 'No widget yet: Edit dashboard, then Add widget.'}
        </p>
      )}
      <div class="dashboard-grid">
        {shown.map((widget) => (
          <WidgetFrame
            key={widget.id}
            widget={widget}
            widgetTypes={widgetTypes}
            kiosk={kiosk}
            editing={editing}
            onConfig={(config) => setConfig(widget, config)}
            onEdit={() => setForm(widget)}
            onRemove={() => remove(widget)}
            onPreview={(at) => setPreview({ id: widget.id, place: at })}
            onPlace={(at, by) => place(widget, at, by)}
          />
        ))}
      </div>
    </div>
  );
}

/** An id for a new widget, unique within its dashboard. */
function widgetId(now = Date.now()): string {
  return `widget-${now.toString(36)}-${Math.floor(Math.random() * 36 ** 4).toString(36)}`;
}
