/** The table of background job handlers by job type. */
import type { JobHandler } from './job-queue.js';
import { runTagCleanup, TAG_CLEANUP_JOB } from './tag-cleanup.js';
import { propertyCleanupHandlers } from './property-cleanup.js';
import { PROPAGATION_JOB, runPropagation } from './label-propagation.js';

export const jobHandlers: Record<string, JobHandler> = {
  [TAG_CLEANUP_JOB]: runTagCleanup,
  [PROPAGATION_JOB]: runPropagation,
  ...propertyCleanupHandlers,
};
