/** Lists (and searches) the entities of one type in a stable order with scroll-id paging. */
import { validationError } from '../errors.js';
import type { EntityTypeDef } from '../model/entity-types.js';
import type { EntityDoc } from '../storage/entity-store.js';
import type { Services } from '../services.js';
import { presentEntity, type EntityView } from './read-entity.js';
import type { DefinitionMemo } from './definitions.js';
import { decodeScrollId, encodeScrollId } from './scroll-id.js';
import { buildEntityQuery } from './search/entity-query.js';
import { runSearch } from './search/search-entities.js';
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

// A Map, not an object literal: user input must never reach prototype keys such as `__proto__`.
const SORTABLE = new Map([['urn', 'urn'], ['name', 'name'], ['createdtime', 'createdTime'], ['lastmodifiedtime', 'lastModifiedTime'], ['qualifiedname', 'qualifiedName']]);

export function sortClauses(sort: string[] | undefined, order: 'ASCENDING' | 'DESCENDING' | undefined): object[] {
  const dir = order === 'DESCENDING' ? 'desc' : 'asc';
  const fields = (sort && sort.length > 0 ? sort : ['urn']).map((s) => {
    const f = SORTABLE.get(s.toLowerCase());
    if (!f) throw validationError(`Cannot sort by ${s}; sortable fields: ${[...SORTABLE.values()].join(', ')}`);
    return f;
  });
  if (!fields.includes('urn')) fields.push('urn'); // a unique tie-breaker keeps paging stable
  return fields.map((f) => ({ [f]: { order: dir, missing: dir === 'asc' ? '_last' : '_first' } }));
}

export async function listEntities(services: Services, input: ListInput): Promise<ListResult> {
  const size = Math.min(Math.max(input.count ?? 10, 0), services.config.MAX_COUNT);
  const query = await buildEntityQuery(services, [input.entityType.name], input.query);
  const filter = input.includeSoftDelete ? [] : [{ bool: { must_not: [{ term: { removed: true } }] } }];
  const body: Record<string, unknown> = {
    size,
    query: { bool: { must: [query], filter } },
    sort: sortClauses(input.sort, input.sortOrder),
    track_total_hits: true,
    timeout: `${services.config.SEARCH_TIMEOUT_MS}ms`,
  };
  if (input.scrollId) body.search_after = decodeScrollId(input.scrollId).s;
  const res = await runSearch(services, [input.entityType.name], body);
  const hits: any[] = res.hits.hits;
  // A page usually shares a few definitions: fetch each once for the whole page.
  const definitions: DefinitionMemo = new Map();
  const entities = await Promise.all(hits.map(async (h) => withListDefaults(await presentEntity(services, h._source as EntityDoc, input.aspects, definitions))));
  const scrollId = hits.length === size && size > 0 ? encodeScrollId(hits[hits.length - 1].sort) : undefined;
  return { scrollId, entities, total: res.hits.total?.value ?? hits.length };
}
