/**
 * The access index: one document per policy, group (with its members), role binding and service account, keyed
 * `<kind>:<id>`. Writes refresh at once, so every process's next reload (at most a second later) sees them.
 */
import type { Client } from '@opensearch-project/opensearch';
import type { IndexNames } from './indices.js';
import { absentAsNull, guarded, isVersionConflict } from './opensearch-errors.js';

export type AccessKind = 'policy' | 'group' | 'roleBinding' | 'serviceAccount';
/** Every access document, at most; a larger set is refused when written (see `count`). */
export const MAX_ACCESS_DOCS = 10_000;

/** Every access document by kind, as stored (catalog/access gives them their shapes). */
export interface StoredAccess {
  policies: object[];
  groups: object[];
  bindings: object[];
  serviceAccounts: object[];
}

const KEYS: Record<AccessKind, keyof StoredAccess> = { policy: 'policies', group: 'groups', roleBinding: 'bindings', serviceAccount: 'serviceAccounts' };

export class AccessStore {
  constructor(
    private readonly client: Client,
    private readonly names: IndexNames,
  ) {}

  private get index() {
    return this.names.access();
  }

  /** Everything, as one snapshot. */
  async all(): Promise<StoredAccess> {
    const res = await guarded(() => this.client.search({ index: this.index, body: { size: MAX_ACCESS_DOCS, query: { match_all: {} }, sort: ['_doc'] } }));
    const out: StoredAccess = { policies: [], groups: [], bindings: [], serviceAccounts: [] };
    for (const h of (res.body as any).hits.hits) {
      const { kind, ...doc } = h._source;
      const key = KEYS[kind as AccessKind];
      if (key) (out[key] as unknown[]).push(doc);
    }
    return out;
  }

  async count(): Promise<number> {
    const res = await guarded(() => this.client.count({ index: this.index }));
    return (res.body as any).count;
  }

  async get<T>(kind: AccessKind, id: string): Promise<T | null> {
    const res = await absentAsNull(() => this.client.get({ index: this.index, id: `${kind}:${id}` }));
    if (!res) return null;
    const { kind: _, ...doc } = (res.body as any)._source;
    return doc as T;
  }

  /** Writes a document; `create` refuses (answers false) when one exists already. */
  async put(kind: AccessKind, id: string, doc: object, opts: { create?: boolean } = {}): Promise<boolean> {
    try {
      await guarded(() => this.client.index({ index: this.index, id: `${kind}:${id}`, body: { kind, ...doc }, refresh: true, ...(opts.create && { op_type: 'create' as const }) }));
      return true;
    } catch (e) {
      if (opts.create && isVersionConflict(e)) return false;
      throw e;
    }
  }

  /** Changes a document read-modify-write under its sequence number (concurrent changes never lose each other); null when absent. */
  async mutate<T extends object>(kind: AccessKind, id: string, change: (doc: T) => T): Promise<T | null> {
    for (;;) {
      const res = await absentAsNull(() => this.client.get({ index: this.index, id: `${kind}:${id}` }));
      if (!res) return null;
      const body = res.body as any;
      const { kind: _, ...doc } = body._source;
      const next = change(doc as T);
      try {
        await guarded(() =>
          this.client.index({ index: this.index, id: `${kind}:${id}`, body: { kind, ...next }, if_seq_no: body._seq_no, if_primary_term: body._primary_term, refresh: true }),
        );
        return next;
      } catch (e) {
        if (!isVersionConflict(e)) throw e;
      }
    }
  }

  async delete(kind: AccessKind, id: string): Promise<boolean> {
    const res = await absentAsNull(() => this.client.delete({ index: this.index, id: `${kind}:${id}`, refresh: true }));
    return res !== null;
  }
}
