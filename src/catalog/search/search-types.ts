/** Maps the GraphQL entity type names of a search onto the entity indices to search. */
import { ENTITY_TYPES, findEntityType, findEntityTypeByGraphql } from '../../model/entity-types.js';
import type { AndFilter } from '../../search/filters.js';

/** Empty or absent means every searchable type; types the catalog does not store hold no entities and are skipped. */
export function entityTypesToSearch(types: readonly string[] | null | undefined): string[] {
  if (!types || types.length === 0) return ENTITY_TYPES.filter((t) => t.searchable).map((t) => t.name);
  // GraphQL names (`DATASET`), or entity names as the wire's search sends them (`domain`).
  return [...new Set(types.map((t) => findEntityTypeByGraphql(t)?.name ?? findEntityType(t)?.name).filter((t): t is string => t !== undefined))];
}

const ENTITY_TYPE_FIELDS = new Set(['_entityType', 'entityType']);

/** `_entityType` filter values arrive as GraphQL names (`DATASET`); the index stores entity names (`dataset`). */
export function withEntityTypeNames(orFilters: AndFilter[] | null | undefined): AndFilter[] | undefined {
  return orFilters?.map((g) => ({
    and: g.and?.map((c) =>
      ENTITY_TYPE_FIELDS.has(c.field) ? { ...c, values: c.values?.map((v) => findEntityTypeByGraphql(v)?.name ?? findEntityType(v)?.name ?? v) } : c,
    ),
  }));
}

/** `dataset` → `DATASET`, as facet values of `_entityType` are reported. */
export function entityTypeEnumOf(entityType: string): string {
  return findEntityType(entityType)?.graphqlType ?? entityType;
}
