/** Presents search hits and facets as GraphQL objects whose entities are EntityRefs for the type resolvers. */
import type { Facet } from '../../../catalog/search/aggregate-entities.js';
import type { MatchedField } from '../../../catalog/search/matched-fields.js';
import { parseUrn } from '../../../model/urn.js';
import { refOf, type EntityRef } from '../../entity-loader.js';
import { graphqlTypeNameOf } from '../base.js';

/** A facet or matched value that is the URN of a stored entity type (a tag, a platform) comes with that entity. */
function entityOfValue(value: string): EntityRef | null {
  if (!value.startsWith('urn:li:')) return null;
  try {
    return graphqlTypeNameOf(parseUrn(value).entityType) ? refOf(value) : null;
  } catch {
    return null;
  }
}

export function presentHits(urns: string[], matches?: MatchedField[][]) {
  return urns.map((urn, i) => ({
    entity: refOf(urn),
    insights: [],
    matchedFields: (matches?.[i] ?? []).map((m) => ({ ...m, entity: entityOfValue(m.value) })),
    extraProperties: [],
  }));
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
