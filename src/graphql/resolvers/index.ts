/** Merges the resolver maps of every area into one (type by type, field by field). */
import { baseResolvers } from './base.js';
import { searchResolvers } from './search.js';
import { structuredPropertyResolvers } from './structured-properties.js';
import { tagResolvers } from './tags.js';

type ResolverMap = Record<string, Record<string, unknown>>;

export function mergeResolvers(...maps: ResolverMap[]): ResolverMap {
  const out: ResolverMap = {};
  for (const m of maps) for (const [type, fields] of Object.entries(m)) out[type] = { ...(out[type] ?? {}), ...fields };
  return out;
}

export const resolvers = mergeResolvers(baseResolvers, tagResolvers, structuredPropertyResolvers, searchResolvers as ResolverMap);
