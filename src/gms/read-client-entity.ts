/** Reads an entity as the original's Rest.li endpoints see it: stored aspects through the catalog's read rules, plus the key aspect of every existing entity. */
import { existenceUrnOf, type EntityTarget } from '../catalog/entity-target.js';
import { presentEntity, type AspectView } from '../catalog/read-entity.js';
import { findEntityType } from '../model/entity-types.js';
import { parseUrn } from '../model/urn.js';
import type { Services } from '../services.js';
import { presentClientBrand } from './brand.js';

export interface ClientEntity {
  target: EntityTarget;
  /** False when the entity does not exist (soft-deleted entities exist). */
  exists: boolean;
  /** Requested aspects present on the entity, key aspect included when it exists, values in the client's brand. */
  aspects: Record<string, AspectView | { value: unknown; systemMetadata?: undefined }>;
}

/** The writer's stored run id, pipeline and properties, under the server's own stamps and version. */
function withWriterMetadata(view: AspectView, meta: Record<string, unknown> | undefined): AspectView['systemMetadata'] {
  const writer = meta?.systemMetadata as Record<string, unknown> | undefined;
  const own = view.systemMetadata;
  return writer ? { ...own, ...writer, aspectCreated: own.aspectCreated, aspectModified: own.aspectModified, version: own.version } : own;
}

/** The target of a URN the client sends, or undefined when it is no URN of an entity type Tessera stores. */
export function clientTarget(raw: string): EntityTarget | undefined {
  try {
    const urn = parseUrn(raw);
    const def = findEntityType(urn.entityType);
    return def && def.name === urn.entityType ? { def, urn } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Reads `aspects` (all when absent) of the entity; one GET, two for a schemaField without a document of its own.
 * `keyWhenMissing` answers the key aspect of a missing entity too, as the original's entitiesV2 does.
 */
export async function readClientEntity(services: Services, target: EntityTarget, aspects?: string[], keyWhenMissing = false): Promise<ClientEntity> {
  const { def, urn } = target;
  const doc = await services.store.get(def.name, urn.raw);
  let exists = !!doc;
  if (!doc && existenceUrnOf(target) !== urn.raw) {
    const parent = parseUrn(existenceUrnOf(target));
    exists = !!(await services.store.get(parent.entityType, parent.raw));
  }
  const stored = doc && aspects?.length !== 0 ? (await presentEntity(services, doc, aspects)).aspects : {};
  const out: ClientEntity['aspects'] = {};
  if ((exists || keyWhenMissing) && (!aspects || aspects.includes(def.keyAspect))) {
    out[def.keyAspect] = stored[def.keyAspect] ?? { value: def.keyFromUrn(urn) };
  }
  for (const [name, view] of Object.entries(stored)) {
    if (name !== def.keyAspect) out[name] = { value: presentClientBrand(name, view.value), systemMetadata: withWriterMetadata(view, doc!.aspects[name].meta) };
  }
  return { target, exists, aspects: out };
}
