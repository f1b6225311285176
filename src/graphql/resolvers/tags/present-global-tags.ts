/** Presents a stored globalTags value as the GraphQL GlobalTags of the entity it was read from. */
import type { GlobalTags } from '../../../model/aspects/global-tags.js';
import { refOf } from '../../entity-loader.js';
import { presentAttribution } from '../attribution.js';

/** Null for a never-written association, so clients can tell it from an emptied one. */
export function presentGlobalTags(value: GlobalTags | undefined, associatedUrn: string) {
  if (!value) return null;
  return { tags: value.tags.map((t) => ({ tag: refOf(t.tag), associatedUrn, context: t.context ?? null, attribution: presentAttribution(t.attribution) })) };
}
