/** The sign-in form: paste a token; shows why the previous session ended. */
import { useEffect, useState } from 'preact/hooks';
import { signIn } from '../auth/session';

/** Whether the service answers GraphQL without a token (AUTH_MODE=none), so the page can offer to go on without one. */
async function authIsOff(): Promise<boolean> {
  try {
    const res = await fetch('/api/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{ __typename }"}' });
    return res.ok;
  } catch {
    return false;
  }
}

export function SignInPage({ reason }: { reason: string | null }) {
  const [token, setToken] = useState('');
  const [open, setOpen] = useState(false);
  useEffect(() => {
    authIsOff().then(setOpen);
  }, []);
  return (
    <main id="main" class="sign-in">
      <h1>Sign in to Tessera</h1>
      {reason && (
        <p class="error" role="alert" data-testid="sign-in-reason">
          {reason}
        </p>
      )}
      {open && (
        <p class="notice">
          This service has authentication turned off.{' '}
          <button type="button" onClick={() => signIn('')}>
            Continue without a token
          </button>
        </p>
      )}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (token.trim()) signIn(token.trim());
        }}
      >
        <label for="token">Access token</label>
        <textarea id="token" name="token" rows={4} required autoFocus value={token} onInput={(e) => setToken(e.currentTarget.value)} />
        <p class="hint">
          The service prints a sign-in link and an admin token when it starts; <code>tessera token create</code> makes more.
          The token stays in this browser tab only.
        </p>
        <button type="submit">Sign in</button>
      </form>
    </main>
  );
}
