/**
 * The retention job: removes change records older than EVENTS_RETENTION_DAYS, when an administrator runs it — never
 * on its own, and never by any other rule. What was removed is said in the answer and logged.
 */
import { validationError } from '../../errors.js';
import type { CatalogDeps } from '../catalog-deps.js';

export interface RetentionDeps extends CatalogDeps {
  retention: { days: number };
}

export async function runRetention(deps: RetentionDeps, actor: string) {
  await deps.access.authorize(actor, 'MANAGE_POLICIES', {}, 'removing change records past their retention');
  const days = deps.retention.days;
  if (days <= 0) throw validationError('EVENTS_RETENTION_DAYS is 0: change records are kept for ever, so none are removed');
  const before = Date.now() - days * 86_400_000;
  const removed = await deps.events.removeOlderThan(before);
  const oldest = await deps.events.firstSeq();
  deps.log.info({ removed, before: new Date(before).toISOString(), actor }, 'change records past their retention removed');
  return { removed, removedBefore: new Date(before).toISOString(), retentionDays: days, oldestSeqKept: oldest ?? null };
}
