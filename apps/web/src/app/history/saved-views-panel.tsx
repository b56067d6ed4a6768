import { useState } from 'preact/hooks';
import { dataOf } from '../../services/api';
import { useConnection } from '../services-context';
import { UI_NAMESPACE } from '../../common/ui-documents';
import { savedViewId, type SavedView } from './saved-views';
import type { SavedViews } from './use-saved-views';

/** Saves the view under a name in the datastore, and lists, opens and deletes the `saved` views. */
export function SavedViewsPanel({ query, saved }: { query: string; saved: SavedViews }) {
  const { services } = useConnection();
  const { views, reload } = saved;
  const [name, setName] = useState('');
  const [actProblem, setProblem] = useState('');
  const problem = actProblem || saved.problem;

  const act = async (call: Promise<unknown>, failure: string) => {
    setProblem('');
    try {
      await call;
      reload();
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
