const KEY = 'eventcast.apiToken';
const listeners = new Set<() => void>();
let wanted = false;
let refused: string | undefined;

/** The API token of this browser session, if the user gave one. */
export function sessionToken(): string | undefined {
  return sessionStorage.getItem(KEY) || undefined;
}

/** Whether a call was refused for want of a (valid) token and the user has not given one since. */
export function tokenWanted(): boolean {
  return wanted;
}

/** The token the user gave that the services refused, while a new one is wanted. */
export function refusedToken(): string | undefined {
  return wanted ? refused : undefined;
}

/** Keeps `token` for this browser session (never in the URL) and lets every view call again with it. */
export function keepSessionToken(token: string): void {
  sessionStorage.setItem(KEY, token);
  wanted = false;
  refused = undefined;
  notify();
}

/**
 * Asks the user for a token: a call made with `sentToken` (undefined: none) answered 401. A call
 * made before the user gave the session's token says nothing of that token, so it asks nothing.
 */
export function askForToken(sentToken: string | undefined): void {
  if (wanted || sentToken !== sessionToken()) return;
  wanted = true;
  refused = sentToken;
  notify();
}

/** Calls `listener` whenever the token or the wish for one changes; returns the unsubscribe. */
export function onTokenChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function notify(): void {
  for (const listener of [...listeners]) listener();
}
