/**
 * The page a path shows: the history explorer, the brew log, the controllers, the blocks or the
 * quick start of one controller, the datastore, the dashboards, one dashboard (as a kiosk with `?kiosk`),
 * and the automation's incidents, rules and profiles (below `/alerts`: `/automation/` is the service's own).
 */
export type Route =
  | { page: 'history' }
  | { page: 'brews' }
  | { page: 'controllers' }
  | { page: 'blocks'; serviceId: string }
  | { page: 'quick-start'; serviceId: string }
  | { page: 'datastore' }
  | { page: 'dashboards' }
  | { page: 'dashboard'; id: string; kiosk: boolean }
  | { page: 'incidents' }
  | { page: 'rules' }
  | { page: 'profiles' };

/** The route of `pathname` and `search`; a path the app does not know shows the history explorer, its first page. */
export function routeOf(pathname: string, search = ''): Route {
  if (/^\/datastore\/?$/.test(pathname)) return { page: 'datastore' };
  if (/^\/brews\/?$/.test(pathname)) return { page: 'brews' };
  if (/^\/alerts\/?$/.test(pathname)) return { page: 'incidents' };
  if (/^\/alerts\/rules\/?$/.test(pathname)) return { page: 'rules' };
  if (/^\/alerts\/profiles\/?$/.test(pathname)) return { page: 'profiles' };
  const dashboard = /^\/dashboards(?:\/([^/]+))?\/?$/.exec(pathname);
  if (dashboard) {
    const id = dashboard[1] === undefined ? undefined : decoded(dashboard[1]);
    return id === undefined
      ? { page: 'dashboards' }
      : { page: 'dashboard', id, kiosk: new URLSearchParams(search).has('kiosk') };
  }
  const match = /^\/controllers(?:\/([^/]+)(\/quick-start)?)?\/?$/.exec(pathname);
  if (!match) return { page: 'history' };
  const serviceId = match[1] === undefined ? undefined : decoded(match[1]);
  if (serviceId === undefined) return { page: 'controllers' };
  return { page: match[2] ? 'quick-start' : 'blocks', serviceId };
}

/** A path segment decoded, or undefined when it is not valid percent-encoding. */
function decoded(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}
