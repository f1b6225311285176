/** The table of background job handlers by job type. */
import type { JobHandler } from './job-queue.js';

export const jobHandlers: Record<string, JobHandler> = {};
