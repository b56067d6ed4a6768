/** The URL of a service's routes: the base URL it is reached at, then its route prefix. */
export function serviceUrl(baseUrl: string, prefix: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/${prefix}`;
}
