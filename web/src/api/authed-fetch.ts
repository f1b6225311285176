/** fetch with the bearer token; a 401 from any call signs the user out with the API's reason. */
import { currentToken, signOut } from '../auth/session';

export async function authedFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const token = currentToken();
  if (token) headers.set('authorization', `Bearer ${token}`);
  const res = await fetch(input, { ...init, headers });
  if (res.status === 401) {
    let reason = 'The token was refused.';
    try {
      const body = (await res.clone().json()) as { message?: string };
      if (body.message) reason = body.message;
    } catch {
      // keep the generic reason
    }
    signOut(reason);
  }
  return res;
}
