import createClient, { Client } from 'openapi-fetch';
import { ServiceClientOptions, serviceUrl, withToken } from './base-url.util';
import type { components, paths } from './generated/history-api.type';

/**
 * The history service's REST API, typed from its OpenAPI document; paths are below `/history`. It
 * lists the datastore's routes too (`/datastore/...`), which answer where a reverse proxy puts both
 * services under one base URL.
 */
export type HistoryApiClient = Client<paths>;

/** The request and answer bodies of the history service's API. */
export type HistorySchemas = components['schemas'];

/** The query of `GET /history/annotations`. */
export type AnnotationsQuery = NonNullable<paths['/annotations']['get']['parameters']['query']>;

/** A client of the history service reached at `baseUrl` (e.g. `http://localhost:5001`). */
export function createHistoryClient(baseUrl: string, options: ServiceClientOptions = {}): HistoryApiClient {
  return createClient<paths>({ ...withToken(options), baseUrl: serviceUrl(baseUrl, 'history') });
}
