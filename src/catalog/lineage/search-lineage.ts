/**
 * Impact analysis: the entities upstream or downstream of one entity over several hops, searched, filtered and faceted
 * as every search is (one pipeline: the walk's reached set becomes a filter of the ordinary search), with each result's
 * degree and paths. The `degree` filter (1, 2, 3+) bounds the walk and keeps the entities at those degrees.
 */
import { validationError } from '../../errors.js';
import type { LineageDirection } from '../../model/lineage-edges.js';
import type { AndFilter, FilterCriterion } from '../../search/filters.js';
import type { CatalogDeps } from '../catalog-deps.js';
import { scrollEntities, searchEntities, type SearchEntitiesInput, type SearchPage } from '../search/search-entities.js';
import { checkDirection } from './lineage-namers.js';
import { columnParts, isColumnUrn } from '../../model/field-lineage.js';
import { findEntityType, findEntityTypeByGraphql } from '../../model/entity-types.js';
import { platformOf } from '../../model/platform-of.js';
import { entityTypeOfUrn } from '../../model/urn.js';
import { MAX_HOPS, walkLineage, type LineageWindow, type Reached } from './lineage-walk.js';

export const DEGREES = ['1', '2', '3+'] as const;
const DEGREE_FIELDS = new Set(['degree', 'degree.keyword']);

export interface LineageSearchInput extends SearchEntitiesInput {
  urn: string;
  direction: LineageDirection;
  start?: number | null;
  /** Only edges last changed within it are walked. */
  window?: LineageWindow;
  /** lineageFlags.ignoreAsHops: entity types (and their platforms; all when none) walked through without counting a hop. */
  ignoreAsHops?: { entityType: string; platforms?: string[] | null }[] | null;
}

export interface LineageSearchPage extends SearchPage {
  start: number;
  /** Degree and paths of each result, in page order. */
  reached: Reached[];
  /** Matching entities at each degree (1, 2, 3+) when facets were asked for; otherwise the entities reached at each. */
  degrees: Record<(typeof DEGREES)[number], number>;
  partial: boolean;
}

/** The degrees asked for (from the first clause naming one, as the original reads them), and the filters without them. */
function degreeFilter(orFilters: AndFilter[] | null | undefined): { wanted?: Set<string>; rest?: AndFilter[] } {
  if (!orFilters) return {};
  const isDegree = (c: FilterCriterion) => DEGREE_FIELDS.has(c.field);
  const named = orFilters.find((g) => (g.and ?? []).some(isDegree));
  const wanted = named && new Set((named.and ?? []).filter(isDegree).flatMap((c) => c.values ?? []));
  // 1, 2 and 3+ as the original; any other number of hops up to MAX_HOPS keeps exactly that degree (Tessera's own).
  const valid = (v: string) => (DEGREES as readonly string[]).includes(v) || (/^[1-9][0-9]?$/.test(v) && Number(v) <= MAX_HOPS);
  for (const v of wanted ?? []) if (!valid(v)) throw validationError(`degree filter values are 1, 2 and 3+ (or a number of hops up to ${MAX_HOPS}), got ${JSON.stringify(v)}`);
  const rest = orFilters.map((g) => ({ and: (g.and ?? []).filter((c) => !isDegree(c)) })).filter((g) => g.and.length > 0);
  return { wanted, rest: rest.length > 0 ? rest : undefined };
}

/** Paths kept per dataset when a column walk is presented by dataset: one per column reached. */
const COLUMN_PATHS_KEPT = 50;

/**
 * A walk from a column reaches columns; the search is over the datasets holding them (their platform, owners, tags and
 * properties are what impact analysis facets on): each at the lowest degree of its columns, with a path to each column.
 */
function byDataset(columns: Map<string, Reached>): Map<string, Reached> {
  const out = new Map<string, Reached>();
  const ordered = [...columns].sort(([, a], [, b]) => a.degree - b.degree);
  for (const [urn, r] of ordered) {
    const parent = columnParts(urn)?.parent;
    if (!parent) continue;
    const seen = out.get(parent) ?? out.set(parent, { degree: r.degree, paths: [] }).get(parent)!;
    if (seen.paths.length < COLUMN_PATHS_KEPT && r.paths[0]) seen.paths.push(r.paths[0]);
  }
  return out;
}

/** Whether an entity is walked through without counting a hop: its type is listed, with its platform or with none. */
function ignoredAsHop(rules: LineageSearchInput['ignoreAsHops']): ((urn: string) => boolean) | undefined {
  if (!rules?.length) return undefined;
  const byType = new Map<string, Set<string> | null>();
  for (const r of rules) {
    const def = findEntityTypeByGraphql(r.entityType) ?? findEntityType(r.entityType);
    if (!def) throw validationError(`lineageFlags.ignoreAsHops: unknown entity type ${r.entityType}`);
    const platforms = r.platforms?.length ? r.platforms.map((p) => (p.startsWith('urn:li:dataPlatform:') ? p : `urn:li:dataPlatform:${p}`)) : null;
    byType.set(def.name, platforms && new Set(platforms));
  }
  return (urn) => {
    if (!byType.has(entityTypeOfUrn(urn))) return false;
    const platforms = byType.get(entityTypeOfUrn(urn));
    return !platforms || platforms.has(platformOf(urn) ?? '');
  };
}

const bucketOf = (degree: number): (typeof DEGREES)[number] => (degree >= 3 ? '3+' : (String(degree) as '1' | '2'));

/** The walk, and the search's scope: the entities reached at the degrees asked, by degree bucket, and the other filters. */
async function lineageScope(services: CatalogDeps, input: LineageSearchInput) {
  if (typeof input.urn !== 'string' || input.urn === '') throw validationError('urn is required: the entity the lineage search starts from');
  checkDirection(input.direction);
  const { wanted, rest } = degreeFilter(input.orFilters);
  const maxHops = !wanted || wanted.has('3+') ? MAX_HOPS : Math.max(...[...wanted].map(Number));
  const column = isColumnUrn(input.urn);
  const walk = await walkLineage(services, input.urn, input.direction, maxHops, { window: input.window, ignoreAsHop: ignoredAsHop(input.ignoreAsHops), lazyPaths: !column });
  // A column walk knows every step (no reads): its datasets take a path per column.
  if (column) await walk.complete(walk.reached.keys());
  const reachedMap = column ? byDataset(walk.reached) : walk.reached;
  const kept = [...reachedMap].filter(([, r]) => !wanted || wanted.has(String(r.degree)) || (r.degree >= 3 && wanted.has('3+')));
  const byBucket = Object.fromEntries(DEGREES.map((d) => [d, kept.filter(([, r]) => bucketOf(r.degree) === d).map(([urn]) => urn)]));
  // The matches per degree are counted (in the same engine call) only with the facets, where they are shown.
  const counted = (input.facets?.length ?? 0) > 0;
  const search: SearchEntitiesInput = { ...input, orFilters: rest, within: kept.map(([urn]) => urn), ...(counted && { countIn: byBucket }) };
  const lineageOf = async (page: SearchPage) => {
    // The paths of the page's results only.
    if (!column) await walk.complete(page.urns);
    const reachedCounts = Object.fromEntries(DEGREES.map((d) => [d, byBucket[d].length])) as Record<(typeof DEGREES)[number], number>;
    return {
      reached: page.urns.map((urn) => reachedMap.get(urn)!),
      // Counted for every degree asked (zero where none matched); without facets, the entities reached at each.
      degrees: counted ? { '1': 0, '2': 0, '3+': 0, ...page.countedIn } : reachedCounts,
      partial: walk.truncated,
    };
  };
  return { search, lineageOf };
}

export async function searchLineage(services: CatalogDeps, input: LineageSearchInput): Promise<LineageSearchPage> {
  const { search, lineageOf } = await lineageScope(services, input);
  const page = await searchEntities(services, { ...search, start: input.start });
  return { ...page, ...(await lineageOf(page)) };
}

/**
 * The same search paged by an opaque position (scrollAcrossLineage): each page walks the graph again, so a page reflects
 * the lineage as it is when asked; the position is the last result's place in the search's order.
 */
export async function scrollLineage(services: CatalogDeps, input: LineageSearchInput & { scrollId?: string | null }): Promise<Omit<LineageSearchPage, 'start'> & { nextScrollId: string | null }> {
  const { search, lineageOf } = await lineageScope(services, input);
  const page = await scrollEntities(services, { ...search, scrollId: input.scrollId });
  return { ...page, ...(await lineageOf(page)) };
}
