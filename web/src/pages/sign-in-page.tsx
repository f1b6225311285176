/** The sign-in form: paste a token to start a session; shows why the previous session ended. */
import { useState } from 'preact/hooks';
import { signIn } from '../auth/session';

export function SignInPage({ reason }: { reason: string | null }) {
  const [token, setToken] = useState('');
  return (
    <main id="main" class="sign-in">
      <h1>Sign in to Tessera</h1>
      {reason && (
        <p class="error" role="alert" data-testid="sign-in-reason">
          {reason}
        </p>
      )}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (token.trim()) void signIn(token.trim());
        }}
      >
        <label for="token">Access token</label>
        <textarea id="token" name="token" rows={4} required autoFocus value={token} onInput={(e) => setToken(e.currentTarget.value)} />
        <p class="hint">
          The service prints a sign-in link and an admin token when it starts; <code>tessera token create</code> makes more.
          Signing in keeps a session in this browser (a cookie no script can read) until it expires or you sign out.
        </p>
        <button type="submit">Sign in</button>
      </form>
    </main>
  );
}
