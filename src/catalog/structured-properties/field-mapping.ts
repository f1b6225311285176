/** The search side of a definition: its field name must be free, and its mapping is put on the indices of its entity types. */
import { conflict, validationError } from '../../errors.js';
import type { CatalogDeps } from '../catalog-deps.js';
import { MappingConflict } from '../../storage/index-admin.js';
import { esFieldWord, indexFieldOf, propertyMappingOf, valueKindOf, type PropertyDefinitionValue } from '../definitions.js';
import { openCleanupFor } from './cleanup-jobs.js';

/**
 * Two names that differ only by `.` versus `_` would share one search field, so the second is refused;
 * a name whose hard-delete clean-up still runs is refused too, until its old values and mapping are gone.
 */
export async function checkNameIsFree(services: CatalogDeps, propertyUrn: string, qualifiedName: string): Promise<void> {
  const word = esFieldWord(qualifiedName);
  await services.indices.refreshEntities(['structuredProperty']);
  const res = await services.store.search(['structuredProperty'], {
    size: 5,
    _source: ['urn'],
    query: { bool: { filter: [{ term: { qualifiedNameKey: word } }], must_not: [{ term: { urn: propertyUrn } }] } },
  });
  const other = res.hits.hits[0]?._source?.urn as string | undefined;
  if (other) {
    throw validationError(`Structured property qualified name '${qualifiedName}' collides with ${other}: both would be stored in the search field structuredProperties.${word}`);
  }
  const job = await openCleanupFor(services, word);
  if (job) {
    throw conflict(
      `Structured property ${propertyUrn} cannot be created yet: the clean-up of the hard-deleted property ${job.key} is still running (job ${job.id}, GET /openapi/v3/jobs/${job.id}); try again when it has finished`,
    );
  }
}

/**
 * Adds the field mapping of `def` to every listed entity type's index in one put-mapping call: one cluster-state
 * update however many types a property lists. An incompatible existing mapping becomes a 409 naming the field.
 */
export async function putPropertyMappings(services: CatalogDeps, def: PropertyDefinitionValue, entityTypes: string[]): Promise<void> {
  if (entityTypes.length === 0) return;
  const field = indexFieldOf(def);
  try {
    await services.indices.putEntityMappings(entityTypes, propertyMappingOf(def) as { properties: Record<string, unknown> });
  } catch (e) {
    if (!(e instanceof MappingConflict)) throw e;
    const reason = e.reason;
    throw conflict(
      `The search field ${field} of ${entityTypes.join(', ')} entities cannot be mapped as ${valueKindOf(def.valueType)}: ${reason}. ` +
        `A hard-deleted property with the same name may still own it; its mapping is released when its clean-up job and a reindex have finished`,
    );
  }
}

/** The entity types whose index maps any field of the property (plain or versioned). */
export async function entityTypesMappingField(services: CatalogDeps, qualifiedName: string, entityTypes: string[]): Promise<string[]> {
  const word = esFieldWord(qualifiedName);
  const fields = [`structuredProperties.${word}`, `structuredProperties.${word}.*`, `structuredProperties._versioned.${word}.*`];
  return services.indices.entityTypesMapping(entityTypes, fields);
}
