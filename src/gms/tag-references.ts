/** The entities that still refer to a tag, and their removal: the `deleteReferences` action of the original's wire over the tag operations. */
import { resolveTarget } from '../catalog/entity-target.js';
import { scrollEntities } from '../catalog/search/search-entities.js';
import { stripTag } from '../catalog/tags/strip-tag.js';
import type { Services } from '../services.js';

const PAGE = 500;

export interface TagReferences {
  total: number;
  relatedAspects: { relationship: string; entity: string; aspect: string }[];
}

/** Finds every entity (soft-deleted ones too) carrying the tag on itself or a column; removes it unless `dryRun`. */
export async function deleteTagReferences(services: Services, input: { tagUrn: string; dryRun: boolean; actor: string }): Promise<TagReferences> {
  // Removing a tag from every entity is managing the tag, decided once for all of them.
  await services.access.authorize(input.actor, 'MANAGE_TAGS', { entityType: 'tag', urn: input.tagUrn, tagUrn: input.tagUrn }, `removing ${input.tagUrn} everywhere`);
  const values = [input.tagUrn];
  const orFilters = ['tags', 'fieldTags', 'editedFieldTags'].map((field) => ({ and: [{ field, condition: 'EQUAL', values }] }));
  const urns: string[] = [];
  let scrollId: string | null = null;
  do {
    const page = await scrollEntities(services, { query: '*', orFilters, includeSoftDeleted: true, count: PAGE, scrollId });
    urns.push(...page.urns);
    scrollId = page.nextScrollId;
  } while (scrollId);
  const relatedAspects = urns.slice(0, 100).map((entity) => ({ relationship: 'TaggedWith', entity, aspect: 'globalTags' }));
  if (!input.dryRun) {
    for (const urn of urns) await stripTag(services, { target: resolveTarget(undefined, urn), tagUrn: input.tagUrn, actor: input.actor });
  }
  return { total: urns.length, relatedAspects };
}
