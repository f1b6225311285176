/** The durable clean-up jobs of structured properties: their types, parameters, and how they are recorded and looked up. */
import { z } from 'zod';
import { ENTITY_TYPES } from '../../model/entity-types.js';
import { parseUrn } from '../../model/urn.js';
import type { JobView } from '../../storage/job-store.js';
import type { CatalogDeps } from '../catalog-deps.js';
import { esFieldWord, type DefinitionInfo } from '../definitions.js';
import { entityTypeNamesOf } from './definition-references.js';
import { MigrationSpecSchema, type MigrationSpec } from './value-migration.js';

/** Removes every value of a hard-deleted property, then releases its field mapping. Keyed by the property urn. */
export const PROPERTY_HARD_DELETE_JOB = 'structuredPropertyHardDelete';
/** Removes values written under a definition version that has been replaced. Keyed by the property urn. */
export const PROPERTY_VERSION_CLEANUP_JOB = 'structuredPropertyVersionCleanup';

export const CleanupParamsSchema = z.object({
  propertyUrn: z.string(),
  qualifiedName: z.string(),
  /** The definition generation the job is about: tells a finished delete or version change from one that never landed. */
  generation: z.string(),
  /** Search fields whose presence marks an entity carrying values to remove. */
  fields: z.array(z.string()).min(1),
  entityTypes: z.array(z.string()),
  /** For version clean-up: the field of the replaced version. */
  staleField: z.string().optional(),
  /** For version clean-up: how old values become values of the new version instead of being removed. */
  migration: MigrationSpecSchema.optional(),
  /** Who asked for the migration: its writes are recorded as theirs. */
  actor: z.string().optional(),
});
export type CleanupParams = z.infer<typeof CleanupParamsSchema>;

/** Values may sit on entity types a definition no longer lists (entity types can be removed), so every carrier is searched. */
export const VALUE_CARRIER_TYPES = ENTITY_TYPES.filter((t) => t.aspects.includes('structuredProperties')).map((t) => t.name);

export async function enqueueHardDeleteCleanup(services: CatalogDeps, info: DefinitionInfo): Promise<string> {
  const word = esFieldWord(info.definition.qualifiedName);
  const params: CleanupParams = {
    propertyUrn: info.urn,
    qualifiedName: info.definition.qualifiedName,
    generation: info.generation,
    fields: [`structuredProperties.${word}`, `structuredProperties._versioned.${word}`],
    entityTypes: entityTypeNamesOf(info.definition),
  };
  return services.jobStore.enqueue(PROPERTY_HARD_DELETE_JOB, info.urn, params);
}

/**
 * Records the clean-up after a version change of `info` (the definition being replaced). A migration is recorded just
 * before the definition is written, by the same key the definition's write then uses: that write finds the job there
 * and adds no second one, so the old values are migrated, never removed first.
 */
export async function enqueueVersionCleanup(services: CatalogDeps, info: DefinitionInfo, staleField: string, migration?: { spec: MigrationSpec; actor: string }): Promise<string> {
  const params: CleanupParams = {
    ...(migration && { migration: migration.spec, actor: migration.actor }),
    propertyUrn: info.urn,
    qualifiedName: info.definition.qualifiedName,
    generation: info.generation,
    fields: [staleField],
    entityTypes: entityTypeNamesOf(info.definition),
    staleField,
  };
  // Enqueued from inside a retried write: keyed by what it cleans, so a retry never records a second job.
  return services.jobStore.enqueueOnce(PROPERTY_VERSION_CLEANUP_JOB, info.urn, params, `${info.urn}|${info.generation}|${staleField}`);
}

/** An unfinished hard-delete clean-up whose property used the same search field word, if any. */
export async function openCleanupFor(services: CatalogDeps, fieldWord: string): Promise<JobView | undefined> {
  const open = await services.jobStore.open(PROPERTY_HARD_DELETE_JOB);
  return open.find((j) => esFieldWord(parseUrn(j.key).id) === fieldWord);
}
