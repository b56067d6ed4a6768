/** What a call of a generated client settles with. */
export interface ApiResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** How long a service waits for the datastore's answer to one call. */
export const DATASTORE_CALL_TIMEOUT_MS = 3000;

/** What the datastore answers a request without its token, or with another. */
const REFUSED_STATUSES = [401, 403];

/** The errors a service raises for a datastore it cannot use: each given the message that says why. */
export interface DatastoreFailures {
  /** Unreachable, or answering 5xx. */
  unavailable(message: string): Error;
  /** It refused the service's token (401, 403); `tokenFix` says what to set. */
  refused(message: string): Error;
  /** Whose token it refused, in the message: `the controller's`. */
  tokenOf: string;
  tokenFix: string;
}

/**
 * The answer of one call (`route`, for messages) to the datastore at `base`: its data, or the
 * failure that says why there is none. Another refusal (a 4xx) is a plain `Error` naming the
 * datastore's message.
 */
export async function settleDatastoreCall<T>(
  base: string,
  route: string,
  call: () => Promise<ApiResult<T>>,
  failures: DatastoreFailures,
): Promise<T> {
  let result: ApiResult<T>;
  try {
    result = await call();
  } catch (error) {
    throw failures.unavailable(`the datastore at ${base} is unreachable: ${(error as Error).message}`);
  }
  const { data, error, response } = result;
  const message = (error as { message?: unknown } | undefined)?.message;
  if (REFUSED_STATUSES.includes(response.status))
    throw failures.refused(
      `the datastore at ${base} refused ${failures.tokenOf} token (${response.status} to ${route}): ${failures.tokenFix}`,
    );
  if (response.status >= 500)
    throw failures.unavailable(`the datastore at ${base} answered ${response.status}: ${String(message ?? '')}`);
  if (!response.ok || data === undefined)
    throw new Error(`the datastore refused ${route} (${response.status}): ${JSON.stringify(message)}`);
  return data;
}

/** The signal that ends a datastore call after {@link DATASTORE_CALL_TIMEOUT_MS}. */
export function datastoreCallTimeout(): AbortSignal {
  return AbortSignal.timeout(DATASTORE_CALL_TIMEOUT_MS);
}
