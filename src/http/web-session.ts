/**
 * The web page's sign-in session: the page exchanges a token for an HttpOnly, SameSite=Strict cookie (no script can
 * read it, no other site can send it), so a sign-in survives reloads and new tabs. A request without an Authorization
 * header is authenticated by the cookie's token exactly as by the header; writes must also carry the
 * `X-Tessera-Client` header, which a cross-site form cannot add. A refused cookie is cleared in the same answer.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { bearerOf } from '../auth/tokens.js';
import { forbidden, validationError } from '../errors.js';
import { sendJson } from '../wire/json.js';
import type { Route } from '../wire/route.js';

export const SESSION_COOKIE = 'tessera_session';
/** A session lasts at most this long (less when its token expires first: the next call then signs the page out). */
export const SESSION_SECONDS = 8 * 3600;
export const CLIENT_HEADER = 'x-tessera-client';

/** The session token a request's cookies carry, if any. */
export function sessionTokenOf(cookie: string | undefined): string | undefined {
  if (!cookie) return undefined;
  for (const part of cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === SESSION_COOKIE) return part.slice(eq + 1).trim() || undefined;
  }
  return undefined;
}

/** The Authorization a request stands on: its header, else its session cookie (writes need the client header too). */
export function sessionAuthorization(req: IncomingMessage): string | undefined {
  const token = sessionTokenOf(req.headers.cookie);
  if (token === undefined) return undefined;
  if (req.method !== 'GET' && req.method !== 'HEAD' && req.headers[CLIENT_HEADER] === undefined) {
    throw forbidden(`A request signed in by the session cookie must send the ${CLIENT_HEADER} header to change anything`);
  }
  return `Bearer ${token}`;
}

function cookie(req: IncomingMessage, value: string, maxAge: number): string {
  const secure = (req.socket as { encrypted?: boolean }).encrypted ? '; Secure' : '';
  return `${SESSION_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAge}${secure}`;
}

export const clearSessionCookie = (req: IncomingMessage, res: ServerResponse) => res.setHeader('Set-Cookie', cookie(req, '', 0));

export function webSessionRoutes(): Route[] {
  return [
    {
      method: 'POST',
      path: '/ui/session',
      rootOnly: true,
      gate: 'self',
      handle: (call) => {
        // Only a token sent as a header starts a session (the pipeline has verified it already).
        if (call.req.headers.authorization === undefined) throw validationError('Start a session by sending the token in the Authorization header');
        call.res.setHeader('Set-Cookie', cookie(call.req, bearerOf(call.req.headers.authorization), SESSION_SECONDS));
        sendJson(call.res, 200, { actor: call.actor, expiresAt: Date.now() + SESSION_SECONDS * 1000 });
      },
    },
    {
      method: 'DELETE',
      path: '/ui/session',
      rootOnly: true,
      gate: 'self',
      handle: (call) => {
        clearSessionCookie(call.req, call.res);
        sendJson(call.res, 200, { signedOut: true });
      },
    },
  ];
}
