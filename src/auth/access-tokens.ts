/**
 * Stored access tokens: `tsr_pat_<id>_<secret>`. The recognisable prefix lets secret scanners find a leaked one; the id
 * names the stored document; only a salted SHA-256 of the secret is kept (the secret is 256 random bits, so a fast hash
 * is as safe as a slow one and costs a request nothing). A verified token is trusted again for at most 1 s, so a
 * revocation through any process is refused by every process within that time.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { unauthenticated } from '../errors.js';
import type { TokenDoc, TokenStore } from '../storage/token-store.js';

export const TOKEN_PREFIX = 'tsr_pat_';
const ID_HEX = 32;
const SHAPE = new RegExp(`^${TOKEN_PREFIX}([0-9a-f]{${ID_HEX}})_([A-Za-z0-9_-]{43})$`);
/** How long a verified stored token is trusted without reading it again: the revocation delay. */
export const TOKEN_RECHECK_MS = 1000;
/** Last use is recorded at most this often per token and process. */
const LAST_USED_EVERY_MS = 60_000;

export const isStoredToken = (token: string) => token.startsWith(TOKEN_PREFIX);
/** The id of a stored token's raw text, if it has the shape of one. */
export const storedTokenIdOf = (token: string): string | undefined => SHAPE.exec(token)?.[1];
/** A stored token's id, as listed and revoked. */
export const isTokenId = (id: unknown): id is string => typeof id === 'string' && id.length === ID_HEX && /^[0-9a-f]+$/.test(id);

const hashOf = (salt: string, secret: string) => createHash('sha256').update(salt).update(secret).digest('hex');

/** Compares two hex digests in constant time. */
function sameHash(stored: string, given: string): boolean {
  const a = Buffer.from(stored, 'hex');
  const b = Buffer.from(given, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A new token's raw text (shown once) and what is stored of it. */
export function newToken(): { id: string; raw: string; salt: string; hash: string } {
  const id = randomBytes(ID_HEX / 2).toString('hex');
  const secret = randomBytes(32).toString('base64url');
  const salt = randomBytes(16).toString('hex');
  return { id, raw: `${TOKEN_PREFIX}${id}_${secret}`, salt, hash: hashOf(salt, secret) };
}

/** Why a stored token is not (or no longer) good, if it is not. */
export function tokenRefusal(doc: Pick<TokenDoc, 'revokedAt' | 'expiresAt'>, now = Date.now()): string | undefined {
  if (doc.revokedAt !== undefined) return 'Token has been revoked';
  if (doc.expiresAt !== undefined && doc.expiresAt <= now) return 'Token expired';
  return undefined;
}

export interface VerifiedToken {
  actor: string;
  tokenId: string;
}

/** An actor's revocation cut-off for signed tokens: those issued (`iat`, seconds) before it are refused. */
export type RevokedBefore = (actor: string) => number | undefined | Promise<number | undefined>;

/** The cut-off that revokes a token signed for `actor` at `issuedAt`, if one does. */
export async function signedRevocation(revokedBefore: RevokedBefore | undefined, actor: string, issuedAt: number): Promise<number | undefined> {
  const before = await revokedBefore?.(actor);
  return before !== undefined && issuedAt < before ? before : undefined;
}

/** What a session's sign-in may have become since (its stored token revoked, or its actor's signed tokens). */
export interface SessionParentCheck {
  revokedBefore?: RevokedBefore;
}

export function storedTokenVerifier(store: TokenStore, parents: SessionParentCheck = {}) {
  // A web session ends with the token it signed in with: revoked, expired, or (signed) revoked per actor.
  const parentRefusal = async (doc: TokenDoc, now: number): Promise<string | undefined> => {
    if (doc.parentTokenId !== undefined) {
      const parent = await store.get(doc.parentTokenId);
      if (!parent) return 'Session ended: the token it signed in with is gone';
      const refusal = tokenRefusal(parent, now);
      if (refusal) return `Session ended: the token it signed in with is no longer good (${refusal.toLowerCase()})`;
    }
    if (doc.parentIssuedAt !== undefined && (await signedRevocation(parents.revokedBefore, doc.actorUrn, doc.parentIssuedAt)) !== undefined) {
      return 'Session ended: the token it signed in with has been revoked';
    }
    return undefined;
  };
  // Trusted for up to TOKEN_RECHECK_MS (other processes' revocations are seen within it); this process's own revocations
  // at once, the sessions signed in with a revoked token included.
  const trusted = new Map<string, { verified: VerifiedToken; until: number; parentId?: string }>();
  store.onRevoked((id) => {
    for (const [token, entry] of trusted) if (entry.verified.tokenId === id || entry.parentId === id) trusted.delete(token);
  });
  const lastUseWritten = new Map<string, number>();
  const noteUse = (id: string, now: number) => {
    if ((lastUseWritten.get(id) ?? 0) > now - LAST_USED_EVERY_MS) return;
    if (lastUseWritten.size > 10_000) lastUseWritten.clear();
    lastUseWritten.set(id, now);
    store.update(id, { lastUsedAt: now }).catch(() => lastUseWritten.delete(id));
  };
  return async (token: string): Promise<VerifiedToken> => {
    const now = Date.now();
    const known = trusted.get(token);
    if (known && known.until > now) return known.verified;
    const m = SHAPE.exec(token);
    if (!m) throw unauthenticated('Token is malformed');
    const doc = await store.get(m[1]);
    if (!doc || !sameHash(doc.hash, hashOf(doc.salt, m[2]))) throw unauthenticated('Token is not known');
    const refusal = tokenRefusal(doc, now) ?? (await parentRefusal(doc, now));
    if (refusal) throw unauthenticated(refusal);
    const verified = { actor: doc.actorUrn, tokenId: doc.id };
    if (trusted.size > 10_000) trusted.clear();
    trusted.set(token, { verified, until: Math.min(now + TOKEN_RECHECK_MS, doc.expiresAt ?? Infinity), parentId: doc.parentTokenId });
    noteUse(doc.id, now);
    return verified;
  };
}
