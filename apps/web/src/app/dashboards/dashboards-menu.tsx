import { useEffect, useRef, useState } from 'preact/hooks';
import type { Dashboard } from '../../common/dashboards';
import { DASHBOARDS_PATH, dashboardPath } from './dashboard-routes';
import './dashboards-menu.css';
import { Icon } from '../../ui/icons';

/**
 * The "Dashboards" entry of the top navigation: a disclosure that lists every dashboard and the
 * page of them all; Escape or a click elsewhere closes it.
 */
export function DashboardsMenu({ dashboards, current }: { dashboards: Dashboard[]; current?: string }) {
  const [open, setOpen] = useState(false);
  const menu = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (!open) return undefined;
    const away = (event: Event) => {
      if (!menu.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [open]);
  // The element's own state, not `open`: the toggle event that tells it comes a task after the
  // click, and an Escape pressed before it must close the menu too.
  const escape = (event: KeyboardEvent) => {
    const details = menu.current;
    if (event.key !== 'Escape' || !details?.open) return;
    details.open = false;
    setOpen(false);
    details.querySelector('summary')?.focus();
  };
  return (
    <details
      class="dashboards-menu"
      ref={menu}
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      onKeyDown={escape}
    >
      <summary aria-current={current !== undefined ? 'page' : undefined}>
        <Icon name="grid" />
        Dashboards
      </summary>
      <ul>
        <li>
          <a href={DASHBOARDS_PATH} aria-current={current === '' ? 'page' : undefined}>
            All dashboards
          </a>
        </li>
        {dashboards.map((dashboard) => (
          <li key={dashboard.id}>
            <a href={dashboardPath(dashboard.id)} aria-current={current === dashboard.id ? 'page' : undefined}>
              {dashboard.title}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
