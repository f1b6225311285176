/** The entity-delete hook of structured properties: a durable job that removes the property's values everywhere. */
import type { EntityDoc } from '../../storage/entity-store.js';
import type { CatalogDeps } from '../catalog-deps.js';
import { infoFromDoc } from '../definitions.js';
import { enqueueHardDeleteCleanup } from './cleanup-jobs.js';

/** The entity-delete hook: runs before the document is removed, so the job exists even if the process dies right after. */
export async function enqueuePropertyDeleteCleanup(services: CatalogDeps, doc: EntityDoc): Promise<void> {
  const info = infoFromDoc(doc);
  // Without a definition no value can have been validated against it, so there is nothing to clean.
  if (info) await enqueueHardDeleteCleanup(services, info);
}
