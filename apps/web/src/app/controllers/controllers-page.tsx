import { controllersInOrder, type Controllers } from '../../common/controller-list';
import { controllerPath } from './controller-routes';
import { RemoveController } from './remove-controller';

/**
 * Every controller on the bus, live: online or offline, its device, version, unit and block count,
 * and Remove on an offline one.
 */
export function ControllersPage({ controllers, live }: { controllers: Controllers; live: boolean }) {
  const shown = controllersInOrder(controllers);
  return (
    <>
      <h1>Controllers</h1>
      <p class="hint" role="status">
        {live ? 'Live' : 'Connecting to the controller stream…'}
      </p>
      {live && shown.length === 0 && <p>No controller has published its state on the bus yet.</p>}
      <ul class="cards" aria-label="Controllers">
        {shown.map((controller) => (
          <li key={controller.id} class="panel controller" aria-labelledby={`controller-${controller.id}`}>
            <h2 id={`controller-${controller.id}`}>
              <a href={controllerPath(controller.id)}>{controller.id}</a>
            </h2>
            <dl class="facts">
              <dt>Status</dt>
              <dd class={controller.online ? 'online' : 'offline'}>{controller.online ? 'Online' : 'Offline'}</dd>
              <dt>Device</dt>
              <dd>{controller.status?.deviceId ?? '—'}</dd>
              <dt>Version</dt>
              <dd>{controller.status?.version ?? '—'}</dd>
              <dt>Temperatures in</dt>
              <dd>{controller.status?.temperatureUnit ?? '—'}</dd>
              <dt>Blocks</dt>
              <dd>{controller.blocks.length}</dd>
            </dl>
            {!controller.online && <RemoveController serviceId={controller.id} />}
          </li>
        ))}
      </ul>
    </>
  );
}
