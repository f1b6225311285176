/** Resolvers for cross-entity search, scroll and aggregation. */
export const searchResolvers = {};
