import type { Middleware } from 'openapi-fetch';
import {
  createAutomationClient,
  createControllerClient,
  createDatastoreClient,
  createHistoryClient,
  type AutomationApiClient,
  type ControllerApiClient,
  type DatastoreApiClient,
  type HistoryApiClient,
} from '@eventcast/api-client';
import { askForToken } from './token';

/** The service clients of one token: same-origin, as the proxy serves the app and the API together. */
export interface Services {
  history: HistoryApiClient;
  datastore: DatastoreApiClient;
  /** The automation service: rules, incidents and profiles, below `/automation/`. */
  automation: AutomationApiClient;
  /** The client of the controller service `serviceId`, below `/<serviceId>/`. */
  controller(serviceId: string): ControllerApiClient;
  token?: string;
}

/** An answer that was not 2xx, with the service's message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function asksForTokenOn401(token: string | undefined): Middleware {
  return {
    onResponse({ response }) {
      if (response.status === 401) askForToken(token);
      return undefined;
    },
  };
}

/** The clients that call the services at this page's origin, sending `token` when there is one. */
export function servicesFor(token: string | undefined, origin = window.location.origin): Services {
  const history = createHistoryClient(origin, { token });
  const datastore = createDatastoreClient(origin, { token });
  const automation = createAutomationClient(origin, { token });
  const asksForToken = asksForTokenOn401(token);
  history.use(asksForToken);
  datastore.use(asksForToken);
  automation.use(asksForToken);
  const controller = (serviceId: string) => {
    const client = createControllerClient(origin, serviceId, { token });
    client.use(asksForToken);
    return client;
  };
  return { history, datastore, automation, controller, token };
}

/** What a view says of a call refused for want of a valid token; the token dialog asks for one meanwhile. */
export const TOKEN_NEEDED = 'the services need a valid API token';

/**
 * The data of a call that must succeed; else an {@link ApiError} naming the status and message, or
 * for a 401 the {@link TOKEN_NEEDED} of the token dialog's words rather than the service's header advice.
 */
export async function dataOf<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (response.ok && data !== undefined) return data;
  if (response.status === 401) throw new ApiError(401, TOKEN_NEEDED);
  const message = (error as { message?: unknown } | undefined)?.message;
  throw new ApiError(
    response.status,
    `${response.status}: ${Array.isArray(message) ? message.join('; ') : String(message ?? response.statusText)}`,
  );
}
