import createClient, { Client } from 'openapi-fetch';
import { ServiceClientOptions, serviceUrl, withToken } from './base-url.util';
import type { components, paths } from './generated/controller-api.type';

/** A controller service's REST API, typed from its OpenAPI document; paths are below `/<SERVICE_ID>`. */
export type ControllerApiClient = Client<paths>;

/** The request and answer bodies of a controller's API. */
export type ControllerSchemas = components['schemas'];

/** A client of the controller named `serviceId` reached at `baseUrl` (e.g. `http://localhost:5000`). */
export function createControllerClient(
  baseUrl: string,
  serviceId = 'controller-1',
  options: ServiceClientOptions = {},
): ControllerApiClient {
  return createClient<paths>({ ...withToken(options), baseUrl: serviceUrl(baseUrl, serviceId) });
}
