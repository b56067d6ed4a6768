/** The page a path shows: the history explorer, the controllers, the blocks of one controller, or the datastore. */
export type Route =
  { page: 'history' } | { page: 'controllers' } | { page: 'blocks'; serviceId: string } | { page: 'datastore' };

/** The route of `pathname`; a path the app does not know shows the history explorer, its first page. */
export function routeOf(pathname: string): Route {
  if (/^\/datastore\/?$/.test(pathname)) return { page: 'datastore' };
  const match = /^\/controllers(?:\/([^/]+))?\/?$/.exec(pathname);
  if (!match) return { page: 'history' };
  if (match[1] === undefined) return { page: 'controllers' };
  try {
    return { page: 'blocks', serviceId: decodeURIComponent(match[1]) };
  } catch {
    return { page: 'controllers' };
  }
}
