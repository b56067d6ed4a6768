/** The page a path shows: the history explorer, the controllers, or the blocks of one controller. */
export type Route = { page: 'history' } | { page: 'controllers' } | { page: 'blocks'; serviceId: string };

/** The route of `pathname`; a path the app does not know shows the history explorer, its first page. */
export function routeOf(pathname: string): Route {
  const match = /^\/controllers(?:\/([^/]+))?\/?$/.exec(pathname);
  if (!match) return { page: 'history' };
  if (match[1] === undefined) return { page: 'controllers' };
  try {
    return { page: 'blocks', serviceId: decodeURIComponent(match[1]) };
  } catch {
    return { page: 'controllers' };
  }
}
