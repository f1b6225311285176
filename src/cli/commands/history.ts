/** `tessera history`: an entity's change records (or the catalog's), newest last, as a table or JSON; `--as-of` shows its aspects at a time. */
import type { CliContext } from '../cli-context.js';
import { encodeUrn } from '../../model/urn.js';
import { CliError } from '../cli-error.js';

export interface HistoryOptions {
  urn?: string;
  since?: string;
  until?: string;
  category?: string[];
  actor?: string[];
  property?: string[];
  tag?: string[];
  limit?: string;
  asOf?: string;
}

interface Change {
  seq: number | null;
  time: number;
  actor: string;
  via: string;
  category: string;
  operation: string;
  modifier?: string;
  aspect: string;
  fieldPath?: string;
  before?: unknown;
  after?: unknown;
}

const shown = (v: unknown) => (v === undefined ? '' : JSON.stringify(v));

export async function runHistory(ctx: CliContext, opts: HistoryOptions): Promise<void> {
  const client = ctx.client();
  if (opts.asOf) {
    if (!opts.urn) throw new CliError('--as-of needs --urn <urn>');
    const state = await client.request('GET', `/openapi/v3/timeline/${encodeUrn(opts.urn)}/as-of`, { query: { time: opts.asOf } });
    return ctx.printJson(state);
  }
  const limit = Number(opts.limit ?? 1000);
  const query = {
    startTime: opts.since,
    endTime: opts.until,
    category: opts.category,
    actor: opts.actor,
    propertyUrn: opts.property,
    tagUrn: opts.tag,
  };
  const path = opts.urn ? `/openapi/v3/timeline/${encodeUrn(opts.urn)}` : '/openapi/v3/history';
  const changes: Change[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.request<{ changes: Change[]; cursor?: string }>('GET', path, { query: { ...query, count: Math.min(1000, limit - changes.length), cursor } });
    changes.push(...page.changes);
    cursor = page.cursor;
  } while (cursor && changes.length < limit);
  if (ctx.json()) return ctx.printJson({ urn: opts.urn, count: changes.length, changes });
  if (changes.length === 0) return ctx.io.err(`No changes${opts.urn ? ` of ${opts.urn}` : ''} match.`);
  ctx.io.out(['SEQ', 'TIME', 'ACTOR', 'VIA', 'CHANGE', 'WHAT', 'BEFORE', 'AFTER'].join('\t'));
  for (const c of changes) {
    const what = [c.modifier ?? c.aspect, c.fieldPath && `column ${c.fieldPath}`].filter(Boolean).join(' ');
    ctx.io.out([c.seq ?? 'pending', new Date(c.time).toISOString(), c.actor, c.via, `${c.category} ${c.operation}`, what, shown(c.before), shown(c.after)].join('\t'));
  }
}
