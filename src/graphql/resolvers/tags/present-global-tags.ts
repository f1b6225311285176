/** Presents a stored globalTags value as the GraphQL GlobalTags of the entity it was read from. */
import type { GlobalTags } from '../../../model/aspects/global-tags.js';
import { refOf } from '../../entity-loader.js';
import { attributionOf } from '../attribution.js';
import type { Setters } from '../../../catalog/value-owners/value-setters.js';

/** Null for a never-written association, so clients can tell it from an emptied one. */
export function presentGlobalTags(value: GlobalTags | undefined, associatedUrn: string, setBy?: Setters) {
  if (!value) return null;
  return { tags: value.tags.map((t) => ({ tag: refOf(t.tag), associatedUrn, context: t.context ?? null, attribution: attributionOf(t, setBy, t.tag) })) };
}
