/** Presents search hits and facets as GraphQL objects whose entities are EntityRefs for the type resolvers. */
import type { Facet } from '../../../catalog/search/aggregate-entities.js';
import { findEntityType } from '../../../model/entity-types.js';
import { parseUrn } from '../../../model/urn.js';
import { refOf, type EntityRef } from '../../entity-loader.js';

export function presentHits(urns: string[]) {
  return urns.map((urn) => ({ entity: refOf(urn), insights: [], matchedFields: [], extraProperties: [] }));
}

/** A facet value that is the URN of a stored entity type (a tag, a platform) comes with that entity. */
function entityOfValue(value: string): EntityRef | null {
  if (!value.startsWith('urn:li:')) return null;
  try {
    return findEntityType(parseUrn(value).entityType) ? refOf(value) : null;
  } catch {
    return null;
  }
}

export function presentFacets(facets: Facet[]) {
  return facets.map((f) => ({
    field: f.field,
    displayName: f.displayName,
    entity: f.entityUrn ? refOf(f.entityUrn) : null,
    aggregations: f.aggregations.map((a) => ({ value: a.value, count: a.count, entity: entityOfValue(a.value), displayName: null })),
    entitiesWithValue: f.withValue ?? null,
    ranges: f.ranges ?? null,
  }));
}
