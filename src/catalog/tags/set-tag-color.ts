/** Sets the display colour of an existing tag, keeping its other properties. */
import { validationError } from '../../errors.js';
import type { TagProperties } from '../../model/aspects/tag-properties.js';
import type { CatalogDeps } from '../catalog-deps.js';
import { writeAspects } from '../write-aspects.js';
import { requireTag } from './tag-urns.js';

export interface SetTagColorInput {
  urn: string;
  colorHex: string;
  actor: string;
  waitForSearch?: boolean;
}

export async function setTagColor(services: CatalogDeps, input: SetTagColorInput): Promise<void> {
  if (input.colorHex.trim() === '') throw validationError('colorHex must not be empty (for example #FF5733)');
  const target = await requireTag(services, input.urn);
  const compute = (previous: unknown): TagProperties => ({ ...((previous as TagProperties | undefined) ?? { name: target.urn.id }), colorHex: input.colorHex });
  await writeAspects(services, { target, actor: input.actor, waitForSearch: input.waitForSearch, mustExist: true, changes: [{ aspect: 'tagProperties', compute }] });
}
