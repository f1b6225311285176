/** Removes tags from entities or dataset columns; the tags need not exist any more, the resources must. */
import type { CatalogDeps } from '../catalog-deps.js';
import { applyTagEdits } from './apply-tag-edit.js';
import { removingTags } from './tag-lists.js';
import { checkTagResources, type TagResourceRef } from './tag-resources.js';
import { parseTagUrns } from './tag-urns.js';

export interface RemoveTagsInput {
  tagUrns: readonly string[];
  resources: readonly TagResourceRef[];
  actor: string;
  waitForSearch?: boolean;
}

export async function removeTags(services: CatalogDeps, input: RemoveTagsInput): Promise<void> {
  const tagUrns = parseTagUrns(input.tagUrns);
  const resources = checkTagResources(input.resources);
  await applyTagEdits(services, resources, removingTags(tagUrns), input);
}
