/** A typed client for Tessera's REST v2/v3, GraphQL and emitter endpoints, with retries on 429/503. */
import { encodeUrn, parseUrn } from '../model/urn.js';
import type { PatchBody } from '../model/json-patch.js';
import type { Proposal } from '../model/proposal.js';
import { DEFAULT_RETRY, retryDelayMs, shouldRetry, sleep, type RetryOptions } from './retry.js';
import { TesseraApiError, TesseraConnectionError, TesseraGraphqlError, TesseraValidationError } from './sdk-errors.js';

export interface TesseraClientOptions {
  /** Base address, e.g. `http://localhost:8080/gms` (the `/gms` suffix is optional). */
  server: string;
  /** Bearer token (a JWT); omit for a server with AUTH_MODE=none. */
  token?: string;
  retry?: RetryOptions;
  /** Ask the server to make every write visible to search before answering. */
  waitForSearch?: boolean;
  /** Per-attempt timeout (default 30 s). */
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Names the caller to the server (`x-tessera-client`): change records say which interface made a change (`cli`). */
  clientName?: string;
}

type QueryValue = string | number | boolean | undefined | (string | number)[];

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  contentType?: string;
  /** Answer 404 with `undefined` instead of throwing. */
  allow404?: boolean;
  /** Overrides the client's `waitForSearch` for this call. */
  waitForSearch?: boolean;
}

export interface ListOptions {
  aspects?: string[];
  count?: number;
  scrollId?: string;
  query?: string;
  includeSoftDelete?: boolean;
}

export interface EntityRecord {
  urn: string;
  /** Aspect name → aspect value. */
  aspects: Record<string, unknown>;
}

/** The entity type word of a URN (`dataset`, `structuredProperty`, …); refuses a malformed URN. */
export function entityTypeOf(urn: string): string {
  try {
    return parseUrn(urn).entityType;
  } catch (e) {
    throw new TesseraValidationError((e as Error).message);
  }
}

const unwrapEntity = (e: Record<string, any>): EntityRecord => ({
  urn: e.urn,
  aspects: Object.fromEntries(Object.entries(e).filter(([k]) => k !== 'urn').map(([k, v]) => [k, (v as { value: unknown }).value])),
});

/** One change a previewed batch would make (a change record without its stamps). */
export interface PreviewedChange {
  urn: string;
  aspect: string;
  category: string;
  operation: string;
  modifier?: string;
  fieldPath?: string;
  before?: unknown;
  after?: unknown;
  rule?: string;
  setBy?: { actor: string; source?: string };
}

export class TesseraClient {
  readonly server: string;
  private readonly retry: Required<RetryOptions>;
  private readonly doFetch: typeof fetch;

  constructor(private readonly options: TesseraClientOptions) {
    this.server = options.server.replace(/\/+$/, '');
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
    this.doFetch = options.fetch ?? fetch;
  }

  private urlOf(path: string, query: RequestOptions['query']): URL {
    const url = new URL(`${this.server}${path}`);
    for (const [k, v] of Object.entries(query ?? {})) {
      if (v === undefined) continue;
      for (const item of Array.isArray(v) ? v : [v]) url.searchParams.append(k, String(item));
    }
    return url;
  }

  /**
   * A GET whose body is read as it arrives (a CSV export): answers the response once the status says it succeeded;
   * a refusal throws as `request` does. No retry once the body has started.
   */
  async stream(path: string, opts: Pick<RequestOptions, 'query'> & { accept?: string } = {}): Promise<Response> {
    const headers: Record<string, string> = { accept: opts.accept ?? '*/*' };
    if (this.options.token) headers.authorization = `Bearer ${this.options.token}`;
    if (this.options.clientName) headers['x-tessera-client'] = this.options.clientName;
    let res: Response;
    try {
      res = await this.doFetch(this.urlOf(path, opts.query), { headers });
    } catch (e) {
      throw new TesseraConnectionError(this.server, e);
    }
    if (res.ok) return res;
    const text = await res.text();
    let parsed: any;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    throw new TesseraApiError(res.status, parsed?.error ?? `HTTP ${res.status}`, parsed?.message ?? text.slice(0, 500), parsed);
  }

  /** One HTTP call with retries; answers the parsed JSON body (undefined when empty). */
  async request<T = any>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
    const url = this.urlOf(path, opts.query);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.options.token) headers.authorization = `Bearer ${this.options.token}`;
    if (opts.waitForSearch ?? this.options.waitForSearch) headers['x-tessera-wait-for-search'] = 'true';
    if (this.options.clientName) headers['x-tessera-client'] = this.options.clientName;
    if (opts.body !== undefined) headers['content-type'] = opts.contentType ?? 'application/json';
    const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
    for (let attempt = 0; ; attempt++) {
      let res: Response;
      try {
        res = await this.doFetch(url, { method, headers, body, signal: AbortSignal.timeout(this.options.timeoutMs ?? 30_000) });
      } catch (e) {
        throw new TesseraConnectionError(this.server, e);
      }
      if (shouldRetry(res.status, attempt, this.retry)) {
        await res.body?.cancel();
        await sleep(retryDelayMs(attempt, this.retry, res.headers.get('retry-after')));
        continue;
      }
      const text = await res.text();
      let parsed: any;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        parsed = undefined;
      }
      if (res.ok) return parsed as T;
      if (res.status === 404 && opts.allow404) return undefined as T;
      const error = typeof parsed?.error === 'string' ? parsed.error : res.statusText || `HTTP ${res.status}`;
      const message = typeof parsed?.message === 'string' ? parsed.message : text.slice(0, 500) || error;
      throw new TesseraApiError(res.status, error, message, parsed);
    }
  }

  private entityPath(urn: string, aspect?: string, version: 'v2' | 'v3' = 'v3'): string {
    const base = `/openapi/${version}/entity/${entityTypeOf(urn)}/${encodeUrn(urn)}`;
    return aspect ? `${base}/${encodeURIComponent(aspect)}` : base;
  }

  /** The current value of one aspect, or null when the entity or the aspect does not exist. */
  async getAspect<T = unknown>(urn: string, aspect: string): Promise<T | null> {
    const res = await this.request<{ value: T }>('GET', this.entityPath(urn, aspect, 'v2'), { allow404: true });
    return res ? res.value : null;
  }

  /** The entity with the named aspects (all when none are named), or null when it does not exist. */
  async getEntity(urn: string, aspects?: string[]): Promise<EntityRecord | null> {
    const res = await this.request('GET', this.entityPath(urn), { query: { aspects }, allow404: true });
    return res ? unwrapEntity(res) : null;
  }

  /** True when the entity exists and is not soft deleted. */
  async exists(urn: string): Promise<boolean> {
    try {
      await this.request('HEAD', this.entityPath(urn));
      return true;
    } catch (e) {
      if (e instanceof TesseraApiError && e.status === 404) return false;
      throw e;
    }
  }

  /** Writes one whole aspect (upsert; create-only with `createIfNotExists`) and answers the stored value. */
  async upsertAspect<T = unknown>(urn: string, aspect: string, value: T, opts: { createIfNotExists?: boolean } = {}): Promise<T> {
    const res = await this.request('POST', this.entityPath(urn, aspect), { query: { createIfNotExists: opts.createIfNotExists ?? false }, body: { value } });
    return res[aspect].value;
  }

  /** Applies a JSON patch (optionally with arrayPrimaryKeys) to one aspect and answers the resulting value. */
  async patchAspect<T = unknown>(urn: string, aspect: string, patch: PatchBody): Promise<T> {
    const res = await this.request('PATCH', this.entityPath(urn, aspect), { body: patch, contentType: 'application/json-patch+json' });
    return res[aspect].value;
  }

  /** Hard deletes an entity (a no-op when it does not exist). */
  async deleteEntity(urn: string): Promise<void> {
    await this.request('DELETE', this.entityPath(urn));
  }

  async deleteAspect(urn: string, aspect: string): Promise<void> {
    await this.request('DELETE', this.entityPath(urn, aspect));
  }

  /** One page of the entities of a type. */
  async listEntities(entityType: string, opts: ListOptions = {}): Promise<{ scrollId?: string; total: number; entities: EntityRecord[] }> {
    const res = await this.request('GET', `/openapi/v3/entity/${encodeURIComponent(entityType)}`, { query: { ...opts, aspects: opts.aspects } });
    return { scrollId: res.scrollId, total: res.totalCount, entities: res.entities.map(unwrapEntity) };
  }

  /** Every entity of a type, page after page. */
  async *scrollEntities(entityType: string, opts: Omit<ListOptions, 'scrollId'> = {}): AsyncGenerator<EntityRecord> {
    let scrollId: string | undefined;
    do {
      const page = await this.listEntities(entityType, { count: 100, ...opts, scrollId });
      yield* page.entities;
      scrollId = page.scrollId;
    } while (scrollId);
  }

  /** Runs a GraphQL operation and answers its `data`; GraphQL errors throw TesseraGraphqlError. */
  async graphql<T = any>(query: string, variables?: Record<string, unknown>): Promise<T> {
    const res = await this.request('POST', '/api/graphql', { body: { query, variables } });
    if (res?.errors?.length) throw new TesseraGraphqlError(res.errors);
    return res.data as T;
  }

  /** Sends one proposal over the emitter wire and answers the entity URN. */
  async ingestProposal(proposal: Proposal): Promise<string> {
    const res = await this.request('POST', '/aspects', { query: { action: 'ingestProposal' }, body: { proposal, async: 'false' } });
    return res.value;
  }

  /** Sends several proposals in one request; the server checks them all before writing any. */
  async ingestProposalBatch(proposals: Proposal[], opts: { waitForSearch?: boolean } = {}): Promise<void> {
    await this.request('POST', '/aspects', { query: { action: 'ingestProposalBatch' }, body: { proposals, async: 'false' }, waitForSearch: opts.waitForSearch });
  }

  /** What a batch would change, written nowhere (Tessera's `dryRun`): refused as the write would be, else its changes. */
  async previewProposalBatch(proposals: Proposal[]): Promise<PreviewedChange[]> {
    const answer = await this.request<{ value: { changes: PreviewedChange[] } }>('POST', '/aspects', { query: { action: 'ingestProposalBatch', dryRun: 'true' }, body: { proposals, async: 'false' } });
    return answer.value.changes;
  }

  /** The server's configuration probe (`GET /config`, public). */
  serverConfig(): Promise<Record<string, unknown>> {
    return this.request('GET', '/config');
  }
}
