/** Hard deletes an entity (or some of its aspects); entity-specific clean-up is scheduled durably first. */
import type { EntityDoc } from '../storage/entity-store.js';
import type { Services } from '../services.js';
import type { EntityTarget } from './entity-target.js';
import { DELETE_ASPECT, writeAspects } from './write-aspects.js';

export async function deleteEntity(services: Services, target: EntityTarget, actor: string, opts: { waitForSearch?: boolean } = {}): Promise<void> {
  const doc = await services.store.get(target.def.name, target.urn.raw);
  if (!doc) return;
  // The clean-up job is recorded before the entity goes, so a crash in between cannot lose it.
  await services.hooks.entityDelete[target.def.name]?.(services, doc, actor);
  await services.store.mutate(target.def.name, target.urn.raw, async () => null, { refresh: opts.waitForSearch });
  if (target.def.name === 'structuredProperty') services.definitionCache.clear();
}

export async function deleteAspects(services: Services, target: EntityTarget, aspects: string[], actor: string, opts: { waitForSearch?: boolean } = {}): Promise<EntityDoc | null> {
  const existing = await services.store.get(target.def.name, target.urn.raw);
  if (!existing) return null;
  return writeAspects(services, { target, actor, waitForSearch: opts.waitForSearch, changes: aspects.map((aspect) => ({ aspect, compute: () => DELETE_ASPECT })) });
}
