/**
 * The Impact tab: everything downstream of an entity, searched with the search page's query language and narrowed by
 * degree (1, 2, 3+), type, platform, owners, tags, glossary terms, origin and the text properties shown in search
 * filters, each row with its degree; and the impacted datasets as CSV.
 */
import { platformOf } from '../../../src/model/platform-of';
import { useEffect, useRef, useState } from 'preact/hooks';
import { messageOf } from '../api/api-error';
import { loadDefinitions, type Definition } from '../api/definitions';
import { searchImpact, type Direction, type ImpactHit, type ImpactPage } from '../api/lineage-queries';
import type { Facet } from '../api/search-queries';
import { platformName } from '../model/rules-summary';
import { ENTITY_TYPES, singularLabel } from '../model/entity-types';
import { Link } from '../router';
import { lineageExportHref } from '../search/export-link';
import { toOrFilters, type SearchState } from '../search/search-state';
import { FacetSidebar, propertyField } from './facet-sidebar';
import { QueryError } from './query-error';
import { assetPath, titleOf } from './result-list';

const PAGE = 25;
const DIRECTION: Direction = 'DOWNSTREAM';
const FACETS = [
  { field: 'degree', label: 'Degree' },
  { field: '_entityType', label: 'Type' },
  { field: 'platform', label: 'Platform' },
  { field: 'owners', label: 'Owners' },
  { field: 'tags', label: 'Tags' },
  { field: 'glossaryTerms', label: 'Glossary terms' },
  { field: 'origin', label: 'Origin' },
];
/** Properties counted as value facets: text and URN ones shown in search filters (a few, to keep the request small). */
const PROPERTY_FACETS = 5;
const faceted = (defs: Definition[]) => defs.filter((d) => (d.valueKind === 'STRING' || d.valueKind === 'URN') && !d.hidden).slice(0, PROPERTY_FACETS);
const DEGREE_NAMES: Record<string, string> = { '1': '1 hop', '2': '2 hops', '3+': '3 or more hops' };

/** The degree and type buckets named for people (the sidebar names a bucket by its entity). */
const named = (f: Facet): Facet =>
  f.field === 'degree' || f.field === '_entityType'
    ? { ...f, aggregations: f.aggregations.map((b) => ({ ...b, entity: { urn: b.value, name: f.field === 'degree' ? (DEGREE_NAMES[b.value] ?? b.value) : singularLabel(b.value) } })) }
    : f;

interface Shown {
  key: string;
  page: ImpactPage;
}

export function ImpactPanel({ urn }: { urn: string }) {
  // The sidebar works on a search state; the type is the walk's business, so any will do.
  const [state, setState] = useState<SearchState>({ query: '', type: ENTITY_TYPES[0], filters: [] });
  const [text, setText] = useState('');
  const [shown, setShown] = useState<Shown | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [definitions, setDefinitions] = useState<Definition[] | null>(null);
  const generation = useRef(0);
  useEffect(() => {
    loadDefinitions().then((d) => setDefinitions(faceted(d)), () => setDefinitions([]));
  }, []);
  const key = JSON.stringify([urn, state.query, state.filters, definitions?.length ?? -1]);
  const propertyFacets = (definitions ?? []).map(propertyField);
  const input = (start: number) => ({ urn, direction: DIRECTION, query: state.query, orFilters: toOrFilters(state.filters), start, count: PAGE });

  useEffect(() => {
    if (definitions === null) return;
    const mine = ++generation.current;
    setError(null);
    searchImpact(input(0), propertyFacets).then(
      (page) => mine === generation.current && setShown({ key, page }),
      (e) => {
        if (mine !== generation.current) return;
        setShown(null);
        setError(messageOf(e));
      },
    );
  }, [key]);

  async function loadMore() {
    if (!shown) return;
    const mine = generation.current;
    setLoadingMore(true);
    try {
      const next = await searchImpact(input(shown.page.hits.length), propertyFacets);
      if (mine === generation.current) setShown({ key, page: { ...shown.page, hits: [...shown.page.hits, ...next.hits] } });
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setLoadingMore(false);
    }
  }

  const page = shown?.page;
  return (
    <div class="impact">
      <form
        class="search-bar"
        role="search"
        aria-label="Search the impacted entities"
        onSubmit={(e) => {
          e.preventDefault();
          setState({ ...state, query: text.trim() });
        }}
      >
        <label for="impact-query">Search downstream</label>
        <input id="impact-query" type="search" value={text} onInput={(e) => setText(e.currentTarget.value)} aria-describedby={error ? 'query-error' : undefined} />
        <button type="submit">Search</button>
      </form>
      {error && <QueryError query={state.query} message={error} />}
      <div class="impact-body">
        <FacetSidebar state={state} definitions={definitions ?? []} more={[]} onAdd={() => undefined} facets={(page?.facets ?? []).map(named)} answers={shown?.key ?? ''} onChange={setState} builtIn={FACETS} />
        <section class="impact-results" aria-label="Impacted entities" aria-live="polite" aria-busy={!shown && !error} data-answers={shown?.key}>
          {page && (
            <>
              <p class="total" data-total={page.total}>
                {page.total === 1 ? '1 entity downstream' : `${page.total} entities downstream`}
                {state.filters.length > 0 && (
                  <button type="button" class="link" onClick={() => setState({ ...state, filters: [] })}>
                    Clear filters
                  </button>
                )}
                <a class="link export-csv" href={lineageExportHref(urn, DIRECTION, state)} download>
                  Download CSV
                </a>
                <span class="hint"> (datasets, with their degree)</span>
              </p>
              {page.isPartial && <p class="notice">The walk met more entities than it reads: some are missing.</p>}
              {page.hits.length > 0 && <ImpactTable hits={page.hits} />}
              {page.hits.length < page.total && (
                <button type="button" class="more" disabled={loadingMore} onClick={loadMore}>
                  {loadingMore ? 'Loading…' : `Show more (${page.hits.length} of ${page.total})`}
                </button>
              )}
            </>
          )}
          {!shown && !error && <p>Searching…</p>}
        </section>
      </div>
    </div>
  );
}

function ImpactTable({ hits }: { hits: ImpactHit[] }) {
  return (
    <table class="impact-table">
      <thead>
        <tr>
          <th scope="col">Degree</th>
          <th scope="col">Name</th>
          <th scope="col">Type</th>
          <th scope="col">Platform</th>
        </tr>
      </thead>
      <tbody>
        {hits.map(({ entity: e, degree }) => {
          const platform = platformOf(e.urn);
          return (
            <tr key={e.urn} data-urn={e.urn} data-degree={degree}>
              <td class="degree">{degree}</td>
              <td>
                <Link to={assetPath(e)}>{titleOf(e)}</Link>
              </td>
              <td>{singularLabel(e.type)}</td>
              <td>{platform && <span class="platform">{platformName(platform)}</span>}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
