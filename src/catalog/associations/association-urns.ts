/** Checks the URNs an owner, term or domain edit attaches: their shape, their entity type and, for adds, their existence. */
import { CatalogError, invalidUrn, notFound, validationError } from '../../errors.js';
import { parseUrn } from '../../model/urn.js';
import type { CatalogDeps } from '../catalog-deps.js';
import { resolveTarget } from '../entity-target.js';

/** Runs a parse, naming the input field in its refusal (`termUrns[1]: Invalid urn: …`). */
export function named<T>(field: string, parse: () => T): T {
  try {
    return parse();
  } catch (e) {
    if (e instanceof CatalogError) throw new CatalogError(e.code, `${field}: ${e.message}`, e.details);
    throw e;
  }
}

/** Parses one URN that must be of one of `types` (entity names, e.g. `glossaryTerm`); `field` names it in messages. */
export function parseUrnOf(raw: unknown, types: readonly string[], field: string): string {
  const target = named(field, () => resolveTarget(undefined, raw));
  if (!types.includes(target.def.name)) throw invalidUrn(`${field}: ${target.urn.raw} is not a ${types.join(' or ')} urn`);
  return target.urn.raw;
}

/** Parses a non-empty list of such URNs, dropping repeats. */
export function parseUrnsOf(raw: readonly unknown[], types: readonly string[], field: string): string[] {
  if (raw.length === 0) throw validationError(`${field} must name at least one urn`);
  return [...new Set(raw.map((u, i) => parseUrnOf(u, types, `${field}[${i}]`)))];
}

/**
 * An ownership type URN (`urn:li:ownershipType:<id>`, e.g. `__system__technical_owner`). Tessera keeps no ownership
 * type entities, so only its shape is checked.
 */
export function parseOwnershipTypeUrn(raw: unknown, field: string): string {
  const urn = named(field, () => parseUrn(raw));
  if (urn.entityType !== 'ownershipType') throw invalidUrn(`${field}: ${urn.raw} is not an ownership type urn (urn:li:ownershipType:<id>)`);
  return urn.raw;
}

/** Refuses when any of the entities does not exist, naming all the missing ones (one `_mget` for every type). */
export async function requireEntitiesExist(services: CatalogDeps, urns: readonly string[], noun: string): Promise<void> {
  const found = await services.store.mgetAcross(urns.map((urn) => ({ entityType: parseUrn(urn).entityType, urn })));
  const missing = urns.filter((u) => !found.has(u));
  if (missing.length === 1) throw notFound(`The ${noun} ${missing[0]} does not exist`);
  if (missing.length > 1) throw notFound(`The ${noun}s ${missing.join(', ')} do not exist`);
}
