/** The page of one controller's blocks. */
export function controllerPath(serviceId: string): string {
  return `/controllers/${encodeURIComponent(serviceId)}`;
}
