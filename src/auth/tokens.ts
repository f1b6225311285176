/** Bearer tokens: HS256 JWTs only, `sub` is the actor URN, `exp` is required; verified tokens are remembered briefly. */
import { jwtVerify, SignJWT, errors as joseErrors } from 'jose';
import { CatalogError, unauthenticated } from '../errors.js';
import type { TokenStore } from '../storage/token-store.js';
import { isStoredToken, signedRevocation, storedTokenVerifier, type RevokedBefore } from './access-tokens.js';

/** The one accepted algorithm; listing it explicitly is what refuses `alg: none` and algorithm confusion. */
export const ALGORITHMS = ['HS256'];
export const ANONYMOUS_ACTOR = 'urn:li:corpuser:__anonymous';
/** Tokens come only from the Authorization header and are at most this long. */
export const MAX_TOKEN_BYTES = 8192;
const ACTOR_PATTERN = /^urn:li:corpuser:[^\s]+$/;
/** A verified token is trusted again without a signature check for at most this long (never past its `exp`). */
const VERIFIED_TTL_MS = 60_000;
const VERIFIED_MAX = 10_000;

export interface Auth {
  mode: 'jwt' | 'none';
  /**
   * Returns the actor URN of a request's Authorization header, or throws UNAUTHENTICATED. A stored token's id is put
   * into `seen` (change records name the token a change was made with).
   */
  authenticate(authorization: string | undefined, seen?: { tokenId?: string }): Promise<string>;
}

export const isActorUrn = (s: unknown): s is string => typeof s === 'string' && ACTOR_PATTERN.test(s);

function explain(e: unknown): never {
  if (e instanceof CatalogError) throw e;
  if (e instanceof joseErrors.JWTExpired) throw unauthenticated('Token expired');
  if (e instanceof joseErrors.JWSSignatureVerificationFailed) throw unauthenticated('Token signature is invalid');
  if (e instanceof joseErrors.JOSEAlgNotAllowed) throw unauthenticated('Token algorithm is not allowed (HS256 only)');
  if (e instanceof joseErrors.JWTClaimValidationFailed) throw unauthenticated(`Token claim invalid: ${e.message}`);
  throw unauthenticated('Token is malformed');
}

/**
 * The request's one Authorization header. Node keeps the first of several and drops the rest silently, so a request
 * carrying two (one a proxy added, one the client sent) would be judged on whichever came first: it is refused instead.
 */
export function authorizationOf(rawHeaders: readonly string[], first: string | undefined): string | undefined {
  if (first === undefined) return undefined;
  let seen = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) if (rawHeaders[i].length === 13 && rawHeaders[i].toLowerCase() === 'authorization' && ++seen > 1) throw unauthenticated('Send one Authorization header, not several');
  return first;
}

/** The token of an Authorization header, or UNAUTHENTICATED saying what is wrong with it. */
export function bearerOf(header: string | undefined): string {
  if (!header) throw unauthenticated('Missing Authorization header: expected "Bearer <token>"');
  if (header.length > MAX_TOKEN_BYTES + 16) throw unauthenticated(`Authorization header too long: tokens are at most ${MAX_TOKEN_BYTES} bytes`);
  const m = /^Bearer +([A-Za-z0-9_\-.=]+)$/i.exec(header.trim());
  if (!m) throw unauthenticated('Malformed Authorization header: expected "Bearer <token>"');
  return m[1];
}

/**
 * Authentication of every request: a stored access token (`tsr_pat_…`, checked against its stored hash, revocation and
 * expiry) or a token signed with the service secret (as `tessera token create` and the first start make them).
 */
export interface SignedTokenRules {
  /** The longest a signed token may live (`exp` - `iat`), in days (ACCESS_TOKEN_MAX_DAYS). */
  maxDays: number;
  /** The actor's revocation cut-off: tokens issued (`iat`, seconds) before it are refused. */
  revokedBefore?: RevokedBefore;
}

export function createAuth(mode: 'jwt' | 'none', secret: string | undefined, tokens?: TokenStore, rules: SignedTokenRules = { maxDays: 365 }): Auth {
  if (mode === 'none') return { mode, authenticate: async () => ANONYMOUS_ACTOR };
  const stored = tokens ? storedTokenVerifier(tokens, { revokedBefore: rules.revokedBefore }) : undefined;
  if (!secret || Buffer.byteLength(secret) < 32) throw new Error('AUTH_SECRET of at least 32 bytes is required when AUTH_MODE=jwt');
  const key = new TextEncoder().encode(secret);
  // A signature check costs far more than the rest of a point read; the same token is sent again and again.
  const verified = new Map<string, { actor: string; until: number; issuedAt: number }>();
  // Checked on every use, remembered or not: a revocation applies within the access snapshot's second.
  const notRevoked = async (actor: string, issuedAt: number) => {
    const before = await signedRevocation(rules.revokedBefore, actor, issuedAt);
    if (before !== undefined) throw unauthenticated(`Token has been revoked (tokens signed for ${actor} before ${new Date(before * 1000).toISOString()} are refused)`);
  };
  return {
    mode,
    async authenticate(header, seen) {
      const token = bearerOf(header);
      if (stored && isStoredToken(token)) {
        const verified = await stored(token);
        if (seen) seen.tokenId = verified.tokenId;
        return verified.actor;
      }
      const known = verified.get(token);
      if (known && known.until > Date.now()) {
        await notRevoked(known.actor, known.issuedAt);
        return known.actor;
      }
      try {
        // jose names the last missing claim of the list first: `exp` is the one to name when several are missing.
        const { payload } = await jwtVerify(token, key, { algorithms: ALGORITHMS, requiredClaims: ['iat', 'sub', 'exp'] });
        if (!isActorUrn(payload.sub)) throw unauthenticated('Token subject must be a corpuser urn (urn:li:corpuser:<id>)');
        const issuedAt = payload.iat!;
        if (payload.exp! - issuedAt > rules.maxDays * 86_400) {
          throw unauthenticated(`Token lives longer than tokens may here: at most ${rules.maxDays} days from its issue (setting ACCESS_TOKEN_MAX_DAYS)`);
        }
        if (issuedAt > Date.now() / 1000 + 300) throw unauthenticated('Token is issued in the future (iat)');
        await notRevoked(payload.sub, issuedAt);
        if (verified.size >= VERIFIED_MAX) verified.clear();
        verified.set(token, { actor: payload.sub, issuedAt, until: Math.min(Date.now() + VERIFIED_TTL_MS, payload.exp! * 1000) });
        return payload.sub;
      } catch (e) {
        explain(e);
      }
    },
  };
}

/** Signs a token for `actor` (a corpuser URN) that expires after `ttlSeconds`. */
export async function mintToken(secret: string, actor: string, ttlSeconds: number): Promise<string> {
  if (!isActorUrn(actor)) throw new Error(`Token actor must be urn:li:corpuser:<id>, got ${actor}`);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(actor)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(new TextEncoder().encode(secret));
}
