import type { QuickAction } from '../../common/quick-action';

/**
 * The quick actions a widget shows: all of them (by name, as saved) when it names none, else those
 * it names, in its order; an id whose action was deleted is passed over.
 */
export function shownActions(actions: readonly QuickAction[], actionIds: readonly string[] | undefined): QuickAction[] {
  if (actionIds === undefined) return [...actions];
  const byId = new Map(actions.map((action) => [action.id, action]));
  return actionIds.flatMap((id) => byId.get(id) ?? []);
}

/**
 * The ids a widget names after the action `id` is ticked (`on`) or not, from those it named
 * (`chosen`; undefined: all of `all`), in the order of `all`; undefined again once it names every action.
 */
export function toggledActionIds(
  all: readonly QuickAction[],
  chosen: readonly string[] | undefined,
  id: string,
  on: boolean,
): string[] | undefined {
  const kept = all.filter((action) => (action.id === id ? on : (chosen?.includes(action.id) ?? true)));
  return kept.length === all.length ? undefined : kept.map((action) => action.id);
}
