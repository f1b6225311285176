/** Facet aggregation across entity indices: value counts per requested field, under the names the caller used. */
import { validationError } from '../../errors.js';
import type { Services } from '../../services.js';
import { readFacetAggs } from '../../search/facets.js';
import type { AndFilter } from '../../search/filters.js';
import type { ResolvedField } from '../../search/resolved-field.js';
import type { DefinitionInfo } from '../definitions.js';
import { prepareSearch, runSearch } from './search-entities.js';
import { entityTypeEnumOf } from './search-types.js';

export interface AggregateEntitiesInput {
  types?: string[] | null;
  query?: string | null;
  facets?: (string | null)[] | null;
  orFilters?: AndFilter[] | null;
  includeSoftDeleted?: boolean | null;
  maxAggValues?: number | null;
}

export interface Facet {
  field: string;
  displayName: string;
  /** The entity the facet is about (the structured property of a property facet). */
  entityUrn?: string;
  aggregations: { value: string; count: number }[];
}

export const DEFAULT_FACETS = ['_entityType', 'platform', 'origin', 'tags'];
const NESTED = '\u241E';

function facetNamesOf(input: AggregateEntitiesInput): string[] {
  const names = (input.facets ?? []).filter((f): f is string => typeof f === 'string' && f.trim() !== '');
  for (const n of names) if (n.includes(NESTED)) throw validationError(`Invalid facets: nested facet ${n.replace(NESTED, '␞')} is not supported`);
  return names.length > 0 ? [...new Set(names)] : DEFAULT_FACETS;
}

/** Values the caller filtered on but that have no bucket are listed with count 0, as the original does. */
function filteredValues(orFilters: AndFilter[] | null | undefined, field: string): string[] {
  return (orFilters ?? []).flatMap((g) =>
    (g.and ?? []).filter((c) => c.field === field && !c.negated && ['EQUAL', 'IN', undefined, null].includes(c.condition as never)).flatMap((c) => c.values ?? []),
  );
}

export async function aggregateEntities(services: Services, input: AggregateEntitiesInput): Promise<Facet[]> {
  const maxAggValues = input.maxAggValues ?? 20;
  if (!Number.isInteger(maxAggValues) || maxAggValues < 1) throw validationError(`searchFlags.maxAggValues must be a positive integer, got ${maxAggValues}`);
  const names = facetNamesOf(input);
  const prepared = await prepareSearch(services, { ...input, facets: names, maxAggValues });
  const res =
    prepared.entityTypes.length === 0
      ? { aggregations: {} }
      : await runSearch(services, prepared.entityTypes, { ...prepared.body, size: 0, track_total_hits: false, sort: undefined });
  const { facets, fields } = prepared.compiled;
  return readFacetAggs(res.aggregations, facets).map((facet, i) => present(facets[i], facet, fields.definitionOf(facet.field), input.orFilters));
}

function present(
  f: ResolvedField,
  facet: { field: string; displayName: string; aggregations: { value: string; count: number }[] },
  def: DefinitionInfo | undefined,
  orFilters: AndFilter[] | null | undefined,
): Facet {
  const isEntityType = f.path === 'entityType';
  const aggregations = facet.aggregations.map((a) => (isEntityType ? { ...a, value: entityTypeEnumOf(a.value) } : a));
  if (f.kind === 'keyword') {
    for (const v of filteredValues(orFilters, facet.field)) if (!aggregations.some((a) => a.value === v)) aggregations.push({ value: v, count: 0 });
  }
  return {
    field: facet.field,
    displayName: typeof def?.definition.displayName === 'string' ? def.definition.displayName : facet.displayName,
    ...(def && { entityUrn: def.urn }),
    aggregations,
  };
}
