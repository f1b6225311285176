/**
 * History: an entity's change records (or the whole catalog's), filtered by time to the millisecond, actor, category,
 * property or tag, column; paged by a cursor on the global sequence, which stays stable while writers append. The
 * records an entity's last writes left in its outbox that the relay has not moved yet are shown at the end, so a
 * change is in its history as soon as it is acknowledged. `asOf` rebuilds an entity's aspects at a given time.
 */
import { CatalogError, validationError } from '../../errors.js';
import { passes, type EventFilter, type StoredEvent } from '../../storage/event-store.js';
import type { CatalogDeps } from '../catalog-deps.js';
import { entityResource } from '../access/change-rights.js';
import { resolveTarget } from '../entity-target.js';
import { CHANGE_CATEGORIES, type ChangeCategory, type ChangeEvent, type ChangeRecord } from './change-record.js';
import { replay } from './replay.js';

export const MAX_HISTORY_PAGE = 1_000;

export interface HistoryQuery {
  urn?: string;
  startTime?: number;
  endTime?: number;
  categories?: string[];
  actors?: string[];
  /** Property or tag URNs (the record's modifier). */
  modifiers?: string[];
  fieldPath?: string;
  count?: number;
  /** The cursor a previous page answered. */
  cursor?: string;
  order?: 'asc' | 'desc';
}

export interface HistoryPage {
  urn?: string;
  count: number;
  changes: (ChangeEvent | (ChangeRecord & { seq: null; pending: true }))[];
  /** Present when there may be more: pass it as `cursor` for the next page. */
  cursor?: string;
}

/** A time as milliseconds since the epoch, or an ISO-8601 date: a precise 400 otherwise. */
export function timeParam(name: string, v: string | number | undefined): number | undefined {
  if (v === undefined || v === '') return undefined;
  if (typeof v === 'number' || /^\d+$/.test(v)) return Number(v);
  const t = Date.parse(v);
  if (Number.isNaN(t)) throw validationError(`${name} must be milliseconds since the epoch or an ISO-8601 time, got ${v}`);
  return t;
}

function checkCategories(categories: string[] | undefined): ChangeCategory[] | undefined {
  if (!categories || categories.length === 0) return undefined;
  return categories.map((c) => {
    // The original's GraphQL says OWNERSHIP where its events say OWNER.
    const name = c.toUpperCase() === 'OWNERSHIP' ? 'OWNER' : c.toUpperCase();
    const hit = CHANGE_CATEGORIES.find((k) => k === name);
    if (!hit) throw validationError(`Unknown change category ${c}; known: ${CHANGE_CATEGORIES.join(', ')}`);
    return hit;
  });
}

const cursorOf = (seq: number) => Buffer.from(`seq:${seq}`).toString('base64url');
function seqOfCursor(cursor: string): number {
  const m = /^seq:(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!m) throw validationError('cursor is not one this service answered');
  return Number(m[1]);
}

/** Administrative objects' URNs (their records are ADMIN ones, read with MANAGE_POLICIES). */
const ADMIN_URN = /^urn:li:(dataHubPolicy|corpGroup|roleBinding|accessToken|reindexRun):/;

/**
 * Checks the caller may read the entity's history (or the catalog's) and answers its canonical URN. Administrative
 * records (policies, groups, role bindings, service accounts, tokens) are for MANAGE_POLICIES alone: others' catalog
 * history leaves them out.
 */
async function authorizeRead(deps: CatalogDeps, actor: string, urn: string | undefined, categories: string[] | undefined): Promise<{ urn?: string; hideAdmin: boolean }> {
  const mayAudit = (await deps.access.state()).decide(actor, 'MANAGE_POLICIES').allowed;
  const asksAdmin = categories?.includes('ADMIN') || (urn !== undefined && ADMIN_URN.test(urn));
  if (asksAdmin) {
    await deps.access.authorize(actor, 'MANAGE_POLICIES', {}, 'the record of administrative changes');
    return { urn, hideAdmin: false };
  }
  if (urn === undefined) {
    await deps.access.authorize(actor, 'VIEW_METADATA');
    return { hideAdmin: !mayAudit };
  }
  const target = resolveTarget(undefined, urn);
  await deps.access.authorize(actor, 'VIEW_METADATA', entityResource(target.def.name, target.urn.raw), `the history of ${target.urn.raw}`);
  return { urn: target.urn.raw, hideAdmin: !mayAudit };
}

function filterOf(q: HistoryQuery, categories: ChangeCategory[] | undefined, urn: string | undefined, hideAdmin: boolean): EventFilter {
  if (q.startTime !== undefined && q.endTime !== undefined && q.startTime > q.endTime) throw validationError('startTime must not be after endTime');
  return {
    ...(urn !== undefined && { urns: [urn] }),
    ...(hideAdmin && { excludeCategories: ['ADMIN'] }),
    startTime: q.startTime,
    endTime: q.endTime,
    categories,
    actors: q.actors,
    modifiers: q.modifiers,
    fieldPath: q.fieldPath,
  };
}

/** The entity's records still in its outbox that the events index does not hold yet. */
async function pendingOf(deps: CatalogDeps, urn: string): Promise<ChangeRecord[]> {
  const target = resolveTarget(undefined, urn);
  const stored = await deps.store.getVersioned(target.def.name, target.urn.raw);
  const outbox = (stored?.doc.outbox ?? []) as unknown as ChangeRecord[];
  if (outbox.length === 0) return [];
  const held = await deps.events.existing(outbox.map((r) => r.id));
  return outbox.filter((r) => !held.has(r.id));
}

export async function readHistory(deps: CatalogDeps, actor: string, q: HistoryQuery): Promise<HistoryPage> {
  const categories = checkCategories(q.categories);
  const { urn, hideAdmin } = await authorizeRead(deps, actor, q.urn, categories);
  const count = q.count ?? 100;
  if (!Number.isInteger(count) || count < 1 || count > MAX_HISTORY_PAGE) throw validationError(`count must be between 1 and ${MAX_HISTORY_PAGE}, got ${q.count}`);
  const filter = filterOf(q, categories, urn, hideAdmin);
  const descending = q.order === 'desc';
  const after = q.cursor ? seqOfCursor(q.cursor) : undefined;
  // Changes acknowledged but not relayed yet are read first: one the relay moves in between is then in the search
  // below (and taken out of these), where reading them second would miss it on both sides.
  const pendingWanted = urn !== undefined && !ADMIN_URN.test(urn) && (!descending || after === undefined);
  const pendingRead = pendingWanted ? await pendingOf(deps, urn) : [];
  const found = (await deps.events.find(filter, count + 1, { descending, after })) as unknown as ChangeEvent[];
  const more = found.length > count;
  const changes: HistoryPage['changes'] = found.slice(0, count);
  // They go after the newest page (first, newest first), once per read.
  const edge = descending ? after === undefined : !more;
  if (pendingWanted && edge) {
    const relayed = new Set(found.map((e) => e.id));
    const pending = pendingRead.filter((r) => !relayed.has(r.id) && passes(r as unknown as StoredEvent, filter)).map((r) => ({ ...r, seq: null, pending: true as const }));
    if (descending) changes.unshift(...pending.reverse());
    else changes.push(...pending);
  }
  const last = found[Math.min(found.length, count) - 1];
  return { ...(urn !== undefined && { urn }), count: changes.length, changes, ...(more && last && { cursor: cursorOf(last.seq) }) };
}

/** Every record of one entity up to `time`, oldest first (relayed ones, then those still pending). */
async function recordsUpTo(deps: CatalogDeps, urn: string, time: number): Promise<ChangeRecord[]> {
  const out: ChangeRecord[] = [];
  let after: number | undefined;
  for (;;) {
    const page: StoredEvent[] = await deps.events.find({ urns: [urn], endTime: time }, MAX_HISTORY_PAGE, { after });
    out.push(...(page as unknown as ChangeRecord[]));
    if (page.length < MAX_HISTORY_PAGE) break;
    after = page[page.length - 1].seq;
  }
  const held = new Set(out.map((r) => r.id));
  out.push(...(await pendingOf(deps, urn)).filter((r) => r.time <= time && !held.has(r.id)));
  return out;
}

export interface EntityAsOf {
  urn: string;
  asOf: number;
  exists: boolean;
  /** Aspect name → value, as the records left them at that time. */
  aspects: Record<string, unknown>;
}

/** The entity's aspects as they were at `time`, rebuilt from its change records. */
export async function entityAsOf(deps: CatalogDeps, actor: string, rawUrn: string, time: number | undefined): Promise<EntityAsOf> {
  const urn = (await authorizeRead(deps, actor, rawUrn, undefined)).urn!;
  if (time === undefined) throw validationError('asOf is required: milliseconds since the epoch or an ISO-8601 time');
  const records = await recordsUpTo(deps, urn, time);
  // Rebuilding needs every record from the entity's first: retention may have removed the oldest.
  const [first] = records.length > 0 && records[0].version === 1 ? records : ((await deps.events.find({ urns: [urn] }, 1)) as unknown as ChangeRecord[]);
  if (first && (first.version ?? 1) > 1) {
    throw new CatalogError('GONE', `The records of ${urn} before ${new Date(first.time).toISOString()} were removed by retention; its state can be rebuilt only from then on`);
  }
  const aspects = replay(records);
  return { urn, asOf: time, exists: Object.keys(aspects).length > 0, aspects };
}
