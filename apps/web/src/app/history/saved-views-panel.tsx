import { useEffect, useState } from 'preact/hooks';
import { dataOf } from '../../services/api';
import { useConnection } from '../services-context';
import { savedViewId, savedViewsOf, UI_NAMESPACE, type SavedView } from './saved-views';

/** Saves the view under a name in the datastore, and lists, opens and deletes saved views. */
export function SavedViewsPanel({ query }: { query: string }) {
  const { services } = useConnection();
  const [views, setViews] = useState<SavedView[]>([]);
  const [name, setName] = useState('');
  const [problem, setProblem] = useState('');
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    let current = true;
    dataOf(services.datastore.POST('/mget', { body: { namespace: UI_NAMESPACE } }))
      .then(({ values }) => current && setViews(savedViewsOf(values as Record<string, unknown>[])))
      .catch((error: Error) => current && setProblem(`Could not list the saved views: ${error.message}`));
    return () => {
      current = false;
    };
  }, [services, generation]);

  const act = async (call: Promise<unknown>, failure: string) => {
    setProblem('');
    try {
      await call;
      setGeneration((n) => n + 1);
    } catch (error) {
      setProblem(`${failure}: ${(error as Error).message}`);
    }
  };
  const save = (event: Event) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed === '') return setProblem('Give the view a name.');
    const value: SavedView = {
      namespace: UI_NAMESPACE,
      id: savedViewId(trimmed),
      type: 'history-view',
      name: trimmed,
      query,
    };
    void act(dataOf(services.datastore.POST('/set', { body: { value } })), 'Could not save the view');
    setName('');
  };
  const remove = (view: SavedView) =>
    void act(
      dataOf(services.datastore.POST('/delete', { body: { namespace: UI_NAMESPACE, id: view.id } })),
      `Could not delete ${view.name}`,
    );

  return (
    <section class="panel saved" aria-labelledby="saved-title">
      <h2 id="saved-title">Saved views</h2>
      <form onSubmit={save} class="save-view">
        <label>
          View name
          <input type="text" value={name} maxLength={100} onInput={(event) => setName(event.currentTarget.value)} />
        </label>
        <button type="submit">Save view</button>
      </form>
      {problem && (
        <p role="alert" class="problem">
          {problem}
        </p>
      )}
      <ul aria-label="Saved views" class="saved-list">
        {views.map((view) => (
          <li key={view.id}>
            <a href={view.query ? `/?${view.query}` : '/'}>{view.name}</a>
            <button type="button" aria-label={`Delete ${view.name}`} onClick={() => remove(view)}>
              Delete
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
