/** Writes one whole aspect (create-only or upsert) and answers with the aspect as stored. */
import type { CatalogDeps } from './catalog-deps.js';
import type { EntityTarget } from './entity-target.js';
import { presentAspect, type AspectView } from './read-entity.js';
import { writeAspects } from './write-aspects.js';

export interface UpsertAspectInput {
  target: EntityTarget;
  aspect: string;
  value: unknown;
  mode: 'create' | 'upsert';
  actor: string;
  waitForSearch?: boolean;
}

export async function upsertAspect(services: CatalogDeps, input: UpsertAspectInput): Promise<AspectView> {
  const doc = await writeAspects(services, {
    target: input.target,
    actor: input.actor,
    waitForSearch: input.waitForSearch,
    changes: [{ aspect: input.aspect, mode: input.mode, compute: () => input.value, whole: true }],
  });
  return (await presentAspect(services, doc!, input.aspect))!;
}
