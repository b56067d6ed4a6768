/** A call a token guards: a route and a body it answers 200 to. */
export interface GuardedCall {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
}

interface Answer {
  status: number;
  body: unknown;
}

async function call(url: string, guarded: GuardedCall, authorization?: string): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (guarded.body !== undefined) headers['content-type'] = 'application/json';
  if (authorization !== undefined) headers.authorization = authorization;
  const response = await fetch(`${url}${guarded.path}`, {
    method: guarded.method,
    headers,
    body: guarded.body === undefined ? undefined : JSON.stringify(guarded.body),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON (the metrics, a page): the text is the body.
  }
  return { status: response.status, body };
}

/**
 * What a service at `url` whose API token is `token` answers to `guarded` without a token, with a
 * wrong one and with the right one (status only), and to each of `open` without a token (status).
 */
export async function apiTokenAnswers(url: string, token: string, guarded: GuardedCall, open: GuardedCall[]) {
  return {
    withoutToken: await call(url, guarded),
    wrongToken: await call(url, guarded, `Bearer ${token}-wrong`),
    rightToken: (await call(url, guarded, `Bearer ${token}`)).status,
    openWithoutToken: Object.fromEntries(
      await Promise.all(open.map(async (route) => [route.path, (await call(url, route)).status] as const)),
    ),
  };
}
