import { savedViewId, savedViewsOf } from './saved-views';

describe('saved views', () => {
  it('make a datastore id of the name: letters and digits of any script, then a unique suffix', () => {
    expect(savedViewId('Fermenter 1: last day!', 36 ** 3)).toBe('view-Fermenter-1-last-day-1000');
    expect(savedViewId('Température', 35)).toBe('view-Température-z');
    expect(savedViewId('***', 1)).toBe('view-1');
    expect(savedViewId('温度', 1)).toMatch(/^view-温度-1$/);
  });

  it('list the documents that are saved views, by name', () => {
    const views = savedViewsOf([
      { namespace: 'svc-ui-store', id: 'b', type: 'history-view', name: 'b', query: 'f=x' },
      { namespace: 'svc-ui-store', id: 'other', type: 'dashboard' },
      { namespace: 'svc-ui-store', id: 'a', type: 'history-view', name: 'A', query: '' },
    ]);
    expect(views.map((view) => view.id)).toEqual(['a', 'b']);
  });
});
