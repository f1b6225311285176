/**
 * The search page row: a result page as a person asks for it — scrollAcrossEntities, 20 hits, with name, description,
 * tags (names) and structured property values with their definitions' display names — against raw OpenSearch
 * answering the same filter with the 20 stored documents.
 */
import { propertyField, qualifiedName } from './catalog.js';
import { datasetIndex, expectEqual, graphql, osOk, type BenchContext } from './context.js';
import type { Workload } from './reads.js';

const VALUES = '... on StringValue { stringValue } ... on NumberValue { numberValue }';
export const PAGE = `query page($input: ScrollAcrossEntitiesInput!) { scrollAcrossEntities(input: $input) { nextScrollId total searchResults { entity { urn type
  ... on Dataset { name properties { name description } tags { tags { tag { urn properties { name colorHex } } } }
    structuredProperties { properties { structuredProperty { urn definition { displayName qualifiedName } } values { ${VALUES} } } } } } } } }`;

/** The page's input: datasets whose retention (a number property) is above `above`, by URN. */
export const pageInput = (above: number) => ({
  types: ['DATASET'], query: '*', count: 20,
  orFilters: [{ and: [{ field: `structuredProperties.${qualifiedName(0, 'retention')}`, condition: 'GREATER_THAN', values: [String(above)] }] }],
  sortInput: { sortCriteria: [{ field: 'urn', sortOrder: 'ASCENDING' }] },
});

export function searchPage(c: BenchContext): Workload {
  const input = pageInput(45);
  const body = {
    size: 20, track_total_hits: true, sort: [{ urn: 'asc' }],
    query: { bool: { filter: [{ range: { [propertyField(0, 'retention')]: { gt: 45 } } }, { bool: { must_not: [{ term: { removed: true } }] } }] } },
  };
  const run = () => graphql(c, PAGE, { input });
  const raw = () => osOk(c, 'POST', `/${datasetIndex(c)}/_search`, body);
  return {
    name: 'search-page', title: 'search page, scrollAcrossEntities 20 hits with names, descriptions, tags and property values', unit: 'req',
    target: { min: 0.8, text: '≥ 0.80' },
    async probe() {
      const t = (await run()).scrollAcrossEntities;
      const r = (await raw()).json().hits;
      const shown = (urn: string, name: string, tags: number, values: number) => [urn, name, tags, values];
      expectEqual(
        'search page',
        t.searchResults.map((x: any) => shown(x.entity.urn, x.entity.properties?.name, x.entity.tags?.tags?.length ?? 0, x.entity.structuredProperties?.properties?.length ?? 0)),
        r.hits.map((h: any) => shown(h._source.urn, h._source.aspects.datasetProperties?.value?.name, h._source.aspects.globalTags?.value?.tags?.length ?? 0, h._source.aspects.structuredProperties?.value?.properties?.length ?? 0)),
      );
    },
    tessera: async () => (await run(), 1),
    raw: async () => (await raw(), 1),
  };
}
