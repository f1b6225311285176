/** What must happen elsewhere when an entity of a given type is hard deleted (recorded as durable jobs). */
import type { EntityDoc } from '../../storage/entity-store.js';
import type { Services } from '../../services.js';
import { enqueueTagCleanup } from '../tags/tag-cleanup-job.js';
import { enqueuePropertyDeleteCleanup } from '../structured-properties/delete-property.js';

export type EntityDeleteHook = (services: Services, doc: EntityDoc, actor: string) => Promise<void>;

export const entityDeleteHooks: Record<string, EntityDeleteHook> = {
  tag: enqueueTagCleanup,
  structuredProperty: enqueuePropertyDeleteCleanup,
};
