/** fetch within the signed-in session (its cookie, and the header that marks the page's own requests); a 401 signs the user out with the API's reason. */
import { CLIENT_HEADER, sessionRefused } from '../auth/session';

export async function authedFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  for (const [k, v] of Object.entries(CLIENT_HEADER)) headers.set(k, v);
  const res = await fetch(input, { ...init, headers, credentials: 'same-origin' });
  if (res.status === 401) {
    let reason = 'The session was refused.';
    try {
      const body = (await res.clone().json()) as { message?: string };
      if (body.message) reason = body.message;
    } catch {
      // keep the generic reason
    }
    sessionRefused(reason);
  }
  return res;
}
