/** Resolvers for tags and tag associations, gathered from their parts in `tags/`. */
import { associationMutationResolvers } from './tags/association-mutations.js';
import { schemaReadResolvers } from './tags/schema-reads.js';
import { tagMutationResolvers } from './tags/tag-mutations.js';
import { tagTypeResolvers } from './tags/tag-type.js';

type ResolverMap = Record<string, Record<string, unknown>>;

// Merged here rather than with index.ts's helper, which imports this module.
const parts: ResolverMap[] = [tagTypeResolvers, tagMutationResolvers, associationMutationResolvers, schemaReadResolvers];
export const tagResolvers: ResolverMap = {};
for (const part of parts) for (const [type, fields] of Object.entries(part)) tagResolvers[type] = { ...(tagResolvers[type] ?? {}), ...fields };
