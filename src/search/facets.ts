/** Builds the OpenSearch terms aggregations for requested facets and reads their buckets back as DataHub facet metadata. */
import { formatJavaDouble } from '../model/java-double.js';
import type { ResolvedField } from './resolved-field.js';

export interface FacetMetadata {
  field: string;
  displayName: string;
  aggregations: { value: string; count: number }[];
  /** Entities with any value of the field, counted by the index (the buckets are capped at maxAggValues). */
  withValue: number;
}

const MAX_BUCKETS = 100;

// Aggregations are keyed by position: user field names may hold characters ('[', ']', '>') OpenSearch forbids in names.
const aggName = (i: number) => `facet_${i}`;
const withValueName = (i: number) => `facet_${i}_with_value`;

export function buildFacetAggs(facets: ResolvedField[], maxAggValues = 20): Record<string, object> {
  const size = Math.max(1, Math.min(Math.floor(maxAggValues), MAX_BUCKETS));
  return Object.fromEntries(
    facets.flatMap((f, i) => (f.empty ? [] : [[aggName(i), { terms: { field: f.path, size } }], [withValueName(i), { filter: { exists: { field: f.path } } }]])),
  );
}

interface Bucket {
  key: string | number | boolean;
  key_as_string?: string;
  doc_count: number;
}

function bucketValue(f: ResolvedField, b: Bucket): string {
  switch (f.kind) {
    case 'double':
      return formatJavaDouble(Number(b.key));
    case 'date':
      // `key` is epoch millis whatever the field's date format, which is what the original reports.
      return String(Math.trunc(Number(b.key)));
    case 'boolean':
      return b.key_as_string ?? String(b.key === true || b.key === 1);
    default:
      return String(b.key);
  }
}

export function readFacetAggs(aggregations: any, facets: ResolvedField[]): FacetMetadata[] {
  return facets.map((f, i) => {
    const buckets: Bucket[] = aggregations?.[aggName(i)]?.buckets ?? [];
    return {
      field: f.name,
      displayName: f.name,
      aggregations: buckets.map((b) => ({ value: bucketValue(f, b), count: b.doc_count })),
      withValue: aggregations?.[withValueName(i)]?.doc_count ?? 0,
    };
  });
}
