/** Validates the resources a tag association names (entity, or one dataset column) before anything is written. */
import { validationError } from '../../errors.js';
import { resolveTarget, type EntityTarget } from '../entity-target.js';

export const DATASET_FIELD = 'DATASET_FIELD';

/** One resource as callers name it; subResourceType and subResource come together or not at all. */
export interface TagResourceRef {
  resourceUrn: string;
  subResourceType?: string | null;
  subResource?: string | null;
}

/** A checked resource: the entity and, for a column, the name the caller used (resolved at write time). */
export interface TagResource {
  target: EntityTarget;
  column?: { requested: string };
}

/** The column a resource names (both subResource fields, or neither), checked for shape only. */
export function checkSubResource(ref: TagResourceRef): string | undefined {
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

/**
 * Checks every resource's shape and tag support so that a batch fails before its first write. Existence and the column
 * are checked by the write itself (mustExist; the schema read in the same write), so the entities are read once.
 */
export function checkTagResources(refs: readonly TagResourceRef[]): TagResource[] {
  if (refs.length === 0) throw validationError('resources must name at least one resource');
  return refs.map((ref) => {
    const requested = checkSubResource(ref);
    const target = resolveTarget(undefined, ref.resourceUrn);
    if (requested !== undefined && target.def.name !== 'dataset') {
      throw validationError(`subResourceType ${DATASET_FIELD} needs a dataset urn, got ${target.urn.raw}`);
    }
    if (!target.def.aspects.includes('globalTags')) throw validationError(`Entities of type ${target.def.name} cannot carry tags (${target.urn.raw})`);
    return requested === undefined ? { target } : { target, column: { requested } };
  });
}
