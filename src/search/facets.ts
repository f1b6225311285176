/** Builds the OpenSearch terms aggregations for requested facets and reads their buckets back as DataHub facet metadata. */
import { hasValueQuery } from '../storage/property-field-mappings.js';
import { formatJavaDouble } from '../model/java-double.js';
import type { ResolvedField } from './resolved-field.js';

export interface FacetMetadata {
  field: string;
  displayName: string;
  aggregations: { value: string; count: number }[];
  /** Entities with any value of the field, counted by the index (the buckets are capped at maxAggValues). */
  withValue?: number;
  /** For number and date fields, when asked: value ranges whose edges follow the values (bounds inclusive; dates in epoch millis). */
  ranges?: FacetRange[];
}

export interface FacetRange {
  from: number;
  to: number;
  count: number;
}

export interface FacetAggOptions {
  /** Also count value ranges of number and date fields (a variable-width or automatic date histogram). */
  ranges?: boolean;
  /** Also count the entities that have any value (an `exists` filter over every matching document: asked for only when shown). */
  withValue?: boolean;
}

/** How many ranges a number or date facet is split into. */
export const RANGE_BUCKETS = 6;

const MAX_BUCKETS = 100;

// Aggregations are keyed by position: user field names may hold characters ('[', ']', '>') OpenSearch forbids in names.
const aggName = (i: number) => `facet_${i}`;
const withValueName = (i: number) => `facet_${i}_with_value`;
const rangesName = (i: number) => `facet_${i}_ranges`;

function rangesAgg(f: ResolvedField): object | undefined {
  if (f.kind === 'double') return { variable_width_histogram: { field: f.path, buckets: RANGE_BUCKETS } };
  // Dates get a min/max (their buckets are spans of time whose last one ends at the latest value).
  if (f.kind === 'date') return { auto_date_histogram: { field: f.path, buckets: RANGE_BUCKETS }, aggs: { min: { min: { field: f.path } }, max: { max: { field: f.path } } } };
  return undefined;
}

export function buildFacetAggs(facets: ResolvedField[], maxAggValues = 20, opts: FacetAggOptions = {}): Record<string, object> {
  const size = Math.max(1, Math.min(Math.floor(maxAggValues), MAX_BUCKETS));
  return Object.fromEntries(
    facets.flatMap((f, i) => {
      if (f.empty) return [];
      if (f.buckets) return [[aggName(i), { filters: { filters: f.buckets } }]];
      const aggs: [string, object][] = [[aggName(i), { terms: { field: f.path, size } }]];
      if (opts.withValue) aggs.push([withValueName(i), { filter: hasValueQuery(f.path) }]);
      const ranges = opts.ranges ? rangesAgg(f) : undefined;
      if (ranges) aggs.push([rangesName(i), ranges]);
      return aggs;
    }),
  );
}

interface RangeBucket {
  key: number;
  doc_count: number;
  min?: number | { value: number | null };
  max?: number | { value: number | null };
}

/** Each histogram bucket as an inclusive range of the values in it; empty buckets are left out. */
function readRanges(agg: { buckets?: RangeBucket[] } | undefined): FacetRange[] | undefined {
  if (!agg) return undefined;
  const bound = (b: number | { value: number | null } | undefined, fallback: number) => (typeof b === 'number' ? b : (b?.value ?? fallback));
  return (agg.buckets ?? []).filter((b) => b.doc_count > 0).map((b) => ({ from: bound(b.min, b.key), to: bound(b.max, b.key), count: b.doc_count }));
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

export function readFacetAggs(aggregations: any, facets: ResolvedField[], opts: Pick<FacetAggOptions, 'withValue'> = {}): FacetMetadata[] {
  return facets.map((f, i) => {
    const raw = aggregations?.[aggName(i)]?.buckets;
    // Named buckets (filters aggregations) come as an object keyed by name, in the order they were asked for.
    const buckets: Bucket[] = f.buckets ? Object.keys(f.buckets).map((key) => ({ key, doc_count: raw?.[key]?.doc_count ?? 0 })) : (raw ?? []);
    return {
      field: f.name,
      displayName: f.name,
      aggregations: buckets.map((b) => ({ value: bucketValue(f, b), count: b.doc_count })),
      ...(opts.withValue && { withValue: (aggregations?.[withValueName(i)]?.doc_count as number | undefined) ?? 0 }),
      ...(aggregations?.[rangesName(i)] ? { ranges: readRanges(aggregations[rangesName(i)]) } : {}),
    };
  });
}
