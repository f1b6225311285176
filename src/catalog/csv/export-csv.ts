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
import { indexFieldOf, longFieldOf, valueKindOf, type DefinitionInfo } from '../definitions.js';
import { liveDefinitions, tagIdOf } from './csv-columns.js';
import { prepareSearch, runSearch } from '../search/search-entities.js';
import { joinValues } from './csv-text.js';
import type { LineageDirection } from '../../model/lineage-edges.js';
import { checkDirection } from '../lineage/lineage-namers.js';
import { MAX_HOPS, walkLineage, type Walk } from '../lineage/lineage-walk.js';

export interface ExportInput {
  entityType: string;
  query?: string;
  orFilters?: AndFilter[];
  /** Qualified names (or URNs) of the structured properties to export, one column each, in this order. */
  properties?: string[];
  includeTags?: boolean;
  includeSoftDeleted?: boolean;
  /** Only the entities upstream or downstream of one (an impacted set), within `hops` (all the walk reaches when absent), with a `degree` column. */
  lineage?: { urn: string; direction: LineageDirection; hops?: number };
}

export interface CsvExport {
  header: string[];
  /** Rows of cells in URN order, a page at a time. */
  rows: AsyncIterable<string[][]>;
}

const PAGE = 1_000;
const MAX_PROPERTIES = 100;

async function chosenProperties(deps: CatalogDeps, names: string[]): Promise<DefinitionInfo[]> {
  if (names.length > MAX_PROPERTIES) throw validationError(`At most ${MAX_PROPERTIES} properties can be exported at once, got ${names.length}`);
  const urns = names.map((n) => (n.startsWith('urn:li:structuredProperty:') ? n : structuredPropertyUrn(n)));
  const infos = await liveDefinitions(deps, urns);
  const missing = urns.filter((_, i) => !infos[i]);
  if (missing.length > 0) throw validationError(`Unknown or deleted structured properties: ${missing.join(', ')}`);
  return infos as DefinitionInfo[];
}

/**
 * The doc-value fields a property's values are read from (rich text: its keyword sub-field; dates as days); text
 * values too long for the keyword index come from the field they are kept in apart.
 */
function docValuesOf(info: DefinitionInfo): (string | { field: string; format: string })[] {
  const path = indexFieldOf(info.definition);
  switch (valueKindOf(info.definition.valueType)) {
    case 'date':
      return [{ field: path, format: 'yyyy-MM-dd' }];
    case 'number':
      return [path];
    case 'rich_text':
      return [`${path}.keyword`, longFieldOf(info.definition)];
    default:
      return [path, longFieldOf(info.definition)];
  }
}

const fieldName = (f: string | { field: string }) => (typeof f === 'string' ? f : f.field);

/** A hit's doc values of one field, as text (numbers as they read: 30, not 30.0). */
const textsOf = (fields: Record<string, unknown[]> | undefined, name: string): string[] => (fields?.[name] ?? []).map((v) => String(v));

export async function exportCsv(deps: CatalogDeps, input: ExportInput): Promise<CsvExport> {
  const type = findEntityType(input.entityType);
  if (!type?.searchable) throw validationError(`Cannot export ${input.entityType}: not a searchable entity type`);
  const properties = await chosenProperties(deps, input.properties ?? []);
  const includeTags = input.includeTags !== false;
  let walk: Walk | undefined;
  if (input.lineage) {
    checkDirection(input.lineage.direction);
    walk = await walkLineage(deps, input.lineage.urn, input.lineage.direction, input.lineage.hops ?? MAX_HOPS);
  }
  const within = walk && [...walk.reached.keys()];
  const prepared = await prepareSearch(deps, { types: [type.graphqlType], query: input.query ?? '*', orFilters: input.orFilters, includeSoftDeleted: input.includeSoftDeleted, ...(within && { within }) });
  const degreeOf = (urn: string) => (walk ? [String(walk.reached.get(urn)?.degree ?? '')] : []);
  const header = ['urn', 'name', ...(walk ? ['degree'] : []), ...properties.map((p) => p.definition.qualifiedName), ...(includeTags ? ['tags'] : [])];
  // Doc values only, no stored document: the engine reads a few columns instead of parsing ~10 KB per hit (20,000
  // datasets of the bench catalog: 1.6 s against 3.2 s with a filtered `_source` and 6.5 s whole). Values of a
  // MULTIPLE property come in the index's order (sorted, each once); the import compares them as a set.
  const propertyFields = properties.map(docValuesOf);
  const body = { ...prepared.body, sort: [{ urn: 'asc' }], track_total_hits: false, _source: false, docvalue_fields: ['urn', 'name', ...(includeTags ? ['tags'] : []), ...propertyFields.flat()] };
  async function* rows(): AsyncIterable<string[][]> {
    let after: unknown[] | undefined;
    for (;;) {
      const res = await runSearch(deps, prepared.entityTypes, { ...body, size: PAGE, ...(after && { search_after: after }) });
      const hits: any[] = res.hits.hits;
      if (hits.length === 0) return;
      yield hits.map((h) => {
        const tags = textsOf(h.fields, 'tags').map(tagIdOf);
        const urn = textsOf(h.fields, 'urn')[0];
        return [urn, textsOf(h.fields, 'name')[0] ?? '', ...degreeOf(urn), ...propertyFields.map((fs) => joinValues(fs.flatMap((f) => textsOf(h.fields, fieldName(f))))), ...(includeTags ? [joinValues(tags)] : [])];
      });
      if (hits.length < PAGE) return;
      after = hits[hits.length - 1].sort;
    }
  }
  return { header, rows: rows() };
}
