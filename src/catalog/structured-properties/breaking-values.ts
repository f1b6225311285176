/** Which stored values a property's rules would make invalid, counted by the index (with a few examples by URN). */
import type { CatalogDeps } from '../catalog-deps.js';
import type { DefinitionInfo } from '../definitions.js';
import { invalidQuery } from './compliance-query.js';
import { entityTypeNamesOf } from './definition-references.js';
import type { PropertyDefinition } from '../../model/aspects/property-definition.js';

export interface BreakingValues {
  /** Entities (soft-deleted ones included: a restore would bring their values back) holding a value that breaks a rule. */
  entities: number;
  samples: string[];
}

/** Values invalid under `info`'s rules, leaving out those already invalid under the rules before (`before`), if any. */
export async function breakingValues(services: CatalogDeps, info: DefinitionInfo, before?: DefinitionInfo, sampleSize = 5): Promise<BreakingValues> {
  const newly = invalidQuery(info);
  const already = before ? invalidQuery(before) : undefined;
  const invalid = newly && already ? { bool: { filter: [newly], must_not: [already] } } : newly;
  const types = entityTypeNamesOf(info.definition as PropertyDefinition);
  if (!invalid || types.length === 0) return { entities: 0, samples: [] };
  // Values written a moment ago count too: the check must see every acknowledged write.
  await services.indices.refreshEntities(types);
  const res = await services.store.search(types, { size: sampleSize, _source: ['urn'], sort: [{ urn: 'asc' }], track_total_hits: true, query: invalid });
  return { entities: res.hits.total.value as number, samples: res.hits.hits.map((h: { _source: { urn: string } }) => h._source.urn) };
}
