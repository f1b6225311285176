/** The durable clean-up after a tag's hard delete: finds every entity still carrying the tag and removes it there. */
import { stripTag, TAG_CARRYING_ASPECTS } from '../catalog/tags/strip-tag.js';
import { TAG_CLEANUP_JOB, type TagCleanupParams } from '../catalog/tags/tag-cleanup-job.js';
import { ENTITY_TYPES } from '../model/entity-types.js';
import { sweepUntilClean } from './carrier-sweep.js';
import type { JobHandler } from './job-queue.js';

export { TAG_CLEANUP_JOB };

const carrierTypes = () => ENTITY_TYPES.filter((t) => TAG_CARRYING_ASPECTS.some((a) => t.aspects.includes(a))).map((t) => t.name);

const carryingQuery = (tagUrn: string) => ({
  bool: { should: ['tags', 'fieldTags', 'editedFieldTags'].map((field) => ({ term: { [field]: tagUrn } })), minimum_should_match: 1 },
});

export const runTagCleanup: JobHandler = async (services, run) => {
  const { tagUrn, actor } = run.job.params as TagCleanupParams;
  await sweepUntilClean(services, {
    entityTypes: carrierTypes(),
    query: carryingQuery(tagUrn),
    fix: (target) => stripTag(services, { target, tagUrn, actor }),
    heartbeat: (pass, removed) => run.heartbeat({ pass, removed }),
    what: `Tag ${tagUrn} was still found on entities`,
  });
};
