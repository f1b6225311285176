/**
 * The access tokens index: one document per stored token, keyed by the token's id — its name, who it acts as, who made
 * it, when it expires, when it was revoked and last used, and a salted hash of its secret (never the secret itself).
 */
import type { Client } from '@opensearch-project/opensearch';
import type { IndexNames } from './indices.js';
import { absentAsNull, guarded } from './opensearch-errors.js';

export interface TokenDoc {
  /** Absent on tokens made before service accounts existed: PERSONAL. */
  type?: 'PERSONAL' | 'SERVICE';
  name: string;
  description?: string;
  actorUrn: string;
  ownerUrn: string;
  createdAt: number;
  /** Absent: the token does not expire (only where the administrator's maximum allows it). */
  expiresAt?: number;
  revokedAt?: number;
  revokedBy?: string;
  lastUsedAt?: number;
  salt: string;
  hash: string;
}

export interface TokenView extends TokenDoc {
  id: string;
}

export interface TokenQuery {
  ownerUrn?: string;
  actorUrn?: string;
  includeRevoked?: boolean;
  start: number;
  count: number;
}

export class TokenStore {
  constructor(
    private readonly client: Client,
    private readonly names: IndexNames,
  ) {}

  private get index() {
    return this.names.tokens();
  }

  /** Records a new token; create-only, so an id can never overwrite another token. Searchable once this resolves. */
  async create(id: string, doc: TokenDoc): Promise<void> {
    await guarded(() => this.client.index({ index: this.index, id, op_type: 'create', body: doc, refresh: 'wait_for' }));
  }

  /** The token as stored now (a real-time read: a revocation is seen at once). */
  async get(id: string): Promise<TokenView | null> {
    const res = await absentAsNull(() => this.client.get({ index: this.index, id }));
    return res && { id, ...((res.body as any)._source as TokenDoc) };
  }

  async list(q: TokenQuery): Promise<{ total: number; tokens: TokenView[] }> {
    const filter: object[] = [];
    if (q.ownerUrn) filter.push({ term: { ownerUrn: q.ownerUrn } });
    if (q.actorUrn) filter.push({ term: { actorUrn: q.actorUrn } });
    const mustNot = q.includeRevoked ? [] : [{ exists: { field: 'revokedAt' } }];
    const res = await guarded(() =>
      this.client.search({
        index: this.index,
        body: { from: q.start, size: q.count, track_total_hits: true, query: { bool: { filter, must_not: mustNot } }, sort: [{ createdAt: 'desc' }] },
      }),
    );
    const hits = (res.body as any).hits;
    return { total: hits.total.value, tokens: hits.hits.map((h: any) => ({ id: h._id, ...h._source })) };
  }

  /** Merges fields into a stored token (a partial update: revocation and last use never overwrite each other). */
  async update(id: string, fields: Partial<TokenDoc>, refresh = false): Promise<boolean> {
    const res = await absentAsNull(() => this.client.update({ index: this.index, id, body: { doc: fields }, retry_on_conflict: 3, ...(refresh && { refresh: 'wait_for' as const }) }));
    return res !== null;
  }
}
