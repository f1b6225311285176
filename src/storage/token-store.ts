/**
 * The access tokens index: one document per stored token, keyed by the token's id — its name, who it acts as, who made
 * it, when it expires, when it was revoked and last used, and a salted hash of its secret (never the secret itself).
 */
import type { Client } from '@opensearch-project/opensearch';
import type { IndexNames } from './indices.js';
import { absentAsNull, guarded } from './opensearch-errors.js';
import type { RecordMaker } from './access-store.js';

export interface TokenDoc {
  /** Absent on tokens made before service accounts existed: PERSONAL. SESSION: a web page sign-in (never listed). */
  type?: 'PERSONAL' | 'SERVICE' | 'SESSION';
  /** A session's sign-in token, if stored: the session ends when that token is revoked. */
  parentTokenId?: string;
  /** A session signed in with a signed token: its `iat`, so that revoking the actor's signed tokens ends it too. */
  parentIssuedAt?: number;
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

  private readonly revokedListeners: ((id: string) => void)[] = [];

  /** Called with a token's id once this process has revoked it (its verifier forgets what it trusted at once). */
  onRevoked(listener: (id: string) => void): void {
    this.revokedListeners.push(listener);
  }

  /** Makes the change records of a token's creation and revocation (set by the composition root; they travel in the token's document). */
  recordChange: RecordMaker = () => [];

  /** Records a new token; create-only, so an id can never overwrite another token. Searchable once this resolves. */
  async create(id: string, doc: TokenDoc): Promise<void> {
    const outbox = this.recordChange('token', id, null, doc as unknown as Record<string, unknown>);
    await guarded(() => this.client.index({ index: this.index, id, op_type: 'create', body: { ...doc, ...(outbox.length > 0 && { outbox }) }, refresh: 'wait_for' }));
  }

  /** Revokes a token, its record appended to those its document holds; false when there is no such token. */
  async revoke(id: string, fields: Pick<TokenDoc, 'revokedAt' | 'revokedBy'>): Promise<boolean> {
    const current = await this.get(id);
    if (!current) return false;
    const records = this.recordChange('token', id, { ...current, outbox: undefined } as Record<string, unknown>, { ...current, ...fields, outbox: undefined } as Record<string, unknown>);
    const script = {
      source: 'for (def e : params.fields.entrySet()) { ctx._source[e.getKey()] = e.getValue(); } if (ctx._source.outbox == null) { ctx._source.outbox = []; } ctx._source.outbox.addAll(params.records);',
      params: { fields, records },
    };
    const res = await absentAsNull(() => this.client.update({ index: this.index, id, body: { script }, retry_on_conflict: 3, refresh: 'wait_for' }));
    if (res !== null) for (const listener of this.revokedListeners) listener(id);
    return res !== null;
  }

  /** The token as stored now (a real-time read: a revocation is seen at once). */
  async get(id: string): Promise<TokenView | null> {
    const res = await absentAsNull(() => this.client.get({ index: this.index, id }));
    if (!res) return null;
    const { outbox: _, ...doc } = (res.body as any)._source;
    return { id, ...(doc as TokenDoc) };
  }

  async list(q: TokenQuery): Promise<{ total: number; tokens: TokenView[] }> {
    const filter: object[] = [];
    if (q.ownerUrn) filter.push({ term: { ownerUrn: q.ownerUrn } });
    if (q.actorUrn) filter.push({ term: { actorUrn: q.actorUrn } });
    // Web sessions are tokens of their own, not listed: sign-out (or revoking the token that signed in) ends them.
    const mustNot: object[] = [{ term: { type: 'SESSION' } }, ...(q.includeRevoked ? [] : [{ exists: { field: 'revokedAt' } }])];
    const res = await guarded(() =>
      this.client.search({
        index: this.index,
        body: { from: q.start, size: q.count, track_total_hits: true, query: { bool: { filter, must_not: mustNot } }, sort: [{ createdAt: 'desc' }] },
      }),
    );
    const hits = (res.body as any).hits;
    return { total: hits.total.value, tokens: hits.hits.map((h: any) => ({ id: h._id, ...h._source, outbox: undefined })) };
  }

  /** Merges fields into a stored token (a partial update: revocation and last use never overwrite each other). */
  async update(id: string, fields: Partial<TokenDoc>, refresh = false): Promise<boolean> {
    const res = await absentAsNull(() => this.client.update({ index: this.index, id, body: { doc: fields }, retry_on_conflict: 3, ...(refresh && { refresh: 'wait_for' as const }) }));
    return res !== null;
  }
}
