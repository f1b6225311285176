/** Changes a tag's name and description; colorHex and anything not given are kept. */
import { dequal } from 'dequal';
import { validationError } from '../../errors.js';
import type { TagProperties } from '../../model/aspects/tag-properties.js';
import type { CatalogDeps } from '../catalog-deps.js';
import { KEEP_ASPECT, writeAspects } from '../write-aspects.js';
import { requireTag } from './tag-urns.js';

export interface UpdateTagInput {
  urn: string;
  name?: string | null;
  description?: string | null;
  actor: string;
  waitForSearch?: boolean;
}

export async function updateTag(services: CatalogDeps, input: UpdateTagInput): Promise<string> {
  if (input.name != null && input.name.trim() === '') throw validationError('Tag name must not be empty');
  const target = await requireTag(services, input.urn);
  const change = {
    aspect: 'tagProperties',
    compute: (previous: unknown) => {
      const before = (previous as TagProperties | undefined) ?? { name: target.urn.id };
      const next: TagProperties = {
        ...before,
        ...(input.name != null ? { name: input.name } : {}),
        ...(input.description != null ? { description: input.description } : {}),
      };
      return previous && dequal(next, previous) ? KEEP_ASPECT : next;
    },
  };
  await writeAspects(services, { target, actor: input.actor, waitForSearch: input.waitForSearch, mustExist: true, changes: [change] });
  return target.urn.raw;
}
