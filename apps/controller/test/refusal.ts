/**
 * What an error tells the user, whatever its class: its message, and the problems or response body
 * it carries (a Nest HTTP exception keeps a list of problems there, not in its message).
 */
function told(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const { getResponse, problems } = error as Error & { getResponse?: () => unknown; problems?: unknown };
  const details = [getResponse?.call(error), problems].filter((detail) => detail !== undefined);
  return [error.message, ...details.map((detail) => JSON.stringify(detail))].join(' ');
}

/** What the refusal of `call` tells the user; fails when `call` is not refused. */
export async function refusalOf(call: Promise<unknown> | (() => unknown)): Promise<string> {
  try {
    await (typeof call === 'function' ? call() : call);
  } catch (error) {
    return told(error);
  }
  throw new Error('expected a refusal, but the call succeeded');
}
