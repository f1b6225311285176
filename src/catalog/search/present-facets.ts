/** Reads facet aggregations back as facets under the names the caller used, with display names from definitions. */
import type { AndFilter } from '../../search/filters.js';
import { readFacetAggs, type FacetMetadata, type FacetRange } from '../../search/facets.js';
import type { ResolvedField } from '../../search/resolved-field.js';
import type { DefinitionInfo } from '../definitions.js';
import type { CompiledSearch } from './compile-search.js';
import { entityTypeEnumOf } from './search-types.js';

export interface Facet {
  field: string;
  displayName: string;
  /** The entity the facet is about (the structured property of a property facet). */
  entityUrn?: string;
  aggregations: { value: string; count: number }[];
  /** Entities with any value of the field, counted by the index. */
  withValue?: number;
  /** Value ranges of a number or date facet, when asked for. */
  ranges?: FacetRange[];
}

/** Values the caller filtered on but that have no bucket are listed with count 0, as the original does. */
function filteredValues(orFilters: AndFilter[] | null | undefined, field: string): string[] {
  return (orFilters ?? []).flatMap((g) =>
    (g.and ?? []).filter((c) => c.field === field && !c.negated && ['EQUAL', 'IN', undefined, null].includes(c.condition as never)).flatMap((c) => c.values ?? []),
  );
}

export function readFacets(aggregations: unknown, compiled: CompiledSearch, orFilters: AndFilter[] | null | undefined): Facet[] {
  const { facets, fields } = compiled;
  return readFacetAggs(aggregations as any, facets, { withValue: compiled.withValue }).map((facet, i) => present(facets[i], facet, facets[i].empty ? undefined : fields.definitionOf(facet.field), orFilters));
}

function present(
  f: ResolvedField,
  facet: FacetMetadata,
  def: DefinitionInfo | undefined,
  orFilters: AndFilter[] | null | undefined,
): Facet {
  const isEntityType = f.path === 'entityType';
  const aggregations = facet.aggregations.map((a) => (isEntityType ? { ...a, value: entityTypeEnumOf(a.value) } : a));
  if (f.kind === 'keyword' && !f.empty) {
    // As the filter compared them: `hive` is the bucket `urn:li:dataPlatform:hive`, not a bucket of its own.
    for (const raw of filteredValues(orFilters, facet.field)) {
      const v = f.normalise && !f.facetPath ? f.normalise(raw) : raw;
      if (!aggregations.some((a) => a.value === v)) aggregations.push({ value: v, count: 0 });
    }
  }
  return {
    field: facet.field,
    displayName: typeof def?.definition.displayName === 'string' ? def.definition.displayName : facet.displayName,
    ...(def && { entityUrn: def.urn }),
    aggregations,
    withValue: facet.withValue,
    ...(facet.ranges && { ranges: facet.ranges }),
  };
}
