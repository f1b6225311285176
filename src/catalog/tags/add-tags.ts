/** Adds tags to entities or dataset columns; tags already present are left as they are. */
import type { CatalogDeps } from '../catalog-deps.js';
import { applyTagEdits } from './apply-tag-edit.js';
import { addingTags } from './tag-lists.js';
import { checkTagResources, type TagResourceRef } from './tag-resources.js';
import { parseTagUrns, requireTagsExist } from './tag-urns.js';

export interface AddTagsInput {
  tagUrns: readonly string[];
  resources: readonly TagResourceRef[];
  actor: string;
  waitForSearch?: boolean;
}

export async function addTags(services: CatalogDeps, input: AddTagsInput): Promise<void> {
  const tagUrns = parseTagUrns(input.tagUrns);
  await requireTagsExist(services, tagUrns);
  const resources = checkTagResources(input.resources);
  await applyTagEdits(services, resources, addingTags(tagUrns), input);
}
