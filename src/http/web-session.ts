/**
 * The web page's sign-in session: the page exchanges a token for an HttpOnly, SameSite=Strict cookie (no script can
 * read it, no other site can send it), so a sign-in survives reloads and new tabs. The cookie holds a session of its
 * own — a stored token (only its hash is kept) made for the sign-in, never the token the page signed in with — which
 * sign-out revokes for every process, and which ends with the sign-in token (revoked or expired). It is `Secure` when
 * the request came over HTTPS (told by `X-Forwarded-Proto` only with TRUST_PROXY). A request without an Authorization
 * header is authenticated by the cookie exactly as by the header; writes must also carry the `X-Tessera-Client`
 * header, which a cross-site form cannot add. A refused cookie is cleared in the same answer.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { decodeJwt } from 'jose';
import { isStoredToken, storedTokenIdOf } from '../auth/access-tokens.js';
import { bearerOf } from '../auth/tokens.js';
import { endWebSession, startWebSession, type AccessTokenDeps } from '../catalog/access/access-tokens.js';
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

/** Whether the request came over HTTPS: its own TLS, or (only with TRUST_PROXY) the proxy's X-Forwarded-Proto. */
function overHttps(req: IncomingMessage, trustProxy: boolean): boolean {
  if ((req.socket as { encrypted?: boolean }).encrypted) return true;
  const forwarded = trustProxy ? req.headers['x-forwarded-proto'] : undefined;
  return typeof forwarded === 'string' && forwarded.split(',')[0].trim().toLowerCase() === 'https';
}

function cookie(req: IncomingMessage, trustProxy: boolean, value: string, maxAge: number): string {
  const secure = overHttps(req, trustProxy) ? '; Secure' : '';
  return `${SESSION_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAge}${secure}`;
}

export const clearSessionCookie = (req: IncomingMessage, res: ServerResponse, trustProxy: boolean) => res.setHeader('Set-Cookie', cookie(req, trustProxy, '', 0));

/** What the session must not outlive: the stored token it signs in with, or the signed token's issue and expiry. */
function parentOf(token: string) {
  if (isStoredToken(token)) return { tokenId: storedTokenIdOf(token) };
  const { iat, exp } = decodeJwt(token);
  return { issuedAt: iat, expiresAt: exp === undefined ? undefined : exp * 1000 };
}

export function webSessionRoutes(deps: AccessTokenDeps, trustProxy: boolean): Route[] {
  return [
    {
      method: 'POST',
      path: '/ui/session',
      rootOnly: true,
      gate: 'self',
      handle: async (call) => {
        // Only a token sent as a header starts a session (the pipeline has verified it already).
        if (call.req.headers.authorization === undefined) throw validationError('Start a session by sending the token in the Authorization header');
        const token = bearerOf(call.req.headers.authorization);
        const { session, expiresAt } = await startWebSession(deps, call.actor, parentOf(token), SESSION_SECONDS);
        const maxAge = Math.max(1, Math.floor((expiresAt - Date.now()) / 1000));
        call.res.setHeader('Set-Cookie', cookie(call.req, trustProxy, session, maxAge));
        sendJson(call.res, 200, { actor: call.actor, expiresAt });
      },
    },
    {
      method: 'DELETE',
      path: '/ui/session',
      rootOnly: true,
      gate: 'self',
      handle: async (call) => {
        // Sign-out ends the session itself, not only the cookie: a copy of the cookie is refused everywhere too.
        await endWebSession(deps, call.actor, sessionTokenOf(call.req.headers.cookie));
        clearSessionCookie(call.req, call.res, trustProxy);
        sendJson(call.res, 200, { signedOut: true });
      },
    },
  ];
}
