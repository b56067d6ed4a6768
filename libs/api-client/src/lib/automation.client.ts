import createClient, { Client } from 'openapi-fetch';
import { ServiceClientOptions, serviceUrl, withToken } from './base-url.util';
import type { components, paths } from './generated/automation-api.type';

/** The automation service's REST API, typed from its OpenAPI document; paths are below `/automation`. */
export type AutomationApiClient = Client<paths>;

/** The request and answer bodies of the automation service's API. */
export type AutomationSchemas = components['schemas'];

/** A client of the automation service reached at `baseUrl` (e.g. `http://localhost:5003`), e.g. `client.GET('/ping')`. */
export function createAutomationClient(baseUrl: string, options: ServiceClientOptions = {}): AutomationApiClient {
  return createClient<paths>({ ...withToken(options), baseUrl: serviceUrl(baseUrl, 'automation') });
}
