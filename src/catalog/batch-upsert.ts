/** Writes several aspects of several entities; each entity is one conditional write, entities run concurrently. */
import type { Services } from '../services.js';
import { resolveAspect, resolveTarget } from './entity-target.js';
import { presentEntity, type EntityView } from './read-entity.js';
import { validateAspectValue, writeAspects } from './write-aspects.js';

export interface BatchEntityInput {
  urn: unknown;
  aspects: { aspect: string; value: unknown }[];
}

export async function batchUpsert(services: Services, entityName: string, items: BatchEntityInput[], actor: string, waitForSearch?: boolean): Promise<EntityView[]> {
  // Validate every target first so a bad item refuses the batch before anything is written.
  const prepared = items.map((item) => {
    const target = resolveTarget(entityName, item.urn);
    const aspects = item.aspects.map((a) => ({ aspect: resolveAspect(target.def, a.aspect), value: a.value }));
    aspects.forEach((a) => validateAspectValue(a.aspect, a.value));
    return { target, aspects };
  });
  return Promise.all(
    prepared.map(async ({ target, aspects }) => {
      const doc = await writeAspects(services, {
        target,
        actor,
        waitForSearch,
        changes: aspects.map((a) => ({ aspect: a.aspect, compute: () => a.value })),
      });
      return presentEntity(services, doc!, aspects.map((a) => a.aspect));
    }),
  );
}
