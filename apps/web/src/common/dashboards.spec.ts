import { dashboardId, dashboardsOf, DASHBOARDS_NAMESPACE, type Widget } from './dashboards';

const note: Widget = {
  id: 'w1',
  title: 'Note',
  place: { x: 0, y: 0, w: 4, h: 2 },
  config: { kind: 'note', text: 'Hi' },
};

describe('dashboard documents', () => {
  it('make an id of the title', () => {
    expect(dashboardId('Fridge 1', 36)).toBe('dashboard-Fridge-1-10');
  });

  it('list the documents that are dashboards, by title, without the widgets that have no place or kind', () => {
    const namespace = DASHBOARDS_NAMESPACE;
    const dashboards = dashboardsOf([
      { namespace, id: 'b', title: 'b', widgets: [note] },
      { namespace, id: 'none', title: 'No widgets' },
      { namespace, id: 'untitled', widgets: [] },
      { namespace: 'svc-ui-store:quick-actions', id: 'other', title: 'Other', widgets: [] },
      {
        namespace,
        id: 'a',
        title: 'A',
        widgets: [
          note,
          { ...note, id: 'off-grid', place: { x: -1, y: 0, w: 4, h: 2 } },
          { ...note, id: 'flat', place: { x: 0, y: 0, w: 4, h: 0 } },
          { ...note, id: 'kindless', config: {} },
          'not a widget',
        ],
      },
    ]);
    expect(dashboards.map(({ id, widgets }) => [id, widgets.map((widget) => widget.id)])).toEqual([
      ['a', ['w1']],
      ['b', ['w1']],
    ]);
  });
});
