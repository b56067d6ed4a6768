import { useEffect, useRef, useState } from 'preact/hooks';
import { keepSessionToken, refusedToken } from '../services/token';

/**
 * Asks for the API token (a call answered 401) as a modal dialog; the token is kept for the browser
 * session. After the services refused the token the user gave, it says so and holds that token to mend.
 */
export function TokenDialog() {
  const dialog = useRef<HTMLDialogElement>(null);
  const [refused] = useState(refusedToken);
  const [token, setToken] = useState(refused ?? '');
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);
  const stillRefused = refused !== undefined && token.trim() === refused;
  const submit = (event: Event) => {
    event.preventDefault();
    // The refused token again would change nothing, so no call would ask again.
    if (token.trim() === '' || stillRefused) return;
    keepSessionToken(token.trim());
    setToken('');
  };
  return (
    <dialog
      ref={dialog}
      aria-labelledby="token-title"
      class="token-dialog"
      // Every call needs the token, so Escape does not put the dialog away.
      onCancel={(event) => event.preventDefault()}
    >
      <form method="dialog" onSubmit={submit}>
        <h2 id="token-title">API token</h2>
        <p>The services need the API token they were started with. It is kept for this browser session only.</p>
        {refused !== undefined && (
          <p id="token-refused" class="problem" role="alert">
            That token was refused. Check it against the services' API_TOKEN and try again.
          </p>
        )}
        <label>
          API token
          <input
            type="password"
            autocomplete="off"
            required
            value={token}
            aria-invalid={stillRefused}
            aria-describedby={refused !== undefined ? 'token-refused' : undefined}
            onInput={(event) => setToken(event.currentTarget.value)}
          />
        </label>
        <button type="submit">Use token</button>
      </form>
    </dialog>
  );
}
