import { Agent, request } from 'node:http';
import { ServiceUnderTest } from '@eventcast/testing';
import { FuzzBody } from './bodies';
import { FuzzedService, Route } from './routes';

export const REQUEST_TIMEOUT_MS = 20_000;

/**
 * Connections kept open between requests. node:http rather than fetch: the fuzzer's own CPU bounds
 * how fast the volume phase goes, and fetch's streams cost it more than the bodies it sends.
 */
const agent = new Agent({ keepAlive: true, maxSockets: 64 });

/** Sends `body` to `route` of the service at `baseUrl` and reads the whole answer. */
export function send(baseUrl: string, route: Route, body: FuzzBody): Promise<{ status: number; text: string }> {
  const headers: Record<string, string> = {};
  if (body.contentType !== undefined) headers['content-type'] = body.contentType;
  const payload = route.method === 'GET' || body.body === undefined ? undefined : body.body;
  if (payload !== undefined) headers['content-length'] = String(Buffer.byteLength(payload));
  return new Promise((resolve, reject) => {
    let answered = false;
    const outgoing = request(
      `${baseUrl}${route.path}`,
      { method: route.method, headers, agent, timeout: REQUEST_TIMEOUT_MS },
      (response) => {
        answered = true;
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', reject);
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms`)));
    // A service may answer (413, 415) before it has read the whole body and close the connection:
    // the error of the rest of the body's write is not the request's outcome.
    outgoing.on('error', (error) => {
      if (!answered) reject(error);
    });
    outgoing.end(payload);
  });
}
export function bodyBytes(body: FuzzBody): number {
  return body.body === undefined ? 0 : typeof body.body === 'string' ? Buffer.byteLength(body.body) : body.body.length;
}

/** Whether the service answers its ping (`serviceId`: the controller's, which its routes start with). */
export async function answersPing(service: ServiceUnderTest<FuzzedService>, serviceId: string): Promise<boolean> {
  const ping = {
    controller: `/${serviceId}/ping`,
    history: '/history/timeseries/ping',
    datastore: '/history/datastore/ping',
    automation: '/automation/ping',
  }[service.app];
  const response = await fetch(`${service.url}${ping}`, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) }).catch(
    () => undefined,
  );
  return response?.ok === true;
}
