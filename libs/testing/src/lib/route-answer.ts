/** What a route answered: the HTTP status and the parsed JSON body (undefined when there was none). */
export interface RouteAnswer<T = unknown> {
  status: number;
  body: T;
}

/** The error body the services send: Nest's `{ statusCode, message, error }`. */
export interface ErrorBody {
  statusCode: number;
  message: string | string[];
  error?: string;
}

/** What an `@eventcast/api-client` call resolves with (openapi-fetch's result). */
interface ClientResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/**
 * The status and body of a typed client call, success or not, so a test can compare both at once:
 * `expect(await answerOf(client.POST('/get', { body }))).toEqual({ status: 200, body: { value: null } })`.
 */
export async function answerOf<T>(call: Promise<ClientResult<T>>): Promise<RouteAnswer<T | ErrorBody>> {
  const { data, error, response } = await call;
  return { status: response.status, body: (data ?? error) as T | ErrorBody };
}

/**
 * POSTs `body` to `url` as it is, with a JSON content type unless `contentType` names another,
 * without a typed client: for the tests that send what no client would (text that is not JSON or
 * not UTF-8, fields of the wrong type, no body with a JSON content type). A string is sent
 * verbatim, a `Uint8Array` as its bytes; anything else as JSON; `undefined` sends no body.
 */
export async function sendRaw<T = Partial<ErrorBody> | undefined>(
  url: string,
  body?: unknown,
  contentType = 'application/json',
): Promise<RouteAnswer<T>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': contentType },
    body:
      body === undefined
        ? undefined
        : typeof body === 'string' || body instanceof Uint8Array
          ? (body as string | Uint8Array<ArrayBuffer>)
          : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : JSON.parse(text) };
}

/** The answer of a typed client call that must succeed; any other answer fails the test, naming its status and body. */
export async function dataOf<T>(call: Promise<ClientResult<T>>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}: ${JSON.stringify(error)}`);
  return data as T;
}
