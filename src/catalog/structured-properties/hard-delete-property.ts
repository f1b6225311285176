/** Hard delete of a structured property: the entity goes at once; its delete hook has a durable job remove its values afterwards. */
import { notFound } from '../../errors.js';
import type { CatalogDeps } from '../catalog-deps.js';
import { deleteEntity } from '../delete-entity.js';
import { resolveTarget } from '../entity-target.js';

export interface HardDeletePropertyInput {
  urn: string;
  actor: string;
}

/** Refuses a property that does not exist (the REST DELETE stays idempotent: it goes straight to `deleteEntity`). */
export async function hardDeleteProperty(services: CatalogDeps, input: HardDeletePropertyInput): Promise<void> {
  const target = resolveTarget('structuredProperty', input.urn);
  if ((await deleteEntity(services, target, input.actor)).rows === 0) throw notFound(`Structured property ${target.urn.raw} does not exist`);
}
