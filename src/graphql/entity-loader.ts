/** Loads entity documents once per GraphQL request and presents their aspects through the catalog's read rules. */
import { presentAspect } from '../catalog/read-entity.js';
import type { DefinitionMemo } from '../catalog/definitions.js';
import { findEntityType } from '../model/entity-types.js';
import { parseUrn } from '../model/urn.js';
import type { EntityDoc } from '../storage/entity-store.js';
import type { Services } from '../services.js';

/** What entity resolvers pass around: enough to resolve the type and load lazily. */
export interface EntityRef {
  urn: string;
  entityType: string;
}

export class EntityLoader {
  private readonly docs = new Map<string, Promise<EntityDoc | null>>();
  /** Definitions fetched by this request: search results often share them. */
  private definitions: DefinitionMemo = new Map();
  constructor(private readonly services: Services) {}

  load(urn: string): Promise<EntityDoc | null> {
    let p = this.docs.get(urn);
    if (!p) {
      const type = parseUrn(urn).entityType;
      p = findEntityType(type) ? this.services.store.get(findEntityType(type)!.name, urn) : Promise.resolve(null);
      this.docs.set(urn, p);
    }
    return p;
  }

  /** Forgets a document after this request wrote it, so later fields read the new state. */
  invalidate(urn: string): void {
    this.docs.delete(urn);
    this.definitions = new Map(); // a mutation may have changed a definition too
  }

  async aspect<T = any>(urn: string, aspect: string): Promise<T | undefined> {
    const doc = await this.load(urn);
    return doc ? ((await presentAspect(this.services, doc, aspect, this.definitions))?.value as T | undefined) : undefined;
  }
}

export function refOf(urn: string): EntityRef {
  const u = parseUrn(urn);
  return { urn, entityType: findEntityType(u.entityType)?.name ?? u.entityType };
}
