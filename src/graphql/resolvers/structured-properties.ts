/** Resolvers for structured property definitions and values, gathered from their parts in `structured-properties/`. */
import { definitionTypeResolvers } from './structured-properties/definition-types.js';
import { propertyMutationResolvers } from './structured-properties/mutations.js';
import { propertyValueResolvers } from './structured-properties/property-values.js';

type ResolverMap = Record<string, Record<string, unknown>>;

// Merged here rather than with index.ts's helper, which imports this module.
const parts: ResolverMap[] = [definitionTypeResolvers, propertyValueResolvers, propertyMutationResolvers];
export const structuredPropertyResolvers: ResolverMap = {};
for (const part of parts) for (const [type, fields] of Object.entries(part)) structuredPropertyResolvers[type] = { ...(structuredPropertyResolvers[type] ?? {}), ...fields };
