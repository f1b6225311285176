/** The table of background job handlers by job type. */
import type { JobHandler } from './job-queue.js';
import { runTagCleanup, TAG_CLEANUP_JOB } from './tag-cleanup.js';
import { propertyCleanupHandlers } from './property-cleanup.js';

export const jobHandlers: Record<string, JobHandler> = {
  [TAG_CLEANUP_JOB]: runTagCleanup,
  ...propertyCleanupHandlers,
};
