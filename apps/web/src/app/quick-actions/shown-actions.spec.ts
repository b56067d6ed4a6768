import { QUICK_ACTIONS_NAMESPACE, type QuickAction } from '../../common/quick-action';
import { shownActions, toggledActionIds } from './shown-actions';

const action = (id: string, name: string): QuickAction => ({
  namespace: QUICK_ACTIONS_NAMESPACE,
  id,
  name,
  patches: [],
});
const all = [action('a', 'All off'), action('c', 'Cold crash'), action('f', 'Fridge mode')];

describe(shownActions.name, () => {
  it('shows every action when the widget names none', () => {
    expect(shownActions(all, undefined).map(({ name }) => name)).toEqual(['All off', 'Cold crash', 'Fridge mode']);
  });

  it('shows the actions named, in their order, passing over a deleted one', () => {
    expect(shownActions(all, ['f', 'gone', 'a']).map(({ name }) => name)).toEqual(['Fridge mode', 'All off']);
  });
});

describe(toggledActionIds.name, () => {
  it('names the actions left when one of all is unticked', () => {
    expect(toggledActionIds(all, undefined, 'c', false)).toEqual(['a', 'f']);
  });

  it('keeps the order of the actions and names none once all are ticked again', () => {
    expect(toggledActionIds(all, ['f'], 'a', true)).toEqual(['a', 'f']);
    expect(toggledActionIds(all, ['a', 'f'], 'c', true)).toBeUndefined();
  });

  it('can name no action at all', () => {
    expect(toggledActionIds(all, ['a'], 'a', false)).toEqual([]);
  });
});
