import { useEffect, useRef, useState } from 'preact/hooks';
import { keepSessionToken } from '../services/token';

/** Asks for the API token (a call answered 401) as a modal dialog; the token is kept for the browser session. */
export function TokenDialog() {
  const dialog = useRef<HTMLDialogElement>(null);
  const [token, setToken] = useState('');
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);
  const submit = (event: Event) => {
    event.preventDefault();
    if (token.trim() === '') return;
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
        <label>
          API token
          <input
            type="password"
            autocomplete="off"
            required
            value={token}
            onInput={(event) => setToken(event.currentTarget.value)}
          />
        </label>
        <button type="submit">Use token</button>
      </form>
    </dialog>
  );
}
