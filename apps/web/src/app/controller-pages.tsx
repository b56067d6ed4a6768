import { controllersInOrder } from '../common/controller-list';
import { BlocksPage as ControllerBlocks } from './controllers/blocks-page';
import { ControllersPage as ControllerCards } from './controllers/controllers-page';
import { useControllers } from '../common/use-controllers';
import { QuickActionsSection } from './quick-actions/quick-actions-section';
import { quickStartPath } from './wizards/quick-start-routes';

/**
 * Every controller on the bus, live, a quick start link for each, and below them the quick actions,
 * marked active from the same events: features on one page, put together here since none imports
 * another.
 */
export function ControllersPage() {
  const { controllers, live } = useControllers();
  const shown = controllersInOrder(controllers);
  return (
    <>
      <ControllerCards controllers={controllers} live={live} />
      {shown.length > 0 && (
        <nav class="panel quick-start-links" aria-label="Quick start">
          <h2>Quick start</h2>
          <p class="hint">Set up a fermentation fridge or a temperature control in one go:</p>
          <ul>
            {shown.map(({ id }) => (
              <li key={id}>
                <a href={quickStartPath(id)}>Quick start on {id}</a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <QuickActionsSection controllers={controllers} />
    </>
  );
}

/** The blocks of one controller, and after them the way to its quick start; loaded with the controllers page. */
export function BlocksPage({ serviceId }: { serviceId: string }) {
  return (
    <>
      <ControllerBlocks serviceId={serviceId} />
      <p class="panel">
        <a href={quickStartPath(serviceId)}>Quick start on {serviceId}</a>: set up a fermentation fridge or a
        temperature control in one go.
      </p>
    </>
  );
}
