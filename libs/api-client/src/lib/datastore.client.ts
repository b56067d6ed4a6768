import createClient, { Client } from 'openapi-fetch';
import { ServiceClientOptions, serviceUrl, withToken } from './base-url.util';
import type { components, paths } from './generated/datastore-api.type';

/** The datastore's REST API, typed from its OpenAPI document; paths are below `/history/datastore`. */
export type DatastoreApiClient = Client<paths>;

/** The request and answer bodies of the datastore's API. */
export type DatastoreSchemas = components['schemas'];

/** A client of the datastore reached at `baseUrl` (e.g. `http://localhost:5002`), e.g. `client.POST('/get', { body })`. */
export function createDatastoreClient(baseUrl: string, options: ServiceClientOptions = {}): DatastoreApiClient {
  return createClient<paths>({ ...withToken(options), baseUrl: serviceUrl(baseUrl, 'history/datastore') });
}
