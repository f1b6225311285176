/** What must happen elsewhere when an entity of a given type is hard deleted (recorded as durable jobs). */
import type { EntityDeleteHook } from '../catalog-deps.js';
import { enqueueTagCleanup } from '../tags/tag-cleanup-job.js';
import { enqueuePropertyDeleteCleanup } from '../structured-properties/delete-property.js';

export const entityDeleteHooks: Record<string, EntityDeleteHook> = {
  tag: enqueueTagCleanup,
  structuredProperty: enqueuePropertyDeleteCleanup,
};
