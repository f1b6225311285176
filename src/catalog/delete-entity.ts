/** Hard deletes an entity (or some of its aspects); entity-specific clean-up is scheduled durably first. */
import { UNCHANGED, type EntityDoc } from '../storage/entity-store.js';
import { toRecords } from './history/change-record.js';
import { currentLogContext, type LogContext } from '../logger.js';
import type { CatalogDeps } from './catalog-deps.js';
import { entityResource, rightForDelete } from './access/change-rights.js';
import type { EntityTarget } from './entity-target.js';
import { DELETE_ASPECT, writeAspects } from './write-aspects.js';

/** What a hard delete removed: the entity's aspects (0: there was no entity) and its time-series points. */
export interface Deleted {
  rows: number;
  timeseriesRows: number;
}

/** Hard deletes the entity and its time-series points (points may exist for an entity never stored: they go too). */
export async function deleteEntity(services: CatalogDeps, target: EntityTarget, actor: string, opts: { waitForSearch?: boolean } = {}): Promise<Deleted> {
  const doc = await services.store.get(target.def.name, target.urn.raw);
  if (!doc) {
    // Whether an entity exists is not told to a caller that could not delete it.
    const right = rightForDelete(entityResource(target.def.name, target.urn.raw));
    await services.access.authorize(actor, right.privilege, right.resource, right.what);
    return { rows: 0, timeseriesRows: await services.timeseries.deleteOf(target.urn.raw) };
  }
  const right = rightForDelete(entityResource(target.def.name, target.urn.raw, doc.aspects));
  await services.access.authorize(actor, right.privilege, right.resource, right.what);
  // The clean-up job is recorded before the entity goes, so a crash in between cannot lose it.
  await services.hooks.entityDelete[target.def.name]?.(services, doc, actor);
  // The document becomes a tombstone carrying the last record (the relay empties it once the record is out); its
  // provenance is taken now, as the store may run the mutator inside another caller's merged write.
  const provenance = currentLogContext();
  await services.store.mutate(target.def.name, target.urn.raw, async (current) => (current ? tombstoneOf(current, actor, provenance) : UNCHANGED), { refresh: opts.waitForSearch });
  services.definitionCache.afterWrite(target.def.name);
  return { rows: Object.keys(doc.aspects).length, timeseriesRows: await services.timeseries.deleteOf(target.urn.raw) };
}

/** What a hard-deleted entity leaves until the relay has moved its records: no aspects, its outbox and the HARD_DELETE record. */
function tombstoneOf(current: EntityDoc, actor: string, provenance: LogContext | undefined): EntityDoc {
  const before = Object.fromEntries(Object.entries(current.aspects).map(([name, a]) => [name, a.value]));
  const record = toRecords(current.urn, current.entityType, actor, Date.now(), [{ aspect: '*', category: 'LIFECYCLE', operation: 'HARD_DELETE', before }], provenance);
  return { urn: current.urn, entityType: current.entityType, aspects: {}, tombstone: true, outbox: [...(current.outbox ?? []), ...record] };
}

export async function deleteAspects(services: CatalogDeps, target: EntityTarget, aspects: string[], actor: string, opts: { waitForSearch?: boolean } = {}): Promise<EntityDoc | null> {
  // An entity that does not exist (or is gone by the time of the write) is left alone, never created.
  const changes = aspects.map((aspect) => ({ aspect, compute: () => DELETE_ASPECT }));
  return writeAspects(services, { target, actor, waitForSearch: opts.waitForSearch, onlyIfExists: true, changes });
}
