/** The quick start page of the controller `serviceId`. */
export function quickStartPath(serviceId: string): string {
  return `/controllers/${encodeURIComponent(serviceId)}/quick-start`;
}
