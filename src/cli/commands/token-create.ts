/** `tessera token create`: mints an access token with this machine's signing secret (AUTH_SECRET or the generated secret file). */
import { findSecret, secretFileOf, dataDirOf } from '../../auth/secret.js';
import { isActorUrn, mintToken } from '../../auth/tokens.js';
import type { CliContext } from '../cli-context.js';
import { CliError } from '../cli-error.js';

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400, w: 604_800 };

/** `90`, `90s`, `15m`, `12h`, `30d`, `2w` → seconds. */
export function parseTtl(ttl: string): number {
  const m = /^(\d+)([smhdw]?)$/.exec(ttl.trim());
  if (!m || Number(m[1]) === 0) throw new CliError(`--ttl must be a positive duration such as 3600, 15m, 12h, 30d or 2w, got ${ttl}`);
  return Number(m[1]) * UNIT_SECONDS[m[2] || 's'];
}

export async function runTokenCreate(ctx: CliContext, opts: { actor: string; ttl: string }): Promise<void> {
  if (!isActorUrn(opts.actor)) throw new CliError(`--actor must be urn:li:corpuser:<id>, got ${opts.actor}`);
  const ttl = parseTtl(opts.ttl);
  const maxDays = Number(ctx.env.ACCESS_TOKEN_MAX_DAYS ?? 365);
  if (ttl > maxDays * 86_400) throw new CliError(`--ttl ${opts.ttl} is longer than tokens may live: at most ${maxDays} days (setting ACCESS_TOKEN_MAX_DAYS; the server refuses longer ones)`);
  let found;
  try {
    found = findSecret(ctx.env);
  } catch (e) {
    throw new CliError((e as Error).message);
  }
  if (!found) {
    const file = secretFileOf(dataDirOf(ctx.env.TESSERA_DATA_DIR));
    throw new CliError(`No signing secret on this machine: set AUTH_SECRET, or start the server once so it generates ${file} (TESSERA_DATA_DIR selects another directory)`);
  }
  const token = await mintToken(found.secret, opts.actor, ttl);
  const expiresAt = new Date(Date.now() + ttl * 1000).toISOString();
  ctx.io.err(found.source === 'AUTH_SECRET' ? 'Signed with the secret from the AUTH_SECRET environment variable.' : `Signed with the secret in ${found.source}.`);
  if (ctx.json()) ctx.printJson({ token, actor: opts.actor, expiresAt, secretSource: found.source });
  else ctx.io.out(token);
}
