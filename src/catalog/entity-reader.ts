/**
 * A request-scoped reader: each entity is read once per request, and aspects are presented through the catalog's read
 * rules. Reads asked for while the request's resolvers run are gathered and made in one `_mget` across entity types
 * (a search page's tags and property definitions together); documents a search already returned are primed, so its
 * hits cost no read at all. A lone read stays one realtime GET.
 */
import { findEntityType } from '../model/entity-types.js';
import { parseUrn } from '../model/urn.js';
import type { EntityDoc } from '../storage/entity-store.js';
import type { CatalogDeps } from './catalog-deps.js';
import type { DefinitionMemo } from './definitions.js';
import { presentAspect } from './read-entity.js';
import { settersOf, type Setters } from './value-owners/value-setters.js';

/** Entities a page shows beside its results (a tag's name and colour, a property's display name): read from the
 * definition cache's display documents when this process read them within DEFINITION_CACHE_MS (a change made through
 * another process shows within that time; one made through this process at once). */
const DISPLAY_TYPES = new Set(['tag', 'structuredProperty']);

interface PendingRead {
  entityType: string;
  urn: string;
  resolve(doc: EntityDoc | null): void;
  reject(e: unknown): void;
}

export class EntityReader {
  private readonly docs = new Map<string, Promise<EntityDoc | null>>();
  private pending: PendingRead[] = [];
  /** Definitions fetched by this request: search results often share them. */
  private definitions: DefinitionMemo;
  constructor(private readonly services: CatalogDeps) {
    this.definitions = services.definitionCache.memo();
  }

  /** Documents this request already holds (a search's hits, read whole with the page): later fields read them from here. */
  prime(docs: Iterable<EntityDoc>): void {
    for (const doc of docs) if (!this.docs.has(doc.urn)) this.docs.set(doc.urn, Promise.resolve(doc));
  }

  private load(urn: string): Promise<EntityDoc | null> {
    let p = this.docs.get(urn);
    if (!p) {
      const def = findEntityType(parseUrn(urn).entityType);
      const shown = def && DISPLAY_TYPES.has(def.name);
      p = shown ? this.services.definitionCache.freshDisplayDoc<EntityDoc | null>(urn) : undefined;
      if (!p) {
        p = def ? new Promise((resolve, reject) => this.enqueue({ entityType: def.name, urn, resolve, reject })) : Promise.resolve(null);
        if (shown) this.services.definitionCache.rememberDisplayDoc(urn, p);
      }
      this.docs.set(urn, p);
    }
    return p;
  }

  /** Reads asked for before the event loop turns are made together once it does. */
  private enqueue(read: PendingRead): void {
    this.pending.push(read);
    if (this.pending.length === 1) setImmediate(() => void this.flush());
  }

  private async flush(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    try {
      if (batch.length === 1) return batch[0].resolve(await this.services.store.get(batch[0].entityType, batch[0].urn));
      const found = await this.services.store.mgetAcross(batch);
      for (const r of batch) r.resolve(found.get(r.urn) ?? null);
    } catch (e) {
      for (const r of batch) r.reject(e);
    }
  }

  /** Whether the entity has a document (soft-deleted ones included). */
  async exists(urn: string): Promise<boolean> {
    return (await this.load(urn)) !== null;
  }

  async hasAspect(urn: string, aspect: string): Promise<boolean> {
    return (await this.load(urn))?.aspects[aspect] !== undefined;
  }

  /** Forgets an entity after this request wrote it, so later fields read the new state. */
  invalidate(urn: string): void {
    this.docs.delete(urn);
    this.definitions = this.services.definitionCache.memo(); // a mutation may have changed a definition too
  }

  /** Who set each entry of a keyed aspect (catalog/value-owners/value-setters.ts). */
  async setters(urn: string, aspect: string): Promise<Setters | undefined> {
    return settersOf((await this.load(urn))?.aspects[aspect]);
  }

  async aspect<T = any>(urn: string, aspect: string): Promise<T | undefined> {
    const doc = await this.load(urn);
    return doc ? ((await presentAspect(this.services, doc, aspect, this.definitions))?.value as T | undefined) : undefined;
  }
}
