/** Resolvers for cross-entity search, scroll and aggregation. */
import { aggregateAcrossEntities } from './search/aggregate-across-entities.js';
import { scrollAcrossEntities } from './search/scroll-across-entities.js';
import { searchAcrossEntities } from './search/search-across-entities.js';

export const searchResolvers = {
  Query: { searchAcrossEntities, scrollAcrossEntities, aggregateAcrossEntities },
};
