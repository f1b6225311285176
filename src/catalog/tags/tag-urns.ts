/** Checks the tag URNs an operation names: their shape, their entity type and, when required, their existence. */
import { notFound, validationError } from '../../errors.js';
import type { CatalogDeps } from '../catalog-deps.js';
import { resolveTarget, type EntityTarget } from '../entity-target.js';

/** Parses one tag URN; any other entity type is refused with the URN named. */
export function resolveTagTarget(raw: unknown): EntityTarget {
  const target = resolveTarget(undefined, raw);
  if (target.def.name !== 'tag') throw validationError(`${target.urn.raw} is not a tag urn (expected urn:li:tag:<id>)`);
  return target;
}

/** Parses a non-empty list of tag URNs, dropping repeats. */
export function parseTagUrns(raw: readonly unknown[], field = 'tagUrns'): string[] {
  if (raw.length === 0) throw validationError(`${field} must name at least one tag`);
  return [...new Set(raw.map((u) => resolveTagTarget(u).urn.raw))];
}

/** Refuses when any of the tags does not exist, naming all the missing ones. */
export async function requireTagsExist(services: CatalogDeps, tagUrns: readonly string[]): Promise<void> {
  const found = await services.store.mget('tag', [...tagUrns]);
  const missing = tagUrns.filter((u) => !found.has(u));
  if (missing.length === 1) throw notFound(`Tag ${missing[0]} does not exist`);
  if (missing.length > 1) throw notFound(`Tags ${missing.join(', ')} do not exist`);
}

/** Reads a tag that must exist (for operations on the tag itself). */
export async function requireTag(services: CatalogDeps, raw: unknown): Promise<EntityTarget> {
  const target = resolveTagTarget(raw);
  if (!(await services.store.get('tag', target.urn.raw))) throw notFound(`Tag ${target.urn.raw} does not exist`);
  return target;
}
