/** The search page's two GraphQL calls: a scroll page of results and the facet counts, with their answer shapes. */
import type { PropertyValue } from './definitions';
import { RESULTS_PAGE } from './documents';
import { query } from './graphql';

export interface TagRef {
  urn: string;
  properties: { name: string; colorHex: string | null } | null;
}

/** Who set a value and through what (GraphQL MetadataAttribution). */
export interface Attribution {
  time: number;
  actor: { urn: string };
  sourceDetail: { key: string; value: string }[] | null;
}

export interface PropertyEntry {
  structuredProperty: { urn: string; definition: { displayName: string | null; qualifiedName: string } };
  values: (PropertyValue | null)[];
  /** Selected where the page says who set a value (the dataset page). */
  attribution?: Attribution | null;
}

export interface ResultEntity {
  urn: string;
  type: string;
  name?: string;
  fieldPath?: string;
  flowId?: string;
  jobId?: string;
  parent?: { urn: string };
  platform?: { name: string };
  properties?: { name: string | null; description: string | null } | null;
  tags?: { tags: { tag: TagRef }[] | null } | null;
  structuredProperties?: { properties: PropertyEntry[] | null } | null;
}

export { TAG_FIELDS } from './documents';

/** A field whose value matched the query; `entity` is what a URN value names (a tag, a term). */
export interface MatchedField {
  name: string;
  value: string;
  entity?: { urn: string; name?: string; properties?: { name: string | null } | null } | null;
}

/** One result: the entity, and why it matched (empty when not asked for). */
export interface Hit {
  entity: ResultEntity;
  matchedFields: MatchedField[];
}

export interface ResultPage {
  nextScrollId: string | null;
  total: number;
  hits: Hit[];
}

/** `withMatches` has the engine work out why each hit matched (it costs a little, and says nothing for `*`). */
export async function searchPage(input: Record<string, unknown>, withMatches: boolean): Promise<ResultPage> {
  const data = await query<{ scrollAcrossEntities: { nextScrollId: string | null; total: number; searchResults: { entity: ResultEntity; matchedFields: MatchedField[] }[] } }>(
    RESULTS_PAGE,
    { input: withMatches ? input : { ...input, searchFlags: { skipHighlighting: true } } },
  );
  const r = data.scrollAcrossEntities;
  return { nextScrollId: r.nextScrollId, total: r.total, hits: r.searchResults.map((s) => ({ entity: s.entity, matchedFields: s.matchedFields })) };
}

export interface Bucket {
  value: string;
  count: number;
  entity: { urn: string; name?: string; properties?: { name: string; colorHex: string | null } | null } | null;
}

export interface Facet {
  field: string;
  displayName: string | null;
  /** Entities with any value, counted by the index (the buckets are capped). */
  entitiesWithValue: number | null;
  aggregations: Bucket[];
  /** Value ranges of a number or date facet (bounds inclusive); null for other fields. */
  ranges: { from: number; to: number; count: number }[] | null;
}

const AGGREGATE = `query facets($input: AggregateAcrossEntitiesInput!) {
  aggregateAcrossEntities(input: $input) {
    facets { field displayName entitiesWithValue ranges { from to count } aggregations { value count entity { urn ... on Tag { properties { name colorHex } } ... on DataPlatform { name } } } }
  }
}`;

export async function aggregate(input: Record<string, unknown>): Promise<Facet[]> {
  const data = await query<{ aggregateAcrossEntities: { facets: Facet[] | null } }>(AGGREGATE, { input });
  return data.aggregateAcrossEntities.facets ?? [];
}
