import { BlocksPage } from './controllers/blocks-page';
import { ControllersPage as ControllerCards } from './controllers/controllers-page';
import { useControllers } from './controllers/use-controllers';
import { QuickActionsSection } from './quick-actions/quick-actions-section';

/** The controller pages, loaded together when one of them is opened. */
export { BlocksPage };

/**
 * Every controller on the bus, live, and below them the quick actions, marked active from the same
 * events: two features on one page, put together here since neither imports the other.
 */
export function ControllersPage() {
  const { controllers, live } = useControllers();
  return (
    <>
      <ControllerCards controllers={controllers} live={live} />
      <QuickActionsSection controllers={controllers} />
    </>
  );
}
