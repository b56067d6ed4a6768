import { dataOf, type Services } from '../services/api';
import { useNamespaceList } from './use-namespace-list';
import { useConnection } from '../app/services-context';
import { QUICK_ACTIONS_NAMESPACE, quickActionsOf, type QuickAction } from './quick-action';

async function readQuickActions(services: Services): Promise<QuickAction[]> {
  const { values } = await dataOf(services.datastore.POST('/mget', { body: { namespace: QUICK_ACTIONS_NAMESPACE } }));
  return quickActionsOf(values as Record<string, unknown>[]);
}

/**
 * The quick actions kept in the datastore, by name, kept current as `useNamespaceList` keeps a
 * list; `save` and `remove` reject with the service's message when it refuses.
 */
export function useQuickActions(): {
  actions: QuickAction[];
  problem: string;
  save: (action: QuickAction) => Promise<void>;
  remove: (action: QuickAction) => Promise<void>;
} {
  const { services } = useConnection();
  const {
    items: actions,
    problem,
    reread,
  } = useNamespaceList(QUICK_ACTIONS_NAMESPACE, readQuickActions, 'quick actions');

  const save = async (action: QuickAction) => {
    await dataOf(services.datastore.POST('/set', { body: { value: action } }));
    reread();
  };
  const remove = async (action: QuickAction) => {
    await dataOf(services.datastore.POST('/delete', { body: { namespace: QUICK_ACTIONS_NAMESPACE, id: action.id } }));
    reread();
  };
  return { actions, problem, save, remove };
}
