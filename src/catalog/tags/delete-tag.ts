/** Hard deletes a tag; the delete hook has already recorded the job that detaches it everywhere. */
import type { CatalogDeps } from '../catalog-deps.js';
import { deleteEntity } from '../delete-entity.js';
import { requireTag } from './tag-urns.js';

export async function deleteTag(services: CatalogDeps, input: { urn: string; actor: string; waitForSearch?: boolean }): Promise<void> {
  const target = await requireTag(services, input.urn);
  await deleteEntity(services, target, input.actor, { waitForSearch: input.waitForSearch });
}
