/**
 * The signed-in session. The token (from a `#token=` link or the sign-in form) is exchanged at once for an HttpOnly,
 * SameSite=Strict cookie the page itself cannot read; the session then survives reloads and new tabs until it
 * expires or the user signs out. What the caller may do (`me`) decides which actions the page offers.
 */
import { useEffect, useState } from 'preact/hooks';

export const CLIENT_HEADER = { 'x-tessera-client': 'web' };

export interface Session {
  status: 'checking' | 'in' | 'out';
  actor: string | null;
  roles: string[];
  /** Privileges the caller holds somewhere (through a role or a policy). */
  privileges: ReadonlySet<string>;
  /** Why the user was signed out (shown on the sign-in form). */
  reason: string | null;
}

let state: Session = { status: 'checking', actor: null, roles: [], privileges: new Set(), reason: null };
const listeners = new Set<() => void>();

function set(next: Partial<Session>): void {
  state = { ...state, ...next };
  for (const l of listeners) l();
}

async function reasonOf(res: Response): Promise<string> {
  try {
    const body = (await res.json()) as { message?: string };
    return body.message ?? 'The token was refused.';
  } catch {
    return 'The token was refused.';
  }
}

/** Who the session acts as, and what it may do; a refusal signs the page out with the API's reason. */
async function refresh(quiet = false): Promise<void> {
  const res = await fetch('/openapi/v3/me', { headers: { accept: 'application/json', ...CLIENT_HEADER } });
  if (!res.ok) {
    const reason = await reasonOf(res);
    // A first visit without a session is no failure worth a message.
    return set({ status: 'out', actor: null, reason: quiet && /Missing Authorization/.test(reason) ? null : reason });
  }
  const me = (await res.json()) as { actor: string; roles?: string[]; privileges?: { privilege: string }[] };
  set({ status: 'in', actor: me.actor, roles: me.roles ?? [], privileges: new Set((me.privileges ?? []).map((p) => p.privilege)), reason: null });
}

/** Starts a session from a token (an empty one: authentication is off, nothing to exchange). */
export async function signIn(token: string): Promise<void> {
  if (token) {
    const res = await fetch('/ui/session', { method: 'POST', headers: { authorization: `Bearer ${token}`, accept: 'application/json' } });
    if (!res.ok) return set({ status: 'out', reason: await reasonOf(res) });
  }
  await refresh();
}

/** Reads the token of a sign-in link and removes it from the address bar before anything else runs. */
export function initSession(): void {
  const m = /(?:^#|&)token=([^&]*)/.exec(location.hash);
  if (m) history.replaceState(history.state, '', location.pathname + location.search);
  (m ? signIn(decodeURIComponent(m[1])) : refresh(true)).catch(() => set({ status: 'out', reason: 'The service did not answer; try again.' }));
}

/** Ends the session here and on the server (its cookie is cleared). */
export function signOut(reason: string | null): void {
  set({ status: 'out', actor: null, roles: [], privileges: new Set(), reason });
  void fetch('/ui/session', { method: 'DELETE', headers: CLIENT_HEADER }).catch(() => undefined);
}

/** The API refused the session (expired, revoked): back to the form with its reason. */
export const sessionRefused = (reason: string) => set({ status: 'out', actor: null, reason });

/** Whether the caller holds the privilege somewhere: actions it cannot take are not offered. */
export const can = (privilege: string): boolean => state.privileges.has(privilege);

export function useSession(): Session {
  const [, force] = useState(0);
  const seen = state;
  useEffect(() => {
    const l = () => force((n) => n + 1);
    listeners.add(l);
    // The session may have settled between this render and the subscription (a fast `me`): render it now.
    if (state !== seen) l();
    return () => void listeners.delete(l);
  }, []);
  return state;
}
