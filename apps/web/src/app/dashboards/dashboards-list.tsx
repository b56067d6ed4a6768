import { useState } from 'preact/hooks';
import { DASHBOARDS_NAMESPACE, dashboardId, type Dashboard } from '../../common/dashboards';
import { dashboardPath } from './dashboard-routes';
import type { Dashboards } from './use-dashboards';
import './dashboards.css';
import { ConfirmDelete } from '../../ui/confirm-delete';

/** The dashboards page: a new dashboard by its title (opened once saved), and each dashboard with Delete, which asks first. */
export function DashboardsList({ dashboards, loaded, problem, save, remove }: Dashboards) {
  const [title, setTitle] = useState('');
  const [formProblem, setFormProblem] = useState('');
  const create = (event: Event) => {
    event.preventDefault();
    const name = title.trim();
    if (!name) return setFormProblem('Give the dashboard a title.');
    const dashboard: Dashboard = { namespace: DASHBOARDS_NAMESPACE, id: dashboardId(name), title: name, widgets: [] };
    save(dashboard).then(
      () => window.location.assign(dashboardPath(dashboard.id)),
      (error: Error) => setFormProblem(`Could not create ${name}: ${error.message}`),
    );
  };
  return (
    <section class="dashboards" aria-labelledby="dashboards-title">
      <h1 id="dashboards-title">Dashboards</h1>
      <form class="dashboard-new" aria-label="New dashboard" onSubmit={create}>
        <label>
          Dashboard title
          <input value={title} onInput={(event) => setTitle(event.currentTarget.value)} />
        </label>
        <button type="submit">Create dashboard</button>
        {formProblem && (
          <p role="alert" class="problem">
            {formProblem}
          </p>
        )}
      </form>
      {problem && (
        <p role="alert" class="problem">
          {problem}
        </p>
      )}
      {loaded && dashboards.length === 0 && <p class="hint">No dashboard yet.</p>}
      <ul class="dashboard-list" aria-label="Dashboards">
        {dashboards.map((dashboard) => (
          <li key={dashboard.id} class="panel">
            <a href={dashboardPath(dashboard.id)}>{dashboard.title}</a>
            <span class="hint">{widgetCount(dashboard.widgets.length)}</span>
            <ConfirmDelete
              name={dashboard.title}
              question={`Delete the dashboard ${dashboard.title} and its ${widgetCount(dashboard.widgets.length)}? What they show stays where it is.`}
              onDelete={() => remove(dashboard)}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

function widgetCount(count: number): string {
  return count === 1 ? '1 widget' : `${count} widgets`;
}
