import { useEffect, useState } from 'preact/hooks';
import { followDocuments } from '@eventcast/live-stream';
import { dataOf } from '../../services/api';
import { eventTouchesNamespace } from '../../common/document-list';
import { useConnection } from '../services-context';
import { QUICK_ACTIONS_NAMESPACE, quickActionsOf, type QuickAction } from '../../common/quick-action';

/**
 * The quick actions kept in the datastore, by name, read again after each save or delete here and
 * at each change event of their namespace on the documents stream, so that another browser's
 * changes show without a reload; `save` and `remove` reject with the service's message when it
 * refuses.
 */
export function useQuickActions(): {
  actions: QuickAction[];
  problem: string;
  save: (action: QuickAction) => Promise<void>;
  remove: (action: QuickAction) => Promise<void>;
} {
  const { services, stream } = useConnection();
  const [actions, setActions] = useState<QuickAction[]>([]);
  const [problem, setProblem] = useState('');
  const [generation, setGeneration] = useState(0);
  const reread = () => setGeneration((n) => n + 1);

  // Each read replaces the one before it, whose answer may predate the event that asked for it.
  useEffect(() => {
    let current = true;
    dataOf(services.datastore.POST('/mget', { body: { namespace: QUICK_ACTIONS_NAMESPACE } }))
      .then(({ values }) => {
        if (!current) return;
        setActions(quickActionsOf(values as Record<string, unknown>[]));
        setProblem('');
      })
      .catch((error: Error) => current && setProblem(`Could not list the quick actions: ${error.message}`));
    return () => {
      current = false;
    };
  }, [services, generation]);

  // Changes made while the stream was closed are not sent again: read the actions at each opening.
  useEffect(
    () =>
      followDocuments(stream, {
        onOpenChange: (open) => open && reread(),
        onEvent: (event) => eventTouchesNamespace(event, QUICK_ACTIONS_NAMESPACE) && reread(),
      }),
    [stream],
  );

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
