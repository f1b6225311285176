/**
 * The system of record: one OpenSearch document per entity URN holding all its aspects.
 * Every write is a read-modify-write guarded by if_seq_no/if_primary_term; concurrent writes to one
 * entity from this process are merged into one conditional write, and conflicts are retried until a deadline.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { createHash } from 'node:crypto';
import type { Client } from '@opensearch-project/opensearch';
import { conflict, timedOut, unavailable } from '../errors.js';
import type { IndexNames } from './indices.js';
import { guarded, isNotFound, isVersionConflict, isWriteBlocked, mgetDocs, toCatalogError, toSearchError } from './opensearch-errors.js';
import type { Metrics } from '../metrics/metrics.js';
import type { DirectCalls } from './direct-calls.js';
import { packOutbox, unpackOutbox } from './outbox-codec.js';
import { STAND_IN_ENTITY_TYPE, type EntityIndices } from './entity-indices.js';

export interface AuditStamp {
  time: number;
  actor: string;
}

export interface StoredAspect {
  value: unknown;
  created: AuditStamp;
  lastModified: AuditStamp;
  version: number;
  /** Storage-side facts about the value, never shown to clients (e.g. the definition each property value was written under). */
  meta?: Record<string, unknown>;
}

/** What storage knows of a change record in a document's outbox: its id, and its entity version once a write stamped it. */
export interface OutboxRecord {
  id: string;
  version?: number;
  /**
   * Which of the acknowledged writes merged into one stored write made it (their order): each gets its own version.
   * Only on records not stamped yet; never stored.
   */
  merged?: number;
}

export interface EntityDoc {
  urn: string;
  entityType: string;
  aspects: Record<string, StoredAspect>;
  /**
   * Change records written with this version and earlier ones the relay may not have moved to the events index yet.
   * New records come without `version`; the write stamps them with `changeVersion`. Only documents read for writing
   * back (`getVersioned`, `mgetVersioned`) carry them: those read to be shown (`get`, `mget`, `mgetAcross`) do not.
   */
  outbox?: OutboxRecord[];
  /** Rises by 1 with every acknowledged write that records a change (merged into one stored write or not). */
  changeVersion?: number;
  /**
   * A hard-deleted entity: no aspects, its last records (until the relay has moved them) and its change version, so an
   * entity created again under the URN goes on counting. Reads and searches never see it.
   */
  tombstone?: boolean;
  [searchField: string]: unknown;
}

export interface VersionedDoc {
  doc: EntityDoc;
  seqNo: number;
  primaryTerm: number;
  /** The physical index holding it (the relay's positions are per physical index). */
  index?: string;
}

/** A copy of a document to change; its outbox records are never changed in place, so they are shared, not copied. */
function copyDoc(doc: EntityDoc): EntityDoc {
  const { outbox, ...rest } = doc;
  const copy = structuredClone(rest) as EntityDoc;
  if (outbox) copy.outbox = outbox;
  return copy;
}

/** Whether a stored version holds records written before (stamped with their version), which a write may drop. */
const carriesRecords = (doc: EntityDoc | undefined): boolean => !!doc?.outbox?.some((r) => r.version !== undefined);

export const isTombstone = (doc: EntityDoc | null | undefined): boolean => doc?.tombstone === true;

/** Searches never see tombstones: every query is wrapped so. */
const NOT_TOMBSTONE = { term: { tombstone: true } };

export const UNCHANGED = Symbol('unchanged');
export type Mutator = (current: EntityDoc | null) => Promise<EntityDoc | null | typeof UNCHANGED>;

interface Pending {
  mutator: Mutator;
  refresh: boolean;
  resolve: (doc: EntityDoc | null) => void;
  reject: (e: unknown) => void;
}

/**
 * A reindex blocks writes on the old index until the alias points at the new one, then deletes the old index at once:
 * a write the engine resolved to it just before the swap is refused by the block or finds the index gone. Both are
 * retried like conflicts, and the alias then leads to the new index. Writes name the alias, so otherwise a write finds
 * no index only when someone removed the alias by hand, and then it fails once the retries run out.
 */
function isIndexGone(e: unknown): boolean {
  return (e as { body?: { error?: { type?: string } } } | null)?.body?.error?.type === 'index_not_found_exception';
}

/** A document read to be shown: the records its writes left for the relay are no part of what it shows (nor unpacked). */
function withoutRecords(doc: EntityDoc): EntityDoc {
  if (doc.outbox !== undefined) doc.outbox = undefined;
  return doc;
}

/** OpenSearch ids are limited to 512 bytes; longer URNs are addressed by their hash. */
export function docIdOf(urn: string): string {
  return Buffer.byteLength(urn) <= 500 ? urn : `sha256:${createHash('sha256').update(urn).digest('hex')}`;
}

export class EntityStore {
  private readonly queues = new Map<string, Pending[]>();

  constructor(
    private readonly client: Client,
    readonly names: IndexNames,
    private readonly retryMs: number,
    /** Longest a search may run in the engine; the request itself gets a second more before it is abandoned. */
    private readonly searchTimeoutMs = 10_000,
    /** Counts contention: conflicts, retries, writes merged into another's, retries given up. */
    private readonly metrics?: Pick<Metrics, 'writeConflicts' | 'writeRetries' | 'mergedWrites' | 'writeConflictsExhausted'>,
    /** Point reads on the client's connection without its request pipeline (absent: every read goes through the client). */
    private readonly direct?: DirectCalls,
    /** Makes an entity type's index at its first write (absent: every index exists already). */
    private readonly indices?: Pick<EntityIndices, 'ensure' | 'forget'>,
  ) {}

  /**
   * What the relay has published about the records it moved to the events index, so that writes drop them from
   * outboxes: whether every record of the document version at (physical index, seqNo) is out, and, for entities written
   * faster than the relay goes round, the highest change version whose records are all out. Until the relay's positions
   * are known, nothing is dropped.
   */
  relayed: { version(index: string | undefined, seqNo: number): boolean; upTo(urn: string): number; fresh(): void; pace(): Promise<void> } = {
    version: () => false,
    upTo: () => 0,
    fresh: () => undefined,
    pace: async () => undefined,
  };

  /** The entity's document to be shown (no change records: see `EntityDoc.outbox`); null when absent or hard-deleted. */
  async get(entityType: string, urn: string): Promise<EntityDoc | null> {
    const doc = (await this.read(entityType, urn))?.doc;
    return !doc || isTombstone(doc) ? null : withoutRecords(doc);
  }

  async mget(entityType: string, urns: string[]): Promise<Map<string, EntityDoc>> {
    return new Map([...(await this.mgetStored(entityType, urns))].map(([urn, v]) => [urn, withoutRecords(v.doc)]));
  }

  /** The entity's document as stored, tombstone and change records included, with its position. */
  async getVersioned(entityType: string, urn: string): Promise<VersionedDoc | null> {
    const stored = await this.read(entityType, urn);
    if (stored) unpackOutbox(stored.doc);
    return stored;
  }

  /** The document with its position, its records as stored (packed). */
  private async read(entityType: string, urn: string): Promise<VersionedDoc | null> {
    const index = this.names.entity(entityType);
    try {
      const direct = await this.direct?.getDocument(index, docIdOf(urn));
      if (direct) return direct.status === 200 ? { doc: direct.body._source, seqNo: direct.body._seq_no, primaryTerm: direct.body._primary_term, index: direct.body._index } : null;
      const res = await this.client.get({ index, id: docIdOf(urn), realtime: true });
      const b = res.body as any;
      return { doc: b._source, seqNo: b._seq_no, primaryTerm: b._primary_term, index: b._index };
    } catch (e) {
      if (isNotFound(e)) return null;
      throw toCatalogError(e);
    }
  }

  /**
   * Applies `mutator` to the entity's current document and stores the result conditionally.
   * Resolves with the document as it was right after this mutator ran (null when deleted or absent).
   */
  mutate(entityType: string, urn: string, mutator: Mutator, opts: { refresh?: boolean } = {}): Promise<EntityDoc | null> {
    return new Promise((resolve, reject) => {
      const key = `${entityType}\u0000${urn}`;
      const queue = this.queues.get(key);
      const pending = { mutator, refresh: !!opts.refresh, resolve, reject };
      if (queue) {
        queue.push(pending);
        return;
      }
      this.queues.set(key, [pending]);
      void this.drain(key, entityType, urn);
    });
  }

  private async drain(key: string, entityType: string, urn: string): Promise<void> {
    const queue = this.queues.get(key)!;
    while (queue.length > 0) {
      const batch = queue.splice(0, queue.length);
      if (batch.length > 1) this.metrics?.mergedWrites.inc(batch.length - 1);
      await this.applyBatch(entityType, urn, batch);
    }
    this.queues.delete(key);
  }

  private async applyBatch(entityType: string, urn: string, batch: Pending[]): Promise<void> {
    const deadline = Date.now() + this.retryMs;
    for (let attempt = 1; ; attempt++) {
      let current: VersionedDoc | null;
      try {
        current = await this.getVersioned(entityType, urn);
      } catch (e) {
        batch.forEach((p) => p.reject(e));
        return;
      }
      let state: EntityDoc | null = current && !isTombstone(current.doc) ? current.doc : null;
      let changed = false;
      let rank = 0;
      const results = new Map<Pending, EntityDoc | null>();
      const failures = new Map<Pending, unknown>();
      for (const p of batch) {
        try {
          // A lone mutator works on the document just read (no one else holds it); merged ones each on a copy.
          const next = await p.mutator(state === null ? null : batch.length === 1 ? state : copyDoc(state));
          if (next !== UNCHANGED) {
            // The records this write added, apart from the merged writes before it: its own version when stamped.
            if (batch.length > 1) for (const r of next?.outbox ?? []) if (r.version === undefined && r.merged === undefined) r.merged = rank;
            rank++;
            state = next;
            changed = true;
          }
          results.set(p, state);
        } catch (e) {
          failures.set(p, e);
        }
      }
      const settle = (error?: unknown) => {
        for (const p of batch) {
          if (failures.has(p)) p.reject(failures.get(p));
          else if (error !== undefined) p.reject(error);
          else p.resolve(results.get(p) ?? null);
        }
      };
      if (!changed || (state === null && (current === null || isTombstone(current.doc)))) return settle();
      try {
        await this.write(entityType, urn, current, state, batch.some((p) => p.refresh && !failures.has(p)));
        return settle();
      } catch (e) {
        if (isVersionConflict(e)) this.metrics?.writeConflicts.inc();
        if (isIndexGone(e)) this.indices?.forget(entityType);
        if ((isVersionConflict(e) || isWriteBlocked(e) || isIndexGone(e)) && Date.now() < deadline) {
          this.metrics?.writeRetries.inc();
          await sleep(Math.min(200, 2 ** Math.min(attempt, 7)) * (0.5 + Math.random()));
          continue;
        }
        if (isVersionConflict(e)) this.metrics?.writeConflictsExhausted.inc();
        return settle(
          isVersionConflict(e) ? conflict(`Could not write ${urn}: concurrent writers kept changing it for ${this.retryMs} ms`) : toCatalogError(e),
        );
      }
    }
  }

  private async write(entityType: string, urn: string, current: VersionedDoc | null, next: EntityDoc | null, refresh: boolean) {
    const index = this.names.entity(entityType);
    const id = docIdOf(urn);
    const refreshMode = refresh ? ('wait_for' as const) : false;
    await this.indices?.ensure([entityType]);
    if (carriesRecords(current?.doc)) this.relayed.fresh();
    if (next !== null) this.settleOutbox(current, next);
    if (next === null) {
      await this.client.delete({ index, id, if_seq_no: current!.seqNo, if_primary_term: current!.primaryTerm, refresh: refreshMode });
    } else if (current === null) {
      await this.client.index({ index, id, body: packOutbox(next), op_type: 'create', refresh: refreshMode, require_alias: true });
    } else {
      await this.client.index({ index, id, body: packOutbox(next), if_seq_no: current.seqNo, if_primary_term: current.primaryTerm, refresh: refreshMode, require_alias: true });
    }
  }

  /**
   * The outbox a new version carries: the records of the version it replaces that the relay has not moved yet, then
   * the new ones (those without a version), stamped with the entity's next change version.
   */
  private settleOutbox(current: Partial<VersionedDoc> | null | undefined, next: EntityDoc): void {
    // Stamped records are the stored version's (a batch builds its next version in the very object it read).
    const prior = ((current?.doc && unpackOutbox(current.doc).outbox) ?? []).filter((r) => r.version !== undefined);
    const out = current && prior.length > 0 && this.relayed.version(current.index, current.seqNo!);
    const relayedUpTo = prior.length > 0 ? this.relayed.upTo(next.urn) : 0;
    const carried = out ? [] : prior.filter((r) => r.version! > relayedUpTo);
    const fresh = (next.outbox ?? []).filter((r) => r.version === undefined);
    const before = current?.doc?.changeVersion ?? 0;
    if (fresh.length > 0) {
      // One version per acknowledged write: writes merged into this one stored write each get the next in their order.
      const ranks = [...new Set(fresh.map((r) => r.merged ?? 0))].sort((a, b) => a - b);
      for (const r of fresh) {
        r.version = before + 1 + ranks.indexOf(r.merged ?? 0);
        delete r.merged;
      }
      next.changeVersion = before + ranks.length;
    } else if (before > 0) next.changeVersion = before;
    if (carried.length + fresh.length > 0) next.outbox = [...carried, ...fresh];
    else delete next.outbox;
  }

  /** Documents of several entity types in one realtime `_mget` (a request's batched reads); absent ones are left out. */
  async mgetAcross(items: { entityType: string; urn: string }[]): Promise<Map<string, EntityDoc>> {
    const out = new Map<string, EntityDoc>();
    if (items.length === 0) return out;
    const body = { docs: items.map((i) => ({ _index: this.names.entity(i.entityType), _id: docIdOf(i.urn) })) };
    const res = (await guarded(async () => this.direct?.post('POST _mget', '/_mget?realtime=true', body))) ?? (await guarded(() => this.client.mget({ body, realtime: true } as any)));
    for (const d of mgetDocs(res.body)) if (d.found && !isTombstone(d._source)) out.set(d._source.urn, withoutRecords(d._source as EntityDoc));
    return out;
  }

  /** Like `mget`, with each document's position and change records, for writing it back conditionally. */
  async mgetVersioned(entityType: string, urns: string[]): Promise<Map<string, VersionedDoc>> {
    const out = await this.mgetStored(entityType, urns);
    for (const v of out.values()) unpackOutbox(v.doc);
    return out;
  }

  /** Documents with their positions, their records as stored (packed). */
  private async mgetStored(entityType: string, urns: string[]): Promise<Map<string, VersionedDoc>> {
    const out = new Map<string, VersionedDoc>();
    const unique = [...new Set(urns)];
    if (unique.length === 0) return out;
    const index = this.names.entity(entityType);
    const body = { ids: unique.map(docIdOf) };
    const res = (await guarded(async () => this.direct?.post('POST _mget', `/${encodeURIComponent(index)}/_mget?realtime=true`, body))) ?? (await guarded(() => this.client.mget({ index, body, realtime: true } as any)));
    // A tombstone is left out: the batch then creates the entity, loses that race and writes it through `mutate`.
    for (const d of mgetDocs(res.body)) if (d.found && !isTombstone(d._source)) out.set(d._source.urn, { doc: d._source as EntityDoc, seqNo: d._seq_no, primaryTerm: d._primary_term, index: d._index });
    return out;
  }

  /**
   * Writes documents with one `_bulk` request: new ones are created, read ones replaced only if still at the position
   * they were read at. Answers the URNs whose item could not be applied that way (created or changed meanwhile, or the
   * index write-blocked or just deleted by a rebuild) so the caller can write them through `mutate`; any other item failure is thrown.
   */
  async bulkWrite(items: { doc: EntityDoc; at?: { seqNo: number; primaryTerm: number; doc?: EntityDoc; index?: string } }[], opts: { refresh?: boolean } = {}): Promise<Set<string>> {
    const retry = new Set<string>();
    if (items.length === 0) return retry;
    await this.relayed.pace();
    await this.indices?.ensure(items.map((i) => i.doc.entityType));
    if (items.some((i) => carriesRecords(i.at?.doc))) this.relayed.fresh();
    for (const { doc, at } of items) this.settleOutbox(at, doc);
    // One request for every entity type of the batch: each document goes to its own type's index.
    const body = items.flatMap(({ doc, at }) => [
      at ? { index: { _index: this.names.entity(doc.entityType), _id: docIdOf(doc.urn), if_seq_no: at.seqNo, if_primary_term: at.primaryTerm } } : { create: { _index: this.names.entity(doc.entityType), _id: docIdOf(doc.urn) } },
      packOutbox(doc),
    ]);
    // Never to an index the engine would make itself (a name without the alias, mapped by guess): such an item fails.
    const res = await guarded(() => this.client.bulk({ body, refresh: opts.refresh ? 'wait_for' : false, require_alias: true }, { requestTimeout: 30_000 }));
    const results = (res.body as any).items as Record<string, { status: number; error?: { type?: string; reason?: string } }>[];
    results.forEach((result, i) => {
      const item = Object.values(result)[0];
      if (item.status < 300) return;
      if (item.error?.type === 'index_not_found_exception') this.indices?.forget(items[i].doc.entityType);
      if (item.status === 409 || item.error?.type === 'cluster_block_exception' || item.error?.type === 'index_not_found_exception') retry.add(items[i].doc.urn);
      else if (item.status === 429) throw unavailable('OpenSearch is overloaded');
      else throw new Error(`bulk write of ${items[i].doc.urn} failed: ${item.error?.type}: ${item.error?.reason}`);
    });
    return retry;
  }

  /**
   * Search over entity indices; callers build bodies with the search module. A search that runs out of time is a
   * TIMEOUT (504), never a partial answer; the index's own refusal of a body is a VALIDATION error with its reason.
   */
  async search(entityTypes: string[], body: object, params: Record<string, unknown> = {}): Promise<any> {
    const { query: wanted, ...rest } = body as { query?: object };
    const timed = { timeout: `${this.searchTimeoutMs}ms`, ...rest, query: { bool: { must: wanted ?? { match_all: {} }, must_not: NOT_TOMBSTONE } } };
    // Types without an index yet hold nothing. When none of them has one, the engine answers without aggregations: the
    // same search then runs on an index every catalog has, matching nothing, so that it answers in the usual shape.
    const found = await this.searchIndices(entityTypes, timed, params);
    if (found._shards?.total !== 0 || entityTypes.includes(STAND_IN_ENTITY_TYPE)) return found;
    return this.searchIndices([STAND_IN_ENTITY_TYPE], { ...timed, query: { match_none: {} } }, params);
  }

  private async searchIndices(entityTypes: string[], body: object, params: Record<string, unknown>): Promise<any> {
    const index = entityTypes.map((t) => this.names.entity(t)).join(',');
    const all = { ignore_unavailable: true, allow_no_indices: true, ...params };
    const query = new URLSearchParams(Object.entries(all).map(([k, v]) => [k, String(v)])).toString();
    const path = `/${index.split(',').map(encodeURIComponent).join(',')}/_search?${query}`;
    const res =
      (await guarded(async () => this.direct?.post('POST _search', path, body, this.searchTimeoutMs + 1000), toSearchError)) ??
      (await guarded(() => this.client.search({ index, body, ...all } as any, { requestTimeout: this.searchTimeoutMs + 1000 }), toSearchError));
    if ((res.body as { timed_out?: boolean }).timed_out) throw timedOut('The search did not finish in time; narrow it or try again');
    return res.body;
  }
}
