import type { ClientOptions } from 'openapi-fetch';

/** The URL of a service's routes: the base URL it is reached at, then its route prefix. */
export function serviceUrl(baseUrl: string, prefix: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/${prefix}`;
}

/** The options of a generated client, plus the service's API token (its `API_TOKEN`), if it has one. */
export interface ServiceClientOptions extends ClientOptions {
  token?: string;
}

/** The client options that send `Authorization: Bearer <token>` with every call when a token is given. */
export function withToken({ token, ...options }: ServiceClientOptions): ClientOptions {
  if (token === undefined) return options;
  const headers = new Headers(options.headers as ConstructorParameters<typeof Headers>[0]);
  headers.set('authorization', `Bearer ${token}`);
  return { ...options, headers };
}
