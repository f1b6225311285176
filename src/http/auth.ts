/** Bearer-token verification: HS256 JWTs only, `sub` is the actor URN, `exp` is required. */
import { jwtVerify, SignJWT, errors as joseErrors } from 'jose';
import { unauthenticated } from '../errors.js';

/** The one accepted algorithm; listing it explicitly is what refuses `alg: none` and algorithm confusion. */
export const ALGORITHMS = ['HS256'];
export const ANONYMOUS_ACTOR = 'urn:li:corpuser:__anonymous';
const ACTOR_PATTERN = /^urn:li:corpuser:[^\s]+$/;

export interface Auth {
  mode: 'jwt' | 'none';
  /** Returns the actor URN of a request's Authorization header, or throws UNAUTHENTICATED. */
  authenticate(authorization: string | undefined): Promise<string>;
}

export const isActorUrn = (s: unknown): s is string => typeof s === 'string' && ACTOR_PATTERN.test(s);

function explain(e: unknown): never {
  if ((e as { code?: string }).code === 'UNAUTHENTICATED') throw e;
  if (e instanceof joseErrors.JWTExpired) throw unauthenticated('Token expired');
  if (e instanceof joseErrors.JWSSignatureVerificationFailed) throw unauthenticated('Token signature is invalid');
  if (e instanceof joseErrors.JOSEAlgNotAllowed) throw unauthenticated('Token algorithm is not allowed (HS256 only)');
  if (e instanceof joseErrors.JWTClaimValidationFailed) throw unauthenticated(`Token claim invalid: ${e.message}`);
  throw unauthenticated('Token is malformed');
}

export function createAuth(mode: 'jwt' | 'none', secret: string | undefined): Auth {
  if (mode === 'none') return { mode, authenticate: async () => ANONYMOUS_ACTOR };
  if (!secret || Buffer.byteLength(secret) < 32) throw new Error('AUTH_SECRET of at least 32 bytes is required when AUTH_MODE=jwt');
  const key = new TextEncoder().encode(secret);
  return {
    mode,
    async authenticate(header) {
      if (!header) throw unauthenticated('Missing Authorization header: expected "Bearer <token>"');
      const m = /^Bearer +([A-Za-z0-9_\-.=]+)$/i.exec(header.trim());
      if (!m) throw unauthenticated('Malformed Authorization header: expected "Bearer <token>"');
      try {
        const { payload } = await jwtVerify(m[1], key, { algorithms: ALGORITHMS, requiredClaims: ['exp', 'sub'] });
        if (!isActorUrn(payload.sub)) throw unauthenticated('Token subject must be a corpuser urn (urn:li:corpuser:<id>)');
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
