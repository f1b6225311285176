/**
 * Writes several aspects of several entities of one type. Entities that do not exist yet are created together with
 * one `_bulk` request; existing ones (and any that appeared meanwhile) go through the conditional read-modify-write.
 */
import type { EntityDoc } from '../storage/entity-store.js';
import type { DefinitionMemo } from './definitions.js';
import type { Services } from '../services.js';
import { checkBatchSize } from './batch-limit.js';
import { resolveAspect, resolveTarget } from './entity-target.js';
import { presentEntity, type EntityView } from './read-entity.js';
import { applyChanges, needsExistingEntity, validateAspectValue, writeAspects, type WriteInput } from './write-aspects.js';

export interface BatchEntityInput {
  urn: unknown;
  aspects: { aspect: string; value: unknown; systemMetadata?: Record<string, unknown> }[];
}

export async function batchUpsert(services: Services, entityName: string, items: BatchEntityInput[], actor: string, waitForSearch?: boolean): Promise<EntityView[]> {
  checkBatchSize(services, items.length);
  // Definitions are read real-time once for the whole batch, and presented from the read cache.
  const definitions: DefinitionMemo = new Map();
  // Validate every target first so a bad item refuses the batch before anything is written.
  const inputs: WriteInput[] = items.map((item) => {
    const target = resolveTarget(entityName, item.urn);
    const aspects = item.aspects.map((a) => ({ aspect: resolveAspect(target.def, a.aspect), value: a.value, systemMetadata: a.systemMetadata }));
    aspects.forEach((a) => validateAspectValue(a.aspect, a.value));
    return { target, actor, waitForSearch, definitions, changes: aspects.map((a) => ({ aspect: a.aspect, systemMetadata: a.systemMetadata, compute: () => a.value })) };
  });
  if (inputs.length === 0) return [];
  const entityType = inputs[0].target.def.name;
  const urns = inputs.map((i) => i.target.urn.raw);
  const once = (urn: string) => urns.indexOf(urn) === urns.lastIndexOf(urn);
  const existing = await services.store.mget(entityType, urns);
  const fresh = inputs.filter((i) => once(i.target.urn.raw) && !existing.has(i.target.urn.raw) && !needsExistingEntity(i, services.config.CREATE_MISSING_ENTITIES));
  // Built (and checked by every aspect rule) before anything is sent: a refused entity refuses the batch.
  const built = (await Promise.all(fresh.map((i) => applyChanges(services, i, null)))) as EntityDoc[];
  const conflicts = await services.store.bulkCreate(entityType, built, { refresh: waitForSearch });
  const created = new Map(built.filter((d) => !conflicts.has(d.urn)).map((d) => [d.urn, d]));
  const written = await Promise.all(inputs.map(async (input) => created.get(input.target.urn.raw) ?? (await writeAspects(services, input))));
  if (entityType === 'structuredProperty') services.definitionCache.clear();
  const shown = services.definitionCache.memo();
  return Promise.all(written.map((doc, i) => presentEntity(services, doc!, inputs[i].changes.map((c) => c.aspect), shown)));
}
