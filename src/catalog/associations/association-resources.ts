/** Checks the resources an owner, term or domain edit names (an entity, or one dataset column) before anything is written. */
import { validationError } from '../../errors.js';
import { resolveTarget, type EntityTarget } from '../entity-target.js';
import { checkSubResource, DATASET_FIELD, type TagResourceRef } from '../tags/tag-resources.js';
import { named } from './association-urns.js';

/** One resource as callers name it (the original's ResourceRefInput); the same shape tag edits take. */
export type ResourceRef = TagResourceRef;

/** A checked resource: its place in the caller's list, the entity and, for a column, the name the caller used. */
export interface AssociationResource {
  index: number;
  target: EntityTarget;
  column?: { requested: string };
}

export interface ResourceRules {
  /** The aspect the edit writes on the entity: its type must carry it. */
  aspect: string;
  /** What the aspect holds, for messages (`owners`, `glossary terms`, `a domain`). */
  what: string;
  /** Whether a dataset column may be named (terms); otherwise a subresource is refused. */
  columns: boolean;
}

function checkOne(ref: ResourceRef, index: number, rules: ResourceRules): AssociationResource {
  const requested = checkSubResource(ref);
  const target = resolveTarget(undefined, ref.resourceUrn);
  if (requested !== undefined && !rules.columns) throw validationError(`${rules.what} cannot be applied to a subresource (${DATASET_FIELD} ${requested})`);
  if (requested !== undefined && target.def.name !== 'dataset') throw validationError(`subResourceType ${DATASET_FIELD} needs a dataset urn, got ${target.urn.raw}`);
  if (!target.def.aspects.includes(rules.aspect)) throw validationError(`Entities of type ${target.def.name} cannot carry ${rules.what}`);
  return requested === undefined ? { index, target } : { index, target, column: { requested } };
}

/**
 * Checks every resource's shape so that a batch fails before its first write; null entries (the original's input allows
 * them) name nothing and are skipped, the others keep their place for messages. Existence and the column are checked by
 * the write itself (mustExist; the schema read in the same write), so each entity is read once.
 */
export function checkResources(refs: readonly (ResourceRef | null)[], rules: ResourceRules): AssociationResource[] {
  const out: AssociationResource[] = [];
  refs.forEach((ref, index) => {
    if (ref === null) return;
    // A refusal here names the resource as a batch refusal does: `resources[i] (<urn>): …`.
    const label = typeof ref.resourceUrn === 'string' ? `resources[${index}] (${ref.resourceUrn})` : `resources[${index}]`;
    out.push(named(label, () => checkOne(ref, index, rules)));
  });
  if (out.length === 0) throw validationError('resources must name at least one resource');
  return out;
}

/** How a batch refusal names a resource: `resources[i] (<urn>[, column <name>])`. */
export const resourceLabel = (r: AssociationResource) => `resources[${r.index}] (${r.target.urn.raw}${r.column ? `, column ${r.column.requested}` : ''})`;
