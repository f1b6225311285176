/** The signed-in token: taken from a `#token=` link or the sign-in form, kept in sessionStorage, dropped with a reason. */
import { useEffect, useState } from 'preact/hooks';

const KEY = 'tessera.token';

export interface Session {
  token: string | null;
  /** Why the user was signed out (shown on the sign-in form). */
  reason: string | null;
}

let state: Session = { token: null, reason: null };
const listeners = new Set<() => void>();

function set(next: Session): void {
  state = next;
  for (const l of listeners) l();
}

/** Reads the token of a sign-in link and removes it from the address bar before anything else runs. */
export function initSession(): void {
  const m = /(?:^#|&)token=([^&]*)/.exec(location.hash);
  if (m) {
    sessionStorage.setItem(KEY, decodeURIComponent(m[1]));
    history.replaceState(history.state, '', location.pathname + location.search);
  }
  // An empty token means the service has authentication turned off (see the sign-in page).
  const token = sessionStorage.getItem(KEY);
  set({ token, reason: token ? expiryReason(token) : null });
  if (state.reason) signOut(state.reason);
}

export const currentToken = (): string | null => state.token;

export function signIn(token: string): void {
  sessionStorage.setItem(KEY, token);
  set({ token, reason: token ? expiryReason(token) : null });
  if (state.reason) signOut(state.reason);
}

export function signOut(reason: string | null): void {
  sessionStorage.removeItem(KEY);
  set({ token: null, reason });
}

export function useSession(): Session {
  const [, force] = useState(0);
  useEffect(() => {
    const l = () => force((n) => n + 1);
    listeners.add(l);
    return () => void listeners.delete(l);
  }, []);
  return state;
}

/** A token whose `exp` has passed is refused here so the user learns why before any call fails. */
function expiryReason(token: string): string | null {
  try {
    const payload = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: number };
    if (typeof payload.exp === 'number' && payload.exp * 1000 < Date.now()) {
      return `The token expired at ${new Date(payload.exp * 1000).toISOString()}.`;
    }
  } catch {
    // Not a JWT we can read: the API decides.
  }
  return null;
}
