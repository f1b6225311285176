/**
 * `tessera token issue | list | revoke`: stored access tokens, made and kept by the server (only a salted hash of each
 * is stored), listed and revoked there — unlike `token create`, which signs a token with this machine's secret.
 */
import { DURATIONS as LIFETIMES, type AccessTokenMetadata } from '../../catalog/access/access-tokens.js';
import type { CliContext } from '../cli-context.js';
import { CliError } from '../cli-error.js';

/** Every duration the server offers but NO_EXPIRY, which it refuses. */
const DURATIONS = Object.keys(LIFETIMES).filter((d) => LIFETIMES[d] !== Infinity);

type TokenMetadata = AccessTokenMetadata;

const when = (ms: number | null) => (ms === null ? '-' : new Date(ms).toISOString().replace(/\.\d+Z$/, 'Z'));

export async function runTokenIssue(ctx: CliContext, opts: { name: string; actor?: string; duration: string; description?: string }): Promise<void> {
  const duration = opts.duration.toUpperCase();
  if (!DURATIONS.includes(duration)) throw new CliError(`--duration must be one of ${DURATIONS.join(', ')}, got ${opts.duration}`);
  const client = ctx.client();
  const actorUrn = opts.actor ?? (await client.request<{ actor: string }>('GET', '/openapi/v3/me').catch(() => undefined))?.actor;
  if (!actorUrn) throw new CliError('--actor is required (urn:li:corpuser:<id>): the server did not say who this token acts as');
  const made = await client.request<{ accessToken: string; metadata: TokenMetadata }>('POST', '/openapi/v3/tokens', {
    body: { actorUrn, duration, name: opts.name, ...(opts.description !== undefined && { description: opts.description }) },
  });
  if (ctx.json()) return ctx.printJson(made);
  ctx.io.err(`Token ${made.metadata.id} acts as ${made.metadata.actorUrn} until ${when(made.metadata.expiresAt)}. It is shown this once: only a hash of it is kept.`);
  ctx.io.out(made.accessToken);
}

export async function runTokenList(ctx: CliContext, opts: { all?: boolean; actor?: string; includeRevoked?: boolean }): Promise<void> {
  const query: Record<string, string> = { count: '1000' };
  if (opts.actor) query.actorUrn = opts.actor;
  if (opts.includeRevoked) query.includeRevoked = 'true';
  // Without --all the server lists the caller's own tokens; with it, everyone's (MANAGE_ACCESS_TOKENS).
  if (!opts.all) {
    const me = await ctx.client().request<{ actor: string }>('GET', '/openapi/v3/me').catch(() => undefined);
    if (me?.actor) query.ownerUrn = me.actor;
  }
  const page = await ctx.client().request<{ total: number; tokens: TokenMetadata[] }>('GET', '/openapi/v3/tokens', { query });
  if (ctx.json()) return ctx.printJson(page);
  if (page.tokens.length === 0) return ctx.io.err('No access tokens.');
  ctx.io.out(['ID', 'NAME', 'ACTOR', 'OWNER', 'CREATED', 'EXPIRES', 'LAST USED', 'REVOKED'].join('\t'));
  for (const t of page.tokens) ctx.io.out([t.id, t.name, t.actorUrn, t.ownerUrn, when(t.createdAt), when(t.expiresAt), when(t.lastUsedAt), when(t.revokedAt)].join('\t'));
  if (page.total > page.tokens.length) ctx.io.err(`${page.total - page.tokens.length} more not shown.`);
}

export async function runTokenRevoke(ctx: CliContext, opts: { id: string }): Promise<void> {
  await ctx.client().request('DELETE', `/openapi/v3/tokens/${encodeURIComponent(opts.id)}`);
  if (ctx.json()) return ctx.printJson({ id: opts.id, revoked: true });
  ctx.io.out(`Revoked ${opts.id}: every Tessera process refuses it within a second.`);
}

export async function runTokenRevokeSigned(ctx: CliContext, opts: { actor: string }): Promise<void> {
  const done = await ctx.client().request<{ actorUrn: string; signedBefore: string }>('POST', '/openapi/v3/tokens/signed/revoke', { body: { actorUrn: opts.actor } });
  if (ctx.json()) return ctx.printJson(done);
  ctx.io.out(`Revoked the tokens signed for ${done.actorUrn} before ${done.signedBefore}: every Tessera process refuses them within a second.`);
}

