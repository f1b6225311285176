/**
 * Time-series aspects (profiles, usage, operations, assertion runs, ingestion checkpoints): points, not versions. Each
 * aspect has its own indices, one per calendar month (UTC) of the points' `timestampMillis`, each behind an alias of the
 * same name made when a point of that month is first written — so retention drops whole months, and a write never lands
 * in an index the engine made by itself (`require_alias`). A point's id is derived from what identifies it (entity,
 * time, partition, message id): writing it again replaces it, so a retried batch cannot count a point twice.
 */
import { createHash } from 'node:crypto';
import type { Client } from '@opensearch-project/opensearch';
import { unavailable } from '../errors.js';
import { ensureIndex, loadMappingFile, type IndexLayout, type IndexNames } from './indices.js';
import { guarded } from './opensearch-errors.js';
import { MadeOnce } from './made-once.js';

/** One point as stored: the aspect's value exactly as written, and the fields that find it. */
export interface StoredPoint {
  urn: string;
  entityType: string;
  timestampMillis: number;
  messageId?: string;
  runId?: string;
  /** `name=value` of the value's scalar fields (one level of nesting), for the original's field filters. */
  attrs: string[];
  event: Record<string, unknown>;
  systemMetadata?: Record<string, unknown>;
  writtenAt: number;
}

export interface PointToWrite {
  aspect: string;
  point: StoredPoint;
}

/** A field condition: `attrs` equality (any of the values), or a range on the point's time. */
export type PointCondition = { field: string; values: string[]; negated?: boolean } | { field: 'timestampMillis'; gte?: number; lte?: number; gt?: number; lt?: number };

export interface PointQuery {
  aspect: string;
  urns?: string[];
  startTimeMillis?: number;
  endTimeMillis?: number;
  /** Alternatives (or) of conditions that must all hold (and). */
  filter?: PointCondition[][];
  limit: number;
  order?: 'asc' | 'desc';
  /** Continue after this sort position (`searchAfter` of the last answer). */
  after?: unknown[];
}

export interface PointPage {
  points: (StoredPoint & { id: string })[];
  total: number;
  /** Where the next page begins, when there may be one. */
  next?: unknown[];
}

const MAX_ATTR_LENGTH = 256;

/** The `name=value` strings a value is filtered by: top-level scalars and those of top-level objects. */
export function attrsOf(value: Record<string, unknown>): string[] {
  const out: string[] = [];
  const add = (name: string, v: unknown) => {
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') {
      const s = `${name}=${v}`;
      if (s.length <= MAX_ATTR_LENGTH) out.push(s);
    }
  };
  for (const [k, v] of Object.entries(value)) {
    if (Array.isArray(v)) v.forEach((x) => add(k, x));
    else if (v && typeof v === 'object') for (const [k2, v2] of Object.entries(v)) add(`${k}.${k2}`, v2);
    else add(k, v);
  }
  return out;
}

/** The month a time falls in, as index names spell it: `202611`. */
export function monthOf(time: number): string {
  const d = new Date(time);
  return `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The first millisecond after the month `yyyymm`. */
function monthEnd(month: string): number {
  return Date.UTC(Number(month.slice(0, 4)), Number(month.slice(4, 6)), 1);
}

export function pointId(urn: string, p: { timestampMillis: number; partition?: string; messageId?: string }): string {
  return createHash('sha1').update(JSON.stringify([urn, p.timestampMillis, p.partition ?? '', p.messageId ?? ''])).digest('hex');
}

export class TimeseriesStore {
  private readonly months: MadeOnce;

  constructor(
    private readonly client: Client,
    private readonly names: IndexNames,
    layout?: IndexLayout,
  ) {
    const body = loadMappingFile('timeseries-index.json', layout);
    this.months = new MadeOnce((alias) => guarded(() => ensureIndex(client, names, alias, body)));
  }

  /** Every time-series index of the catalog (a pattern). */
  all(): string {
    return `${this.names.prefix}ts_*`;
  }

  private pattern(aspect: string): string {
    return `${this.names.prefix}ts_${aspect.toLowerCase()}_*`;
  }

  private alias(aspect: string, time: number): string {
    return `${this.names.prefix}ts_${aspect.toLowerCase()}_${monthOf(time)}`;
  }

  /** Writes the points in one `_bulk` (their months' indices made first); throws unless every point is stored. */
  async write(points: PointToWrite[], opts: { refresh?: boolean } = {}): Promise<string[]> {
    if (points.length === 0) return [];
    const targets = points.map((p) => this.alias(p.aspect, p.point.timestampMillis));
    const ids = points.map((p) => pointId(p.point.urn, { timestampMillis: p.point.timestampMillis, partition: partitionOf(p.point.event), messageId: p.point.messageId }));
    for (let attempt = 0; ; attempt++) {
      await Promise.all([...new Set(targets)].map((a) => this.months.ensure(a)));
      const body = points.flatMap((p, i) => [{ index: { _index: targets[i], _id: ids[i] } }, p.point]);
      const res = await guarded(() => this.client.bulk({ body, refresh: opts.refresh ? 'wait_for' : false, require_alias: true }, { requestTimeout: 30_000 }));
      const items = (res.body as any).items as Record<string, { status: number; error?: { type?: string; reason?: string } }>[];
      const gone = new Set<string>();
      items.forEach((result, i) => {
        const item = Object.values(result)[0];
        if (item.status < 300) return;
        // An index retention removed behind this process's back: made again, the whole (idempotent) bulk sent again.
        if (item.error?.type === 'index_not_found_exception' && attempt < 2) gone.add(targets[i]);
        else if (item.status === 429) throw unavailable('OpenSearch is overloaded');
        else throw new Error(`bulk write of a ${points[i].aspect} point of ${points[i].point.urn} failed: ${item.error?.type}: ${item.error?.reason}`);
      });
      if (gone.size === 0) return ids;
      for (const a of gone) this.months.forget(a);
    }
  }

  /** Removes points by id (undoing a write whose batch failed after them). */
  async remove(aspectIds: { aspect: string; time: number; id: string }[]): Promise<void> {
    if (aspectIds.length === 0) return;
    const body = aspectIds.map((p) => ({ delete: { _index: this.alias(p.aspect, p.time), _id: p.id } }));
    await guarded(() => this.client.bulk({ body, refresh: 'wait_for' }, { requestTimeout: 30_000 }));
  }

  async query(q: PointQuery): Promise<PointPage> {
    const filter: object[] = [];
    if (q.urns) filter.push({ terms: { urn: q.urns } });
    if (q.startTimeMillis !== undefined || q.endTimeMillis !== undefined) {
      filter.push({ range: { timestampMillis: { ...(q.startTimeMillis !== undefined && { gte: q.startTimeMillis }), ...(q.endTimeMillis !== undefined && { lte: q.endTimeMillis }) } } });
    }
    if (q.filter && q.filter.length > 0) filter.push({ bool: { should: q.filter.map((and) => ({ bool: { filter: and.map(conditionQuery) } })), minimum_should_match: 1 } });
    const order = q.order ?? 'desc';
    const res = await guarded(() =>
      this.client.search(
        {
          index: this.pattern(q.aspect),
          ignore_unavailable: true,
          allow_no_indices: true,
          body: {
            query: { bool: { filter } },
            size: q.limit,
            track_total_hits: true,
            sort: [{ timestampMillis: order }, { messageId: { order, missing: order === 'desc' ? '_last' : '_first', unmapped_type: 'keyword' } }, { writtenAt: order }],
            ...(q.after && { search_after: q.after }),
          },
        } as any,
        { requestTimeout: 30_000 },
      ),
    );
    const hits = (res.body as any).hits;
    const points = hits.hits.map((h: any) => ({ ...h._source, id: h._id }));
    const last = hits.hits[hits.hits.length - 1];
    return { points, total: hits.total?.value ?? points.length, ...(points.length === q.limit && last && { next: last.sort }) };
  }

  /** Removes an entity's points (of one aspect, in a time range, when named); answers how many went. */
  async deleteOf(urn: string, opts: { aspect?: string; startTimeMillis?: number; endTimeMillis?: number } = {}): Promise<number> {
    const filter: object[] = [{ term: { urn } }];
    if (opts.startTimeMillis !== undefined || opts.endTimeMillis !== undefined) {
      filter.push({ range: { timestampMillis: { ...(opts.startTimeMillis !== undefined && { gte: opts.startTimeMillis }), ...(opts.endTimeMillis !== undefined && { lte: opts.endTimeMillis }) } } });
    }
    const index = opts.aspect ? this.pattern(opts.aspect) : this.all();
    const res = await guarded(() =>
      this.client.deleteByQuery({ index, ignore_unavailable: true, allow_no_indices: true, refresh: true, conflicts: 'proceed', body: { query: { bool: { filter } } } } as any, { requestTimeout: 120_000 }),
    );
    return (res.body as { deleted?: number }).deleted ?? 0;
  }

  /** Counts the points an ingestion run wrote (their system metadata's run id). */
  async countOfRun(runId: string): Promise<number> {
    const res = await guarded(() => this.client.count({ index: this.all(), ignore_unavailable: true, allow_no_indices: true, body: { query: { term: { runId } } } } as any));
    return (res.body as { count?: number }).count ?? 0;
  }

  /** Removes the points an ingestion run wrote (its rollback); answers how many went. */
  async deleteOfRun(runId: string): Promise<number> {
    const res = await guarded(() =>
      this.client.deleteByQuery({ index: this.all(), ignore_unavailable: true, allow_no_indices: true, refresh: true, conflicts: 'proceed', body: { query: { term: { runId } } } } as any, { requestTimeout: 120_000 }),
    );
    return (res.body as { deleted?: number }).deleted ?? 0;
  }

  /** Counts an entity's points (what a hard delete would remove). */
  async countOf(urn: string): Promise<number> {
    const res = await guarded(() => this.client.count({ index: this.all(), ignore_unavailable: true, allow_no_indices: true, body: { query: { term: { urn } } } } as any));
    return (res.body as { count?: number }).count ?? 0;
  }

  /**
   * Drops the months wholly older than the retention of their aspect (`retentionDays(aspect)`; 0 keeps them for ever).
   * Answers the indices dropped.
   */
  async dropExpired(retentionDays: (aspect: string) => number, now = Date.now()): Promise<string[]> {
    const res = await guarded(() => this.client.indices.getAlias({ index: this.all() }, { ignore: [404] }));
    const aliasOf = new Map<string, string>();
    for (const [index, v] of Object.entries((res.body ?? {}) as Record<string, { aliases?: Record<string, unknown> }>)) {
      for (const alias of Object.keys(v.aliases ?? {})) aliasOf.set(alias, index);
    }
    const head = `${this.names.prefix}ts_`;
    const dropped: string[] = [];
    for (const [alias, index] of aliasOf) {
      const m = /^(.*)_(\d{6})$/.exec(alias.slice(head.length));
      if (!m) continue;
      const days = retentionDays(m[1]);
      if (days <= 0 || monthEnd(m[2]) > now - days * 86_400_000) continue;
      await guarded(() => this.client.indices.delete({ index }, { ignore: [404] }));
      this.months.forget(alias);
      dropped.push(alias);
    }
    return dropped;
  }
}

function conditionQuery(c: PointCondition): object {
  if ('values' in c) {
    const q = { terms: { attrs: c.values.map((v) => `${c.field}=${v}`) } };
    return c.negated ? { bool: { must_not: q } } : q;
  }
  const { field: _f, ...range } = c;
  return { range: { timestampMillis: range } };
}

export function partitionOf(event: Record<string, unknown>): string | undefined {
  const spec = event.partitionSpec as { partition?: unknown } | undefined;
  return typeof spec?.partition === 'string' ? spec.partition : undefined;
}
