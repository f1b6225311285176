/** Lists (and searches) the entities of one type in a stable order with scroll-id paging. */
import type { EntityTypeDef } from '../model/entity-types.js';
import type { EntityDoc } from '../storage/entity-store.js';
import type { CatalogDeps } from './catalog-deps.js';
import { presentEntity, type EntityView } from './read-entity.js';
import type { DefinitionMemo } from './definitions.js';
import { sortClauses } from './sort-clauses.js';
import { buildEntityQuery } from './search/entity-query.js';
import { countOf, NOT_SOFT_DELETED, scrollPage } from './search/search-entities.js';
import { withListDefaults } from './structured-properties/list-defaults.js';

export interface ListInput {
  entityType: EntityTypeDef;
  count?: number;
  scrollId?: string;
  sort?: string[];
  sortOrder?: 'ASCENDING' | 'DESCENDING';
  query?: string;
  includeSoftDelete?: boolean;
  aspects?: string[];
}

export interface ListResult {
  scrollId?: string;
  entities: EntityView[];
  total: number;
}

export async function listEntities(services: CatalogDeps, input: ListInput): Promise<ListResult> {
  const query = await buildEntityQuery(services, [input.entityType.name], input.query);
  const body = {
    query: { bool: { must: [query], filter: input.includeSoftDelete ? [] : [NOT_SOFT_DELETED] } },
    sort: sortClauses(input.sort, input.sortOrder),
    track_total_hits: true,
  };
  const page = await scrollPage(services, [input.entityType.name], body, countOf(services, input.count), input.scrollId);
  // A page usually shares a few definitions: fetch each once for the whole page.
  const definitions: DefinitionMemo = services.definitionCache.memo();
  const entities = await Promise.all(page.hits.map(async (h) => withListDefaults(await presentEntity(services, h._source as EntityDoc, input.aspects, definitions))));
  return { scrollId: page.nextScrollId ?? undefined, entities, total: page.total };
}
