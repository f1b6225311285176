/**
 * Structured property definitions remembered for reads and searches, correct with several Tessera processes on one
 * cluster:
 * - writes never use it: every write attempt reads the definitions it validates against real-time (`loadDefinitions`
 *   with a fresh memo), so a change made through any process is honoured by every process's writes at once;
 * - reads and searches use entries at most `ttlMs` old (DEFINITION_CACHE_MS, default 1 s), so a change made through
 *   another process is honoured within that time; a change made through this process clears the cache at once.
 * The same holds for the documents a page shows beside its results: tags (name, colour) and property definitions
 * (display name), read whole by the request reader and remembered as read.
 */
import type { DefinitionInfo, DefinitionMemo } from './definition-info.js';

interface Entry<T> {
  at: number;
  value: Promise<T>;
}

/** A per-write memo: never answers from the shared cache (writes read real-time), but what it fetches fills the cache. */
class FillingMemo extends Map<string, Promise<DefinitionInfo | undefined>> {
  constructor(protected readonly cache: DefinitionCache) {
    super();
  }
  override set(urn: string, info: Promise<DefinitionInfo | undefined>): this {
    this.cache.remember(urn, info);
    return super.set(urn, info);
  }
}

/** A per-request memo for reads: misses also fall through to the shared cache. */
class CachedMemo extends FillingMemo {
  /** `seed`: definitions this request read already (a write's, real-time), used as read — not remembered again. */
  constructor(cache: DefinitionCache, seed?: DefinitionMemo) {
    super(cache);
    for (const [urn, info] of seed ?? []) Map.prototype.set.call(this, urn, info);
  }

  // What the shared cache answers is kept by the memo at once: a request that was told a definition is remembered
  // must still get it after the entry expires (an `await` between `has` and `get` can outlast the time to live, and
  // a definition then missing would hide the values written under it).
  override has(urn: string): boolean {
    return this.pinned(urn) !== undefined;
  }
  override get(urn: string): Promise<DefinitionInfo | undefined> | undefined {
    return this.pinned(urn);
  }

  private pinned(urn: string): Promise<DefinitionInfo | undefined> | undefined {
    const own = super.get(urn);
    if (own) return own;
    const cached = this.cache.fresh(urn);
    if (cached) Map.prototype.set.call(this, urn, cached);
    return cached;
  }
}

export class DefinitionCache {
  private readonly byUrn = new Map<string, Entry<DefinitionInfo | undefined>>();
  /** Search field word → property URN; a URN's qualified name never changes, so this only ever goes stale by deletion. */
  private readonly byFieldKey = new Map<string, Entry<string>>();
  /** Whole documents of tags and structured properties, as the request reader read them (never changed by a reader). */
  private readonly displayDocs = new Map<string, Entry<unknown>>();

  constructor(private readonly ttlMs: number) {}

  /**
   * A memo for one read or search request: remembered definitions are used, fetched ones are remembered. `seed`: what
   * the request read already (a write presenting what it wrote uses the definitions it validated against, however long
   * the write took).
   */
  memo(seed?: DefinitionMemo): DefinitionMemo {
    return this.ttlMs > 0 ? new CachedMemo(this, seed) : new Map(seed ?? []);
  }

  /** A memo for one write (or one batch): definitions are read real-time, and what is read is remembered for reads. */
  writeMemo(): DefinitionMemo {
    return this.ttlMs > 0 ? new FillingMemo(this) : new Map();
  }

  fresh(urn: string): Promise<DefinitionInfo | undefined> | undefined {
    return this.lookup(this.byUrn, urn);
  }

  remember(urn: string, info: Promise<DefinitionInfo | undefined>): void {
    if (this.ttlMs > 0) this.store(this.byUrn, urn, info);
  }

  /** The URN of the property whose search field word is `key` (`io_acryl_x`), when remembered. */
  urnOfFieldKey(key: string): Promise<string> | undefined {
    return this.lookup(this.byFieldKey, key);
  }

  rememberFieldKey(key: string, urn: string): void {
    if (this.ttlMs > 0) this.store(this.byFieldKey, key, Promise.resolve(urn));
  }

  /** A tag's or definition's document read by a request at most `ttlMs` ago. */
  freshDisplayDoc<T>(urn: string): Promise<T> | undefined {
    return this.lookup(this.displayDocs, urn) as Promise<T> | undefined;
  }

  rememberDisplayDoc(urn: string, doc: Promise<unknown>): void {
    if (this.ttlMs > 0) this.store(this.displayDocs, urn, doc);
  }

  /** Called after this process wrote entities of `entityType`: a structured property written or deleted clears everything, a tag its documents. */
  afterWrite(entityType: string): void {
    if (entityType === 'tag') this.displayDocs.clear();
    if (entityType !== 'structuredProperty') return;
    this.byUrn.clear();
    this.byFieldKey.clear();
    this.displayDocs.clear();
  }

  private lookup<T>(map: Map<string, Entry<T>>, key: string): Promise<T> | undefined {
    const e = map.get(key);
    if (!e) return undefined;
    if (Date.now() - e.at <= this.ttlMs) return e.value;
    map.delete(key);
    return undefined;
  }

  private store<T>(map: Map<string, Entry<T>>, key: string, value: Promise<T>): void {
    // Bounded: a catalog has at most tens of thousands of definitions; past that, start over rather than grow.
    if (map.size >= 50_000) map.clear();
    const entry = { at: Date.now(), value };
    map.set(key, entry);
    value.catch(() => map.get(key) === entry && map.delete(key)); // a failed fetch is never remembered
  }
}
