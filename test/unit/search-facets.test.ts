import { describe, expect, it } from 'vitest';
import { buildFacetAggs, readFacetAggs } from '../../src/search/facets.js';
import type { ResolvedField } from '../../src/search/resolved-field.js';

const retention: ResolvedField = { name: 'structuredProperties.io.acryl.privacy.retentionTime', path: 'structuredProperties.io_acryl_privacy_retentionTime', kind: 'double' };
const deadline: ResolvedField = { name: 'structuredProperties.deadline', path: 'structuredProperties.deadline', kind: 'date' };
const tags: ResolvedField = { name: 'tags', path: 'tags', kind: 'keyword' };
const removed: ResolvedField = { name: 'removed', path: 'removed', kind: 'boolean' };

describe('buildFacetAggs', () => {
  it('one terms aggregation per facet, 20 buckets by default, and an exists count per facet when asked', () => {
    expect(buildFacetAggs([retention, tags])).toEqual({
      facet_0: { terms: { field: 'structuredProperties.io_acryl_privacy_retentionTime', size: 20 } },
      facet_1: { terms: { field: 'tags', size: 20 } },
    });
    expect(buildFacetAggs([retention, tags], 20, { withValue: true })).toEqual({
      facet_0: { terms: { field: 'structuredProperties.io_acryl_privacy_retentionTime', size: 20 } },
      facet_0_with_value: {
        filter: {
          bool: {
            should: [{ exists: { field: 'structuredProperties.io_acryl_privacy_retentionTime' } }, { exists: { field: 'structuredPropertyLengths.io_acryl_privacy_retentionTime' } }],
            minimum_should_match: 1,
          },
        },
      },
      facet_1: { terms: { field: 'tags', size: 20 } },
      facet_1_with_value: { filter: { exists: { field: 'tags' } } },
    });
  });
  it('maxAggValues sets the size, capped at 100', () => {
    expect(buildFacetAggs([tags], 5).facet_0).toEqual({ terms: { field: 'tags', size: 5 } });
    expect(buildFacetAggs([tags], 500).facet_0).toEqual({ terms: { field: 'tags', size: 100 } });
  });
  it('an empty facet (deleted or unknown property) asks the engine nothing', () => {
    expect(buildFacetAggs([tags, { ...retention, empty: true }], 20, { withValue: true })).toEqual({
      facet_0: { terms: { field: 'tags', size: 20 } },
      facet_0_with_value: { filter: { exists: { field: 'tags' } } },
    });
  });
  it('no facets, no aggregations', () => expect(buildFacetAggs([])).toEqual({}));
});

describe('readFacetAggs', () => {
  it('renders numbers as Java doubles, dates as epoch millis, booleans and keywords as text', () => {
    const aggregations = {
      facet_0: { buckets: [{ key: 60, doc_count: 2 }, { key: 90.5, doc_count: 1 }, { key: 0.0001, doc_count: 1 }] },
      facet_1: { buckets: [{ key: 1718323200000, key_as_string: '2024-06-14', doc_count: 3 }] },
      facet_2: { buckets: [{ key: 'urn:li:tag:pii', doc_count: 4 }] },
      facet_3: { buckets: [{ key: 1, key_as_string: 'true', doc_count: 5 }, { key: 0, key_as_string: 'false', doc_count: 1 }] },
      facet_0_with_value: { doc_count: 4 },
      facet_2_with_value: { doc_count: 4 },
    };
    expect(readFacetAggs(aggregations, [retention, deadline, tags, removed], { withValue: true })).toEqual([
      {
        field: 'structuredProperties.io.acryl.privacy.retentionTime',
        displayName: 'structuredProperties.io.acryl.privacy.retentionTime',
        aggregations: [{ value: '60.0', count: 2 }, { value: '90.5', count: 1 }, { value: '1.0E-4', count: 1 }],
        withValue: 4,
      },
      { field: 'structuredProperties.deadline', displayName: 'structuredProperties.deadline', aggregations: [{ value: '1718323200000', count: 3 }], withValue: 0 },
      { field: 'tags', displayName: 'tags', aggregations: [{ value: 'urn:li:tag:pii', count: 4 }], withValue: 4 },
      { field: 'removed', displayName: 'removed', aggregations: [{ value: 'true', count: 5 }, { value: 'false', count: 1 }], withValue: 0 },
    ]);
  });
  it('booleans without key_as_string', () => {
    expect(readFacetAggs({ facet_0: { buckets: [{ key: 1, doc_count: 2 }] } }, [removed])[0].aggregations).toEqual([{ value: 'true', count: 2 }]);
  });
  it('a facet missing from the response has no values', () => {
    expect(readFacetAggs(undefined, [tags], { withValue: true })).toEqual([{ field: 'tags', displayName: 'tags', aggregations: [], withValue: 0 }]);
    expect(readFacetAggs(undefined, [tags])).toEqual([{ field: 'tags', displayName: 'tags', aggregations: [] }]);
    expect(readFacetAggs({}, [retention])[0].aggregations).toEqual([]);
  });
});
