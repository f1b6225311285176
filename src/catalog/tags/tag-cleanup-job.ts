/** Records, before a tag is hard deleted, the durable job that removes it from every entity and column carrying it. */
import type { EntityDeleteHook } from '../catalog-deps.js';

export const TAG_CLEANUP_JOB = 'tagCleanup';

export interface TagCleanupParams {
  tagUrn: string;
  actor: string;
  [key: string]: unknown;
}

export const enqueueTagCleanup: EntityDeleteHook = async (services, doc, actor) => {
  const params: TagCleanupParams = { tagUrn: doc.urn, actor };
  await services.jobStore.enqueue(TAG_CLEANUP_JOB, doc.urn, params);
};
