/**
 * The events index: change records in their global sequence, append-only. The records one write made to one entity
 * (one entity version) are kept as one document — their sequence numbers run without a gap inside it — so recording a
 * write costs one indexed document however many fields it changed. History, the poll and webhooks read records from it.
 *
 * Only the relay writes it, create-only, each document under its first sequence number: two documents can never
 * start at the same number, and a number a leader handed out but never wrote (it died, or lost the lead) is sealed
 * by the next leader with a skip document of its own before that one numbers anything (see `seal`). A skip covered by
 * a group written first (the old leader won the race for that group's first number) is void: readers pass it by.
 * (Catalogs from before kept documents under the group's id; both are read alike.)
 */
import type { Client } from '@opensearch-project/opensearch';
import type { IndexNames } from './indices.js';
import { guarded, mgetDocs } from './opensearch-errors.js';

/** A record as the events index holds it: its id, place in the sequence, entity and time, and whatever else it says. */
export interface StoredEvent {
  id: string;
  seq: number;
  urn: string;
  time: number;
  [field: string]: unknown;
}

/** The records of one write to one entity, in order, with consecutive sequence numbers. */
export interface EventGroup {
  id: string;
  records: StoredEvent[];
}

/** The gap-free run of records after an offset: the records, and the last number it covers (skips included). */
export interface SequenceRun {
  events: StoredEvent[];
  reached: number;
  /** Whether a later number is visible beyond a gap (it fills when the relay's write there becomes visible). */
  hole: boolean;
}

/** Filters of a history or poll read: closed data, each one a term filter on a mapped field (or a range). */
export interface EventFilter {
  afterSeq?: number;
  upToSeq?: number;
  urns?: string[];
  categories?: string[];
  excludeCategories?: string[];
  actors?: string[];
  modifiers?: string[];
  entityTypes?: string[];
  fieldPath?: string;
  /** Inclusive bounds, in milliseconds. */
  startTime?: number;
  endTime?: number;
}

/**
 * Whether one record passes the filter (a group is found by its fields, then its records are checked one by one; a
 * record not relayed yet, without a sequence number, is checked on the other fields).
 */
export function passes(r: Omit<StoredEvent, 'seq'> & { seq?: number | null; time: number }, f: EventFilter): boolean {
  const has = (values: string[] | undefined, v: unknown) => !values?.length || values.includes(v as string);
  return (
    (f.afterSeq === undefined || (r.seq ?? Infinity) > f.afterSeq) &&
    (f.upToSeq === undefined || (r.seq ?? -Infinity) <= f.upToSeq) &&
    has(f.urns, r.urn) &&
    has(f.categories, r.category) &&
    !f.excludeCategories?.includes(r.category as string) &&
    has(f.actors, r.actor) &&
    has(f.modifiers, r.modifier) &&
    has(f.entityTypes, r.entityType) &&
    (f.fieldPath === undefined || r.fieldPath === f.fieldPath) &&
    (f.startTime === undefined || r.time >= f.startTime) &&
    (f.endTime === undefined || r.time <= f.endTime)
  );
}

function queryOf(f: EventFilter): object {
  const filter: object[] = [];
  const terms = (field: string, values?: string[]) => values && values.length > 0 && filter.push({ terms: { [field]: values } });
  terms('urn', f.urns);
  terms('categories', f.categories);
  terms('actor', f.actors);
  terms('modifiers', f.modifiers);
  terms('entityType', f.entityTypes);
  if (f.fieldPath !== undefined) filter.push({ term: { fieldPaths: f.fieldPath } });
  if (f.afterSeq !== undefined) filter.push({ range: { lastSeq: { gt: f.afterSeq } } });
  if (f.upToSeq !== undefined) filter.push({ range: { seq: { lte: f.upToSeq } } });
  if (f.startTime !== undefined || f.endTime !== undefined) filter.push({ range: { time: { ...(f.startTime !== undefined && { gte: f.startTime }), ...(f.endTime !== undefined && { lte: f.endTime }) } } });
  // Administrative groups hold administrative records only, so leaving out a category can leave out whole groups.
  const mustNot = f.excludeCategories?.length ? [{ terms: { categories: f.excludeCategories } }] : [];
  return { bool: { filter, must_not: mustNot } };
}

const uniq = (values: unknown[]): string[] => [...new Set(values.filter((v): v is string => typeof v === 'string'))];

/** The longest one append of events may take (half the relay's lease). */
const APPEND_TIMEOUT_MS = 5_000;

export class EventStore {
  readonly index: string;

  constructor(private readonly client: Client, names: IndexNames) {
    this.index = names.events();
  }

  /**
   * Which of these groups the index holds already, as its last refresh shows it (the relay refreshes after every round
   * of appends and after sealing, and remembers what it wrote since).
   */
  async existingGroups(groupIds: string[]): Promise<Set<string>> {
    if (groupIds.length === 0) return new Set();
    const query = { bool: { should: [{ terms: { group: groupIds } }, { ids: { values: groupIds } }], minimum_should_match: 1 } };
    const res = await guarded(() => this.client.search({ index: this.index, body: { size: groupIds.length, query, _source: ['group'] } } as any));
    return new Set(((res.body as any).hits.hits as any[]).map((h) => (h._source.group as string | undefined) ?? (h._id as string)));
  }

  /** Which group each of these documents (by first sequence number) holds; absent numbers are left out (real-time). */
  async groupsAt(seqs: number[]): Promise<Map<number, string>> {
    const out = new Map<number, string>();
    if (seqs.length === 0) return out;
    const res = await guarded(() => this.client.mget({ index: this.index, body: { ids: seqs.map(String) }, _source: ['group', 'skip'], realtime: true } as any));
    for (const d of mgetDocs(res.body)) if (d.found) out.set(Number(d._id), (d._source as any)?.skip ? '' : ((d._source as any)?.group ?? ''));
    return out;
  }

  /** Which of these record ids the index holds (it is refreshed by every append). */
  async existing(ids: string[]): Promise<Set<string>> {
    return new Set((await this.byIds(ids)).keys());
  }

  /** Records by id; ids not held are left out. */
  async byIds(ids: string[]): Promise<Map<string, StoredEvent>> {
    const out = new Map<string, StoredEvent>();
    if (ids.length === 0) return out;
    const wanted = new Set(ids);
    const res = await guarded(() => this.client.search({ index: this.index, body: { size: ids.length, query: { terms: { ids } }, _source: ['records'] } } as any));
    for (const h of (res.body as any).hits.hits) for (const r of h._source.records as StoredEvent[]) if (wanted.has(r.id)) out.set(r.id, r);
    return out;
  }

  /** Makes what was appended visible to searches (the relay does it once per round of appends). */
  async refresh(): Promise<void> {
    await guarded(() => this.client.indices.refresh({ index: this.index }));
  }

  /**
   * Appends groups (create-only; visible to searches after the next refresh). Answers the ids of the groups that could not
   * be written for a reason other than being there already (`failed`: the relay retries them with the same numbers),
   * and of those that were there already (`present`).
   */
  async append(groups: EventGroup[]): Promise<{ failed: Set<string>; present: Set<string> }> {
    const failed = new Set<string>();
    const present = new Set<string>();
    if (groups.length === 0) return { failed, present };
    const body = groups.flatMap((g) => {
      const [first, last] = [g.records[0], g.records[g.records.length - 1]];
      const doc = {
        group: g.id,
        seq: first.seq,
        lastSeq: last.seq,
        ids: g.records.map((r) => r.id),
        urn: first.urn,
        entityType: first.entityType,
        version: first.version,
        // A write merged with others of the same entity (one version) may hold several actors and times.
        actor: uniq(g.records.map((r) => r.actor)),
        via: uniq(g.records.map((r) => r.via)),
        time: [...new Set(g.records.map((r) => r.time))],
        categories: uniq(g.records.map((r) => r.category)),
        operations: uniq(g.records.map((r) => r.operation)),
        modifiers: uniq(g.records.map((r) => r.modifier)),
        fieldPaths: uniq(g.records.map((r) => r.fieldPath)),
        records: g.records,
      };
      return [{ create: { _index: this.index, _id: String(first.seq) } }, doc];
    });
    // Well within the relay's lease (10 s): an append that takes longer is given up and written again (create-only,
    // the same numbers) after the lease is renewed, never left running past a lease that may have passed on.
    const res = await guarded(() => this.client.bulk({ body }, { requestTimeout: APPEND_TIMEOUT_MS, maxRetries: 0 }));
    ((res.body as any).items as any[]).forEach((item, i) => {
      const r = item.create;
      if (r.status === 409) present.add(groups[i].id);
      else if (r.status >= 300) failed.add(groups[i].id);
    });
    return { failed, present };
  }

  /**
   * Seals the numbers in [from, to) that no document covers with a skip document each (create-only: a number another
   * writer takes first stays theirs), so a leader that lost the lead can write none of them any more, and readers
   * pass them by. Answers how many were sealed. Refreshes before and after: what it leaves is what searches see.
   */
  async seal(from: number, to: number): Promise<number> {
    if (to <= from) return 0;
    await this.refresh();
    const covered: [number, number][] = [];
    let cursor: unknown[] | undefined;
    for (;;) {
      const body = { size: 5_000, query: { bool: { filter: [{ range: { lastSeq: { gte: from } } }, { range: { seq: { lt: to } } }] } }, sort: [{ seq: 'asc' }], _source: ['seq', 'lastSeq'], ...(cursor && { search_after: cursor }) };
      const res = await guarded(() => this.client.search({ index: this.index, body } as any));
      const hits = (res.body as any).hits.hits as any[];
      for (const h of hits) covered.push([h._source.seq, h._source.lastSeq]);
      if (hits.length < body.size) break;
      cursor = hits[hits.length - 1].sort;
    }
    const free: number[] = [];
    let c = 0;
    for (let n = from; n < to; n++) {
      while (c < covered.length && covered[c][1] < n) c++;
      if (!(c < covered.length && covered[c][0] <= n)) free.push(n);
    }
    const time = Date.now();
    for (let i = 0; i < free.length; i += 5_000) {
      const body = free.slice(i, i + 5_000).flatMap((n) => [{ create: { _index: this.index, _id: String(n) } }, { seq: n, lastSeq: n, skip: true, time, records: [] }]);
      const res = await guarded(() => this.client.bulk({ body }, { requestTimeout: 60_000 }));
      const failed = ((res.body as any).items as any[]).filter((item) => item.create.status >= 300 && item.create.status !== 409);
      if (failed.length > 0) throw new Error(`sealing unused sequence numbers failed: ${JSON.stringify(failed[0].create.error ?? failed[0].create.status)}`);
    }
    await this.refresh();
    return free.length;
  }

  /**
   * The records after `after` up to the first number nothing covers yet, at most `limit` of them (whole skips passed
   * by): what the poll and webhooks answer, so that a consumer moving on to `reached` never passes a number that
   * is still to be written.
   */
  async sequence(after: number, limit: number): Promise<SequenceRun> {
    const events: StoredEvent[] = [];
    let reached = after;
    let cursor: unknown[] | undefined;
    for (;;) {
      const body = { size: Math.min(Math.max(limit, 100), 5_000), query: { range: { lastSeq: { gt: after } } }, sort: [{ seq: 'asc' }], _source: ['seq', 'lastSeq', 'skip', 'records'], ...(cursor && { search_after: cursor }) };
      const res = await guarded(() => this.client.search({ index: this.index, body } as any));
      const hits = (res.body as any).hits.hits as any[];
      for (const { _source: doc } of hits) {
        if (doc.skip) {
          if (doc.seq > reached + 1) return { events, reached, hole: true };
          reached = Math.max(reached, doc.lastSeq);
          continue;
        }
        for (const r of doc.records as StoredEvent[]) {
          if (r.seq <= reached) continue; // before the offset (a group it cuts through)
          if (r.seq !== reached + 1) return { events, reached, hole: true };
          events.push(r);
          reached = r.seq;
        }
        if (events.length >= limit) return { events: events.slice(0, limit), reached: events.length > limit ? events[limit - 1].seq : reached, hole: false };
      }
      if (hits.length < body.size) return { events, reached, hole: false };
      cursor = hits[hits.length - 1].sort;
    }
  }

  /** The highest sequence number written, or 0. */
  async lastSeq(): Promise<number> {
    const res = await guarded(() => this.client.search({ index: this.index, body: { size: 0, aggs: { last: { max: { field: 'lastSeq' } } } } } as any));
    return ((res.body as any).aggregations?.last?.value as number | null) ?? 0;
  }

  /** The lowest sequence number still held (older ones were removed by retention), or undefined when empty. */
  async firstSeq(): Promise<number | undefined> {
    const res = await guarded(() => this.client.search({ index: this.index, body: { size: 0, aggs: { first: { min: { field: 'seq' } } } } } as any));
    return ((res.body as any).aggregations?.first?.value as number | null) ?? undefined;
  }

  /** Records matching `filter` in sequence order (descending when asked), `size` at most, after a sequence number. */
  async find(filter: EventFilter, size: number, opts: { descending?: boolean; after?: number } = {}): Promise<StoredEvent[]> {
    const descending = opts.descending === true;
    const f: EventFilter = { ...filter };
    if (opts.after !== undefined) {
      if (descending) f.upToSeq = Math.min(f.upToSeq ?? Infinity, opts.after - 1);
      else f.afterSeq = Math.max(f.afterSeq ?? -1, opts.after);
    }
    const out: StoredEvent[] = [];
    let cursor: unknown[] | undefined;
    // Groups found by their fields may hold no record that passes every filter at once: read on until `size` are found.
    for (;;) {
      const body = { size: Math.min(Math.max(size, 100), 5_000), query: queryOf(f), sort: [{ seq: descending ? 'desc' : 'asc' }], _source: ['records'], ...(cursor && { search_after: cursor }) };
      const res = await guarded(() => this.client.search({ index: this.index, body } as any));
      const hits = (res.body as any).hits.hits as any[];
      for (const h of hits) {
        const records = (h._source.records as StoredEvent[]).filter((r) => passes(r, f));
        out.push(...(descending ? records.reverse() : records));
        if (out.length >= size) return out.slice(0, size);
      }
      if (hits.length < body.size) return out;
      cursor = hits[hits.length - 1].sort;
    }
  }

  /** The time before which retention may have removed events (0: never), kept in the index mapping's `_meta`. */
  async removedBefore(): Promise<number> {
    const res = await guarded(() => this.client.indices.getMapping({ index: this.index }));
    const [mapping] = Object.values(res.body as Record<string, { mappings?: { _meta?: { removedBefore?: number } } }>);
    return mapping?.mappings?._meta?.removedBefore ?? 0;
  }

  /**
   * Removes groups older than `time`, except the newest of all (it tells where the sequence stands, so an offset before
   * it is known to be gone even when nothing newer is kept); answers how many records went.
   */
  async removeOlderThan(time: number): Promise<number> {
    // The horizon is kept first: a relay that reads a document's records again (after a rebuild) must not take a
    // removed event for one never sent.
    const horizon = Math.max(await this.removedBefore(), time);
    await guarded(() => this.client.indices.putMapping({ index: this.index, body: { _meta: { removedBefore: horizon } } } as any));
    await this.refresh();
    const newest = await this.lastSeq();
    const query = { bool: { filter: [{ range: { time: { lt: time } } }, { range: { lastSeq: { lt: newest } } }] } };
    const counted = await guarded(() => this.client.search({ index: this.index, body: { size: 0, query, aggs: { records: { sum: { script: { source: "doc['lastSeq'].value - doc['seq'].value + 1" } } } } } } as any));
    const records = Math.round(((counted.body as any).aggregations?.records?.value as number) ?? 0);
    await guarded(() => this.client.deleteByQuery({ index: this.index, body: { query }, refresh: true, conflicts: 'proceed' } as any, { requestTimeout: 600_000 }));
    return records;
  }
}
