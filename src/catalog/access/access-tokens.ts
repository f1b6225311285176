/**
 * Stored access tokens: create (the raw token is answered once), list, revoke — the one implementation behind GraphQL
 * (`createAccessToken`, `listAccessTokens`, `revokeAccessToken`, with the original's shapes), REST v3 and the CLI.
 * Actors manage their own tokens (GENERATE_PERSONAL_ACCESS_TOKENS); tokens of service accounts and of other actors
 * need MANAGE_ACCESS_TOKENS. A service account's tokens act as the account, so they outlive the person who made them.
 */
import { isTokenId, newToken, storedTokenIdOf } from '../../auth/access-tokens.js';
import { isActorUrn } from '../../auth/tokens.js';
import type { Config } from '../../config.js';
import { notFound, validationError } from '../../errors.js';
import type { AccessStore } from '../../storage/access-store.js';
import type { TokenStore, TokenView } from '../../storage/token-store.js';
import type { SignedTokenCutoff } from './access-state.js';
import type { AccessControl } from './access-control.js';
import { SERVICE_ACCOUNT_PREFIX } from './policy-shape.js';
import { startOf } from '../paging.js';

export interface AccessTokenDeps {
  tokenStore: TokenStore;
  accessStore: AccessStore;
  access: AccessControl;
  config: Pick<Config, 'ACCESS_TOKEN_MAX_DAYS'>;
}

const DAY = 24 * 3600 * 1000;
/** The original's durations (NO_EXPIRY is refused: every token expires). */
export const DURATIONS: Record<string, number> = {
  ONE_HOUR: 3600 * 1000, ONE_DAY: DAY, ONE_WEEK: 7 * DAY, ONE_MONTH: 30 * DAY, THREE_MONTHS: 90 * DAY, SIX_MONTHS: 180 * DAY, ONE_YEAR: 365 * DAY, NO_EXPIRY: Infinity,
};
export const TOKEN_TYPES = ['PERSONAL', 'SERVICE'] as const;
export type TokenType = (typeof TOKEN_TYPES)[number];
const MAX_NAME = 200;
const MAX_DESCRIPTION = 2000;
const MAX_LIST = 1000;

export interface CreateAccessTokenInput {
  type?: string;
  actorUrn?: unknown;
  duration?: string;
  name?: unknown;
  description?: unknown;
}

export interface AccessTokenMetadata {
  id: string;
  urn: string;
  type: string;
  name: string;
  description: string | null;
  actorUrn: string;
  ownerUrn: string;
  createdAt: number;
  expiresAt: number | null;
  lastUsedAt: number | null;
  revokedAt: number | null;
}

export function metadataOf(t: TokenView): AccessTokenMetadata {
  return {
    id: t.id, urn: `urn:li:dataHubAccessToken:${t.id}`, type: t.type ?? 'PERSONAL', name: t.name, description: t.description ?? null,
    actorUrn: t.actorUrn, ownerUrn: t.ownerUrn, createdAt: t.createdAt, expiresAt: t.expiresAt ?? null, lastUsedAt: t.lastUsedAt ?? null, revokedAt: t.revokedAt ?? null,
  };
}

function lifetimeOf(deps: AccessTokenDeps, duration: unknown): number {
  const max = deps.config.ACCESS_TOKEN_MAX_DAYS * DAY;
  if (typeof duration !== 'string' || !(duration in DURATIONS)) throw validationError(`duration must be one of ${Object.keys(DURATIONS).join(', ')}, got ${JSON.stringify(duration ?? null)}`);
  const ms = DURATIONS[duration];
  if (ms > max) throw validationError(`duration ${duration} is longer than tokens may live here: at most ${deps.config.ACCESS_TOKEN_MAX_DAYS} days (setting ACCESS_TOKEN_MAX_DAYS); every token expires`);
  return ms;
}

export async function createAccessToken(deps: AccessTokenDeps, caller: string, input: CreateAccessTokenInput): Promise<{ accessToken: string; metadata: AccessTokenMetadata }> {
  const problems: string[] = [];
  if (input.type !== undefined && !TOKEN_TYPES.includes(input.type as never)) problems.push(`type must be PERSONAL or SERVICE, got ${JSON.stringify(input.type)}`);
  if (!isActorUrn(input.actorUrn)) problems.push(`actorUrn must be a corpuser urn (urn:li:corpuser:<id>), got ${JSON.stringify(input.actorUrn ?? null)}`);
  if (typeof input.name !== 'string' || input.name.trim() === '' || input.name.length > MAX_NAME) problems.push(`name must be a non-empty string of at most ${MAX_NAME} characters`);
  if (input.description != null && (typeof input.description !== 'string' || input.description.length > MAX_DESCRIPTION)) problems.push(`description must be a string of at most ${MAX_DESCRIPTION} characters`);
  if (problems.length) throw validationError(`Invalid access token: ${problems.join('; ')}`);
  const actorUrn = input.actorUrn as string;
  const service = actorUrn.startsWith(SERVICE_ACCOUNT_PREFIX);
  const type: TokenType = service ? 'SERVICE' : 'PERSONAL';
  if (input.type !== undefined && input.type !== type) {
    throw validationError(`type ${input.type} does not fit ${actorUrn}: tokens of service accounts (${SERVICE_ACCOUNT_PREFIX}<id>) are SERVICE, all others PERSONAL`);
  }
  if (actorUrn === caller && !service) await deps.access.authorize(caller, 'GENERATE_PERSONAL_ACCESS_TOKENS', {}, 'a token acting as itself');
  else await deps.access.authorize(caller, 'MANAGE_ACCESS_TOKENS', {}, `a token acting as ${actorUrn}`);
  if (service && !(await deps.access.state()).serviceAccounts.has(actorUrn)) throw notFound(`No service account ${actorUrn}`);
  const lifetime = lifetimeOf(deps, input.duration ?? 'ONE_MONTH');
  const token = newToken();
  const now = Date.now();
  const doc = {
    name: (input.name as string).trim(), ...(typeof input.description === 'string' && { description: input.description }),
    type, actorUrn, ownerUrn: caller, createdAt: now, expiresAt: now + lifetime, salt: token.salt, hash: token.hash,
  };
  await deps.tokenStore.create(token.id, doc);
  return { accessToken: token.raw, metadata: metadataOf({ id: token.id, ...doc }) };
}

export interface ListAccessTokensInput {
  start?: number | null;
  count?: number | null;
  filters?: { field: string; values?: string[] | null; value?: string | null }[] | null;
  includeRevoked?: boolean | null;
}

/** Tokens, newest first: an actor's own (made by it), or anyone's for those who may manage tokens. */
export async function listAccessTokens(deps: AccessTokenDeps, caller: string, input: ListAccessTokensInput = {}) {
  const start = startOf(input.start);
  const count = input.count ?? 20;
  if (!Number.isInteger(count) || count < 0 || count > MAX_LIST) throw validationError(`count must be an integer from 0 to ${MAX_LIST}, got ${count}`);
  const by: { ownerUrn?: string; actorUrn?: string } = {};
  for (const f of input.filters ?? []) {
    if (f.field !== 'ownerUrn' && f.field !== 'actorUrn') throw validationError(`Tokens can be filtered by ownerUrn or actorUrn, not ${JSON.stringify(f.field)}`);
    const values = f.values ?? (f.value != null ? [f.value] : []);
    if (values.length !== 1) throw validationError(`The ${f.field} filter takes exactly one value`);
    by[f.field] = values[0];
  }
  // Without the privilege, the list is the caller's own tokens: made by it, whatever the filter asks beyond that.
  if (!(await deps.access.decide(caller, 'MANAGE_ACCESS_TOKENS')).allowed) {
    if (by.ownerUrn !== undefined && by.ownerUrn !== caller) await deps.access.authorize(caller, 'MANAGE_ACCESS_TOKENS', {}, 'tokens of other actors');
    by.ownerUrn = caller;
  }
  const page = await deps.tokenStore.list({ ...by, includeRevoked: input.includeRevoked === true, start, count });
  return { start, count: page.tokens.length, total: page.total, tokens: page.tokens.map(metadataOf) };
}

/** Revokes a token at once for every process (within 1 s); revoking one already revoked answers true again. */
export async function revokeAccessToken(deps: AccessTokenDeps, caller: string, tokenId: unknown): Promise<boolean> {
  if (!isTokenId(tokenId)) throw validationError(`tokenId must be a token id (32 hexadecimal characters), got ${JSON.stringify(tokenId ?? null)}`);
  const token = await deps.tokenStore.get(tokenId);
  if (!token) throw notFound(`No access token ${tokenId}`);
  if (token.ownerUrn !== caller && token.actorUrn !== caller) await deps.access.authorize(caller, 'MANAGE_ACCESS_TOKENS', {}, `revoking a token of ${token.ownerUrn}`);
  if (token.revokedAt !== undefined) return true;
  await deps.tokenStore.revoke(tokenId, { revokedAt: Date.now(), revokedBy: caller });
  return true;
}

/**
 * Revokes every token signed with the service secret for `actorUrn` so far (`tessera token create`, or one made
 * elsewhere with the secret): those issued before now are refused by every process within a second; tokens signed
 * later, and stored tokens, are not touched. One's own needs GENERATE_PERSONAL_ACCESS_TOKENS, others' MANAGE_ACCESS_TOKENS.
 */
export async function revokeSignedTokens(deps: AccessTokenDeps, caller: string, actorUrn: unknown): Promise<{ actorUrn: string; signedBefore: string }> {
  if (!isActorUrn(actorUrn)) throw validationError(`actorUrn must be a corpuser urn (urn:li:corpuser:<id>), got ${JSON.stringify(actorUrn ?? null)}`);
  if (actorUrn === caller) await deps.access.authorize(caller, 'GENERATE_PERSONAL_ACCESS_TOKENS', {}, 'revoking its own signed tokens');
  else await deps.access.authorize(caller, 'MANAGE_ACCESS_TOKENS', {}, `revoking the signed tokens of ${actorUrn}`);
  const now = Date.now();
  // `iat` counts whole seconds: every token issued up to this second is refused (one signed just after, in the same
  // second, too — sign it again a second later).
  const cutoff: SignedTokenCutoff = { actor: actorUrn, before: Math.floor(now / 1000) + 1, at: now, by: caller };
  await deps.accessStore.put('signedTokenCutoff', actorUrn, cutoff);
  deps.access.invalidate();
  return { actorUrn, signedBefore: new Date(cutoff.before * 1000).toISOString() };
}

/** A web page session: a stored token of its own (its id is all the cookie holds), ended by sign-out. */
export interface WebSessionParent {
  /** The stored token the page signed in with, if it was one: revoking it ends the session. */
  tokenId?: string;
  /** The signed token's `iat`, if it was one: revoking the actor's signed tokens ends the session. */
  issuedAt?: number;
  /** When the sign-in token expires: the session does not outlive it. */
  expiresAt?: number;
}

export async function startWebSession(deps: AccessTokenDeps, actor: string, parent: WebSessionParent, seconds: number): Promise<{ session: string; expiresAt: number }> {
  const token = newToken();
  const now = Date.now();
  const expiresAt = Math.min(now + seconds * 1000, parent.expiresAt ?? Infinity);
  await deps.tokenStore.create(token.id, {
    type: 'SESSION', name: 'web session', actorUrn: actor, ownerUrn: actor, createdAt: now, expiresAt, salt: token.salt, hash: token.hash,
    ...(parent.tokenId !== undefined && { parentTokenId: parent.tokenId }),
    ...(parent.issuedAt !== undefined && { parentIssuedAt: parent.issuedAt }),
  });
  return { session: token.raw, expiresAt };
}

/** Ends the session the cookie holds (sign-out): refused by every process within a second. Answers whether there was one. */
export async function endWebSession(deps: AccessTokenDeps, caller: string, session: string | undefined): Promise<boolean> {
  const id = session === undefined ? undefined : storedTokenIdOf(session);
  if (id === undefined) return false;
  const doc = await deps.tokenStore.get(id);
  if (!doc || doc.type !== 'SESSION' || doc.actorUrn !== caller || doc.revokedAt !== undefined) return false;
  return deps.tokenStore.revoke(id, { revokedAt: Date.now(), revokedBy: caller });
}

