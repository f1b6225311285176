/** Hard delete of a structured property: the entity goes at once, a durable job removes its values everywhere afterwards. */
import { notFound } from '../../errors.js';
import type { EntityDoc } from '../../storage/entity-store.js';
import type { Services } from '../../services.js';
import { infoFromDoc } from '../definitions.js';
import { deleteEntity } from '../delete-entity.js';
import { resolveTarget } from '../entity-target.js';
import { enqueueHardDeleteCleanup } from './cleanup-jobs.js';

/** The entity-delete hook: runs before the document is removed, so the job exists even if the process dies right after. */
export async function enqueuePropertyDeleteCleanup(services: Services, doc: EntityDoc): Promise<void> {
  const info = infoFromDoc(doc);
  // Without a definition no value can have been validated against it, so there is nothing to clean.
  if (info) await enqueueHardDeleteCleanup(services, info);
}

export interface HardDeletePropertyInput {
  urn: string;
  actor: string;
}

/** Refuses a property that does not exist (the REST DELETE stays idempotent: it goes straight to `deleteEntity`). */
export async function hardDeleteProperty(services: Services, input: HardDeletePropertyInput): Promise<void> {
  const target = resolveTarget('structuredProperty', input.urn);
  const doc = await services.store.get('structuredProperty', target.urn.raw);
  if (!doc) throw notFound(`Structured property ${target.urn.raw} does not exist`);
  await deleteEntity(services, target, input.actor);
}
