/** Records, before a tag is hard deleted, the durable job that removes it from every entity and column carrying it. */
import { enqueueJob } from '../../jobs/job-queue.js';
import type { EntityDeleteHook } from '../hooks/entity-delete-hooks.js';

export const TAG_CLEANUP_JOB = 'tagCleanup';

export interface TagCleanupParams {
  tagUrn: string;
  actor: string;
  [key: string]: unknown;
}

export const enqueueTagCleanup: EntityDeleteHook = async (services, doc, actor) => {
  const params: TagCleanupParams = { tagUrn: doc.urn, actor };
  await enqueueJob(services, TAG_CLEANUP_JOB, doc.urn, params);
};
