/** What became of one attempt to deliver a notification. */
export type DeliveryOutcome =
  | { kind: 'sent' }
  /** The receiver may take it later: a 5xx, 408 or 429, a timeout, no connection, the broker away. */
  | { kind: 'retry'; reason: string; retryAfterMs?: number }
  /** The receiver refuses it and will go on refusing it: a 4xx, or a request that cannot be made. */
  | { kind: 'refused'; reason: string };
