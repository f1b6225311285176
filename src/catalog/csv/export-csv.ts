/**
 * Export of a search as CSV for stewards: one row per entity in URN order — URN, name, one column per chosen structured
 * property (by qualified name), and the tags — read from the index page by page (`search_after`, 1,000 a page), so
 * any number of rows streams without being held. The search is the one every interface runs: the same query string,
 * filters, allow-list and soft-delete rule.
 */
import { validationError } from '../../errors.js';
import { findEntityType } from '../../model/entity-types.js';
import { structuredPropertyUrn } from '../../model/urn.js';
import type { AndFilter } from '../../search/filters.js';
import type { CatalogDeps } from '../catalog-deps.js';
import { indexFieldOf, loadDefinitions, valueKindOf, type DefinitionInfo } from '../definitions.js';
import { prepareSearch, runSearch } from '../search/search-entities.js';
import { joinValues } from '../../wire/csv.js';

export interface ExportInput {
  entityType: string;
  query?: string;
  orFilters?: AndFilter[];
  /** Qualified names (or URNs) of the structured properties to export, one column each, in this order. */
  properties?: string[];
  includeTags?: boolean;
  includeSoftDeleted?: boolean;
}

export interface CsvExport {
  header: string[];
  /** Rows of cells in URN order, a page at a time. */
  rows: AsyncIterable<string[][]>;
}

const PAGE = 1_000;
const MAX_PROPERTIES = 100;
const TAG_PREFIX = 'urn:li:tag:';

async function chosenProperties(deps: CatalogDeps, names: string[]): Promise<DefinitionInfo[]> {
  if (names.length > MAX_PROPERTIES) throw validationError(`At most ${MAX_PROPERTIES} properties can be exported at once, got ${names.length}`);
  const urns = names.map((n) => (n.startsWith('urn:li:structuredProperty:') ? n : structuredPropertyUrn(n)));
  const infos = await loadDefinitions(deps, urns);
  const missing = urns.filter((u) => !infos.get(u) || infos.get(u)!.removed);
  if (missing.length > 0) throw validationError(`Unknown or deleted structured properties: ${missing.join(', ')}`);
  return urns.map((u) => infos.get(u)!);
}

/** The values the index holds for a property, as text (numbers as they read: 30, not 30.0). */
function valuesOf(source: Record<string, any>, info: DefinitionInfo): string[] {
  let at: any = source;
  for (const seg of indexFieldOf(info.definition).split('.')) at = at?.[seg];
  const values = Array.isArray(at) ? at : at === undefined || at === null ? [] : [at];
  return values.map((v) => (valueKindOf(info.definition.valueType) === 'number' ? String(Number(v)) : String(v)));
}

export async function exportCsv(deps: CatalogDeps, input: ExportInput): Promise<CsvExport> {
  const type = findEntityType(input.entityType);
  if (!type?.searchable) throw validationError(`Cannot export ${input.entityType}: not a searchable entity type`);
  const properties = await chosenProperties(deps, input.properties ?? []);
  const includeTags = input.includeTags !== false;
  const prepared = await prepareSearch(deps, { types: [type.graphqlType], query: input.query ?? '*', orFilters: input.orFilters, includeSoftDeleted: input.includeSoftDeleted });
  const header = ['urn', 'name', ...properties.map((p) => p.definition.qualifiedName), ...(includeTags ? ['tags'] : [])];
  const body = { ...prepared.body, sort: [{ urn: 'asc' }], track_total_hits: false, _source: ['urn', 'name', 'tags', 'structuredProperties'], docvalue_fields: undefined };
  async function* rows(): AsyncIterable<string[][]> {
    let after: unknown[] | undefined;
    for (;;) {
      const res = await runSearch(deps, prepared.entityTypes, { ...body, size: PAGE, ...(after && { search_after: after }) });
      const hits: any[] = res.hits.hits;
      if (hits.length === 0) return;
      yield hits.map((h) => {
        const s = h._source;
        const tags = ((s.tags ?? []) as string[]).map((t) => (t.startsWith(TAG_PREFIX) ? t.slice(TAG_PREFIX.length) : t));
        return [s.urn, s.name ?? '', ...properties.map((p) => joinValues(valuesOf(s, p))), ...(includeTags ? [joinValues(tags)] : [])];
      });
      if (hits.length < PAGE) return;
      after = hits[hits.length - 1].sort;
    }
  }
  return { header, rows: rows() };
}
