/** A request-scoped reader: each entity is fetched once per request, and aspects are presented through the catalog's read rules. */
import { findEntityType } from '../model/entity-types.js';
import { parseUrn } from '../model/urn.js';
import type { EntityDoc } from '../storage/entity-store.js';
import type { CatalogDeps } from './catalog-deps.js';
import type { DefinitionMemo } from './definitions.js';
import { presentAspect } from './read-entity.js';

export class EntityReader {
  private readonly docs = new Map<string, Promise<EntityDoc | null>>();
  /** Definitions fetched by this request: search results often share them. */
  private definitions: DefinitionMemo;
  constructor(private readonly services: CatalogDeps) {
    this.definitions = services.definitionCache.memo();
  }

  private load(urn: string): Promise<EntityDoc | null> {
    let p = this.docs.get(urn);
    if (!p) {
      const def = findEntityType(parseUrn(urn).entityType);
      p = def ? this.services.store.get(def.name, urn) : Promise.resolve(null);
      this.docs.set(urn, p);
    }
    return p;
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

  async aspect<T = any>(urn: string, aspect: string): Promise<T | undefined> {
    const doc = await this.load(urn);
    return doc ? ((await presentAspect(this.services, doc, aspect, this.definitions))?.value as T | undefined) : undefined;
  }
}
