import type { WebhookAction } from '@eventcast/automation-model';
import { SECOND_MS } from '@eventcast/domain';
import type { Notification } from '../ports/automation-store.port';
import type { DeliveryOutcome } from './delivery-outcome';
import { renderWebhook } from './webhook-templates';

/** Statuses below 500 that say "not now" rather than "never". */
const RETRY_STATUSES = new Set([408, 429]);

/**
 * POSTs a webhook notification and tells what became of it. Never throws: a request that cannot be
 * made (a bad URL or header) is refused, a receiver that does not answer within `timeoutMs` or
 * cannot be reached is to be retried; `stop` aborts the request, which leaves it to be retried.
 */
export async function sendWebhook(
  notification: Notification & { action: WebhookAction },
  timeoutMs: number,
  stop: AbortSignal,
): Promise<DeliveryOutcome> {
  let headers: Headers;
  let url: URL;
  let body: string;
  try {
    const request = renderWebhook(notification.action, notification.facts, notification.key, notification.event);
    headers = new Headers(request.headers);
    body = request.body;
    url = new URL(notification.action.url);
  } catch (error) {
    return { kind: 'refused', reason: `the request cannot be made: ${(error as Error).message}` };
  }
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers,
      body,
      signal: AbortSignal.any([AbortSignal.timeout(timeoutMs), stop]),
    });
  } catch (error) {
    return { kind: 'retry', reason: failureReason(error, timeoutMs) };
  }
  // Reading the answer to its end frees the connection for the next request.
  await response.arrayBuffer().catch(() => undefined);
  if (response.ok) return { kind: 'sent' };
  const reason = `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
  if (response.status >= 500 || RETRY_STATUSES.has(response.status))
    return { kind: 'retry', reason, retryAfterMs: retryAfterMs(response.headers.get('retry-after')) };
  return { kind: 'refused', reason };
}

function failureReason(error: unknown, timeoutMs: number): string {
  if (error instanceof DOMException && error.name === 'TimeoutError') return `no answer within ${timeoutMs} ms`;
  if (error instanceof DOMException && error.name === 'AbortError') return 'stopped while sending';
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return `unreachable: ${cause?.code ?? cause?.message ?? (error as Error).message}`;
}

/** A `Retry-After` in seconds (a date is left to the backoff). */
function retryAfterMs(header: string | null): number | undefined {
  return header !== null && /^\d+$/.test(header.trim()) ? Number(header) * SECOND_MS : undefined;
}
