/**
 * The access index: one document per policy, group (with its members), role binding and service account, keyed
 * `<kind>:<id>`. Writes refresh at once, so every process's next reload (at most a second later) sees them.
 */
import type { Client } from '@opensearch-project/opensearch';
import type { IndexNames } from './indices.js';
import { absentAsNull, guarded, isVersionConflict } from './opensearch-errors.js';
import type { OutboxRecord } from './entity-store.js';

/** Makes the change records of an administrative change (set by the composition root); none when absent. */
export type RecordMaker = (kind: string, id: string, before: Record<string, unknown> | null, after: Record<string, unknown> | null) => OutboxRecord[];

/** What the store knows of the relay's progress: whether the records of a stored version are out already. */
export interface RelayedVersions {
  version(index: string | undefined, seqNo: number): boolean;
  fresh(): void;
}

interface Stored {
  doc: Record<string, unknown> | null;
  outbox: OutboxRecord[];
  seq?: { if_seq_no: number; if_primary_term: number };
  index?: string;
}

/** `reindexRun`: a record of an index rebuild, kept here so that it joins the change log like the other administrative actions. */
export type AccessKind = 'policy' | 'group' | 'roleBinding' | 'serviceAccount' | 'signedTokenCutoff' | 'reindexRun';
/** Every access document, at most; a larger set is refused when written (see `count`). */
export const MAX_ACCESS_DOCS = 10_000;

/** Every access document by kind, as stored (catalog/access gives them their shapes). */
export interface StoredAccess {
  policies: object[];
  groups: object[];
  bindings: object[];
  serviceAccounts: object[];
  /** Per actor, the time before which tokens signed with the service secret are refused (their revocation). */
  signedTokenCutoffs: object[];
}

const KEYS: Partial<Record<AccessKind, keyof StoredAccess>> = {
  policy: 'policies', group: 'groups', roleBinding: 'bindings', serviceAccount: 'serviceAccounts', signedTokenCutoff: 'signedTokenCutoffs',
};

/**
 * Every write carries its change record in the document it changes (its outbox), as entity writes do; a deleted
 * document stays as a marker (`deleted`) holding its last record, which every read leaves out.
 */
export class AccessStore {
  recordChange: RecordMaker = () => [];
  relayed: RelayedVersions = { version: () => false, fresh: () => undefined };

  constructor(
    private readonly client: Client,
    private readonly names: IndexNames,
  ) {}

  private get index() {
    return this.names.access();
  }

  /**
   * Everything, as one snapshot: every live policy, group, binding and service account, read to the last one however
   * many other documents the index holds. One search answers when they fit a page (the total says so); more are read
   * with a scroll. A rule left out would fail open, so a read that cannot finish throws, and the previous snapshot
   * stays in force.
   */
  async all(): Promise<StoredAccess> {
    const query = { bool: { must_not: { term: { deleted: true } }, filter: { terms: { kind: Object.keys(KEYS) } } } };
    const body = { size: PAGE, track_total_hits: true, _source: { excludes: ['outbox'] }, query, sort: ['_doc'] };
    const out: StoredAccess = { policies: [], groups: [], bindings: [], serviceAccounts: [], signedTokenCutoffs: [] };
    const take = (hits: { _source: Record<string, unknown> }[]) => {
      for (const h of hits) {
        const { kind, deleted, ...doc } = h._source;
        const key = KEYS[kind as AccessKind];
        if (!deleted && key) (out[key] as unknown[]).push(doc);
      }
      return hits.length;
    };
    const first = (await guarded(() => this.client.search({ index: this.index, body } as any))).body as any;
    if (take(first.hits.hits) >= first.hits.total.value) return out;
    Object.assign(out, { policies: [], groups: [], bindings: [], serviceAccounts: [], signedTokenCutoffs: [] });
    let res = (await guarded(() => this.client.search({ index: this.index, scroll: SCROLL_KEEP, body } as any))).body as any;
    let scrollId: string | undefined = res._scroll_id;
    try {
      while (take(res.hits.hits) === PAGE && scrollId) {
        const id: string = scrollId;
        res = (await guarded(() => this.client.scroll({ body: { scroll_id: id, scroll: SCROLL_KEEP } } as any))).body as any;
        scrollId = res._scroll_id;
      }
    } finally {
      const id = scrollId;
      if (id) await this.client.clearScroll({ body: { scroll_id: id } } as any).catch(() => undefined);
    }
    return out;
  }

  async count(): Promise<number> {
    const query = { bool: { must_not: [{ term: { deleted: true } }, { term: { kind: 'reindexRun' } }] } };
    const res = await guarded(() => this.client.count({ index: this.index, body: { query } } as any));
    return (res.body as any).count;
  }

  /** The document as stored (real-time), with its outbox and position; `doc` null when absent or deleted. */
  private async read(kind: AccessKind, id: string): Promise<Stored> {
    const res = await absentAsNull(() => this.client.get({ index: this.index, id: `${kind}:${id}` }));
    if (!res) return { doc: null, outbox: [] };
    const body = res.body as any;
    const { kind: _, deleted, outbox, ...doc } = body._source;
    return { doc: deleted ? null : doc, outbox: outbox ?? [], seq: { if_seq_no: body._seq_no, if_primary_term: body._primary_term }, index: body._index };
  }

  /** Writes `next` (null: the deleted marker) over what was read, conditionally, with the records not relayed yet and the new one. */
  private async write(kind: AccessKind, id: string, read: Stored, next: Record<string, unknown> | null): Promise<void> {
    if (read.outbox.length > 0) this.relayed.fresh();
    const carried = read.seq && read.outbox.length > 0 && this.relayed.version(read.index, read.seq.if_seq_no) ? [] : read.outbox;
    const outbox = [...carried, ...this.recordChange(kind, id, read.doc, next)];
    const body = { kind, ...(next ?? { deleted: true }), ...(outbox.length > 0 && { outbox }) };
    const where = read.seq ? read.seq : { op_type: 'create' as const };
    await guarded(() => this.client.index({ index: this.index, id: `${kind}:${id}`, body, refresh: true, ...where }));
  }

  async get<T>(kind: AccessKind, id: string): Promise<T | null> {
    return (await this.read(kind, id)).doc as T | null;
  }

  /** Writes a document; `create` refuses (answers false) when one exists already. */
  async put(kind: AccessKind, id: string, doc: object, opts: { create?: boolean } = {}): Promise<boolean> {
    return (await this.change(kind, id, (current) => (opts.create && current ? undefined : (doc as Record<string, unknown>)))) !== undefined;
  }

  /** Changes a document read-modify-write under its sequence number (concurrent changes never lose each other); null when absent. */
  async mutate<T extends object>(kind: AccessKind, id: string, change: (doc: T) => T): Promise<T | null> {
    const next = await this.change(kind, id, (current) => (current ? (change(current as T) as Record<string, unknown>) : undefined));
    return (next as T | undefined) ?? null;
  }

  async delete(kind: AccessKind, id: string): Promise<boolean> {
    return (await this.change(kind, id, (current) => (current ? null : undefined))) !== undefined;
  }

  /** Read, change (undefined: leave it), write conditionally; again after a concurrent change. Answers what was written. */
  private async change(kind: AccessKind, id: string, fn: (current: Record<string, unknown> | null) => Record<string, unknown> | null | undefined) {
    for (;;) {
      const read = await this.read(kind, id);
      const next = fn(read.doc);
      if (next === undefined) return undefined;
      try {
        await this.write(kind, id, read, next);
        return next;
      } catch (e) {
        if (!isVersionConflict(e)) throw e;
      }
    }
  }
}

/** Documents that are not deleted markers. */
/** The snapshot is read a page at a time, each within this long of the last. */
const PAGE = 5_000;
const SCROLL_KEEP = '30s';
