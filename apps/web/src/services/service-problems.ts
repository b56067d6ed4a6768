/** The problems a refusing service named in its answer's `message` (one or a list), else its status. */
export function problemsOf(response: Response, error: unknown): string[] {
  const message = (error as { message?: unknown } | undefined)?.message;
  if (Array.isArray(message)) return message.map(String);
  return [typeof message === 'string' ? message : `${response.status} ${response.statusText}`];
}

/** The service's problems about one of the body's own keys (`id must be ...`), by key; the others under `''`. */
export function problemsByPath(problems: readonly string[], keys: readonly string[]): Record<string, string[]> {
  return groupedProblems(problems, (problem) =>
    keys.find((key) => problem.startsWith(key) && !/^\w/.test(problem.slice(key.length))),
  );
}

/** `problems` grouped by the key `keyOf` gives each, under `''` when it gives none. */
export function groupedProblems(
  problems: readonly string[],
  keyOf: (problem: string) => string | undefined,
): Record<string, string[]> {
  const byKey: Record<string, string[]> = {};
  for (const problem of problems) (byKey[keyOf(problem) ?? ''] ??= []).push(problem);
  return byKey;
}
