/** The durable clean-up after a tag's hard delete: finds every entity still carrying the tag and removes it there. */
import { resolveTarget } from '../catalog/entity-target.js';
import { stripTag, TAG_CARRYING_ASPECTS } from '../catalog/tags/strip-tag.js';
import { TAG_CLEANUP_JOB, type TagCleanupParams } from '../catalog/tags/tag-cleanup-job.js';
import { ENTITY_TYPES } from '../model/entity-types.js';
import type { Services } from '../services.js';
import type { JobHandler } from './job-queue.js';

export { TAG_CLEANUP_JOB };

const PAGE_SIZE = 500;
/** A pass that still finds the tag means writes raced the sweep; after this many the job is retried later. */
const MAX_PASSES = 5;

const carrierTypes = () => ENTITY_TYPES.filter((t) => TAG_CARRYING_ASPECTS.some((a) => t.aspects.includes(a))).map((t) => t.name);

const carryingQuery = (tagUrn: string) => ({
  bool: { should: ['tags', 'fieldTags', 'editedFieldTags'].map((field) => ({ term: { [field]: tagUrn } })), minimum_should_match: 1 },
});

export const runTagCleanup: JobHandler = async (services, run) => {
  const { tagUrn, actor } = run.job.params as TagCleanupParams;
  const types = carrierTypes();
  let removed = 0;
  for (let pass = 1; pass <= MAX_PASSES; pass++) {
    // Associations written just before the delete may not be searchable yet.
    await services.client.indices.refresh({ index: types.map((t) => services.names.entity(t)).join(',') });
    const swept = await sweep(services, types, tagUrn, actor, async (progress) => run.heartbeat({ pass, removed: removed + progress }));
    removed += swept.removed;
    await run.heartbeat({ pass, removed });
    // Hits that needed no change are stale index entries, not carriers: nothing more to do.
    if (swept.removed === 0) return;
  }
  throw new Error(`Tag ${tagUrn} was still found on entities after ${MAX_PASSES} passes`);
};

async function sweep(services: Services, types: string[], tagUrn: string, actor: string, heartbeat: (removed: number) => Promise<void>) {
  let removed = 0;
  let after: unknown[] | undefined;
  for (;;) {
    const body = { size: PAGE_SIZE, query: carryingQuery(tagUrn), sort: [{ urn: 'asc' }], _source: ['urn', 'entityType'], ...(after ? { search_after: after } : {}) };
    const hits: any[] = (await services.store.search(types, body)).hits.hits;
    for (const hit of hits) {
      const target = resolveTarget(hit._source.entityType, hit._source.urn);
      if (await stripTag(services, { target, tagUrn, actor })) removed++;
    }
    if (hits.length < PAGE_SIZE) return { removed };
    after = hits[hits.length - 1].sort;
    await heartbeat(removed);
  }
}
