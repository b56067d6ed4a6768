import { ServiceUnderTest } from '@eventcast/testing';
import { FuzzBody } from './bodies';
import { FuzzedService, Route } from './routes';

export const REQUEST_TIMEOUT_MS = 20_000;

/** Sends `body` to `route` of the service at `baseUrl` and reads the whole answer. */
export async function send(baseUrl: string, route: Route, body: FuzzBody): Promise<{ status: number; text: string }> {
  const headers: Record<string, string> = {};
  if (body.contentType !== undefined) headers['content-type'] = body.contentType;
  const payload = route.method === 'GET' || body.body === undefined ? undefined : body.body;
  const response = await fetch(`${baseUrl}${route.path}`, {
    method: route.method,
    headers,
    body: payload === undefined ? undefined : new Blob([payload as string | Uint8Array<ArrayBuffer>]),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  return { status: response.status, text: await response.text() };
}

export function bodyBytes(body: FuzzBody): number {
  return body.body === undefined ? 0 : typeof body.body === 'string' ? Buffer.byteLength(body.body) : body.body.length;
}

/** Whether the service answers its ping (`serviceId`: the controller's, which its routes start with). */
export async function answersPing(service: ServiceUnderTest<FuzzedService>, serviceId: string): Promise<boolean> {
  const ping =
    service.app === 'controller'
      ? `/${serviceId}/ping`
      : `/history/${service.app === 'history' ? 'timeseries' : 'datastore'}/ping`;
  const response = await fetch(`${service.url}${ping}`, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) }).catch(
    () => undefined,
  );
  return response?.ok === true;
}
