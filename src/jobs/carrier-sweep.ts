/**
 * The sweep behind every clean-up job: page through the entities a query finds, fix each one, and repeat whole passes
 * until one changes nothing (writes racing a pass are caught by the next). Fixes must be idempotent.
 */
import { resolveTarget, type EntityTarget } from '../catalog/entity-target.js';
import { isCatalogError } from '../errors.js';
import type { JobDeps } from './job-deps.js';

const PAGE_SIZE = 500;
/** A pass that still changes entities means writes raced the sweep; after this many the job is retried later. */
const MAX_PASSES = 5;

export interface CarrierSweep {
  entityTypes: string[];
  query: object;
  /** Fixes one entity; true when it changed something. */
  fix(target: EntityTarget): Promise<boolean>;
  /** Called after every page and pass with the pass number and the entities changed so far. */
  heartbeat(pass: number, changed: number): Promise<void>;
  /** Names what is still found when the passes run out. */
  what: string;
}

async function onePass(services: JobDeps, s: CarrierSweep, pass: number, before: number): Promise<number> {
  let changed = 0;
  let after: unknown[] | undefined;
  for (;;) {
    const body = { size: PAGE_SIZE, query: s.query, sort: [{ urn: 'asc' }], _source: ['urn', 'entityType'], ...(after ? { search_after: after } : {}) };
    const hits: any[] = (await services.store.search(s.entityTypes, body)).hits.hits;
    for (const hit of hits) {
      try {
        if (await s.fix(resolveTarget(hit._source.entityType, hit._source.urn))) changed++;
      } catch (e) {
        // An entity that vanished meanwhile (or a column whose dataset did) carries nothing any more.
        if (!(isCatalogError(e) && e.code === 'NOT_FOUND')) throw e;
      }
    }
    if (hits.length < PAGE_SIZE) return changed;
    after = hits[hits.length - 1].sort;
    await s.heartbeat(pass, before + changed);
  }
}

/** Runs passes until one changes nothing; answers how many entities were changed in all. */
export async function sweepUntilClean(services: JobDeps, s: CarrierSweep): Promise<number> {
  let total = 0;
  for (let pass = 1; pass <= MAX_PASSES; pass++) {
    // Writes made just before the job was recorded may not be searchable yet.
    await services.indices.refreshEntities(s.entityTypes);
    const changed = await onePass(services, s, pass, total);
    total += changed;
    await s.heartbeat(pass, total);
    // Hits that needed no change are stale index entries, not carriers: nothing more to do.
    if (changed === 0) return total;
  }
  throw new Error(`${s.what} after ${MAX_PASSES} clean-up passes`);
}
