/** Validates the resources a tag association names (entity, or one dataset column) before anything is written. */
import { notFound, validationError } from '../../errors.js';
import { parseUrn } from '../../model/urn.js';
import type { EntityDoc } from '../../storage/entity-store.js';
import type { CatalogDeps } from '../catalog-deps.js';
import { existenceUrnOf, resolveTarget, type EntityTarget } from '../entity-target.js';
import { resolveFieldPath } from './resolve-field-path.js';

export const DATASET_FIELD = 'DATASET_FIELD';

/** One resource as callers name it; subResourceType and subResource come together or not at all. */
export interface TagResourceRef {
  resourceUrn: string;
  subResourceType?: string | null;
  subResource?: string | null;
}

/** A checked resource: the entity and, for a column, the name the caller used (resolved again at write time). */
export interface TagResource {
  target: EntityTarget;
  column?: { requested: string };
}

function checkSubResource(ref: TagResourceRef): string | undefined {
  const type = ref.subResourceType ?? undefined;
  const sub = ref.subResource ?? undefined;
  if (type !== undefined && sub === undefined) {
    throw validationError(`subResourceType ${type} was given without a subResource for ${ref.resourceUrn}; give both or neither`);
  }
  if (sub !== undefined && type === undefined) {
    throw validationError(`subResource ${sub} was given without a subResourceType for ${ref.resourceUrn}; give both or neither`);
  }
  if (type === undefined) return undefined;
  if (type !== DATASET_FIELD) throw validationError(`Unsupported subResourceType ${type}; the only one is ${DATASET_FIELD}`);
  if (sub!.trim() === '') throw validationError(`subResource must name a column of ${ref.resourceUrn}`);
  return sub;
}


async function loadExisting(services: CatalogDeps, targets: EntityTarget[]): Promise<Map<string, EntityDoc>> {
  const byType = new Map<string, string[]>();
  for (const t of targets) {
    const urn = existenceUrnOf(t);
    const type = parseUrn(urn).entityType;
    byType.set(type, [...(byType.get(type) ?? []), urn]);
  }
  const found = new Map<string, EntityDoc>();
  for (const [type, urns] of byType) for (const [urn, doc] of await services.store.mget(type, urns)) found.set(urn, doc);
  return found;
}

/** Checks every resource (shape, tag support, existence, column) so that a batch fails before its first write. */
export async function resolveTagResources(services: CatalogDeps, refs: readonly TagResourceRef[]): Promise<TagResource[]> {
  if (refs.length === 0) throw validationError('resources must name at least one resource');
  const parsed = refs.map((ref) => {
    const requested = checkSubResource(ref);
    const target = resolveTarget(undefined, ref.resourceUrn);
    if (requested !== undefined && target.def.name !== 'dataset') {
      throw validationError(`subResourceType ${DATASET_FIELD} needs a dataset urn, got ${target.urn.raw}`);
    }
    if (!target.def.aspects.includes('globalTags')) throw validationError(`Entities of type ${target.def.name} cannot carry tags (${target.urn.raw})`);
    return { target, requested };
  });
  const existing = await loadExisting(services, parsed.map((p) => p.target));
  return parsed.map(({ target, requested }) => {
    const doc = existing.get(existenceUrnOf(target));
    if (!doc) throw notFound(`Resource ${existenceUrnOf(target)} does not exist`);
    if (requested === undefined) return { target };
    resolveFieldPath(target.urn.raw, doc.aspects.schemaMetadata?.value, requested);
    return { target, column: { requested } };
  });
}
