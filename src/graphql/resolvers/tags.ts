/** Resolvers for tags and tag associations. */
import type { EntityRef } from '../entity-loader.js';
import { parseUrn } from '../../model/urn.js';

export const tagResolvers = {
  Tag: { type: () => 'TAG', name: (ref: EntityRef) => parseUrn(ref.urn).id },
};
