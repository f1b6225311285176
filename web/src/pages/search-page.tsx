/** /ui/search: query box, entity type, facet sidebar and scroll-paged results, all driven by the URL. */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { messageOf } from '../api/api-error';
import { loadDefinitions, type Definition } from '../api/definitions';
import { aggregate, searchPage, type Facet, type Hit } from '../api/search-queries';
import { FacetSidebar, propertyField } from '../components/facet-sidebar';
import { QueryError } from '../components/query-error';
import { datasetPath, ResultList } from '../components/result-list';
import { SearchBox } from '../components/search-box';
import { StateChips } from '../components/state-chips';
import { Link, navigate } from '../router';
import { ENTITY_TYPES } from '../model/entity-types';
import { exportHref } from '../search/export-link';
import { explainsMatches } from '../search/match-labels';
import { formatSearchState, parseSearchState, toOrFilters, type SearchState } from '../search/search-state';

const PAGE = 20;
/** Besides the properties set to show in search filters and those filtered on: the most used ones in the results. */
const MOST_USED = 5;
// Rich text values are long prose: a value list of them helps nobody, so they get no facet.
const FACETED = new Set(['STRING', 'URN', 'NUMBER', 'DATE']);

interface Results {
  /** The URL query these results answer (tests and tools wait for it to match the address bar). */
  key?: string;
  hits: Hit[];
  total: number;
  nextScrollId: string | null;
}

export function SearchPage({ params }: { params: URLSearchParams }) {
  const key = params.toString();
  const state = useMemo(() => parseSearchState(params), [key]);
  const [text, setText] = useState(state.query);
  const [definitions, setDefinitions] = useState<Definition[] | null>(null);
  const [results, setResults] = useState<Results | null>(null);
  const [facets, setFacets] = useState<{ key: string; list: Facet[]; shown: Definition[] }>({ key: '', list: [], shown: [] });
  /** Properties added with "More filters" (kept while the page is open). */
  const [added, setAdded] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const generation = useRef(0);

  useEffect(() => setText(state.query), [state.query]);
  useEffect(() => {
    loadDefinitions().then(setDefinitions, (e) => setError(messageOf(e)));
  }, []);

  const applicable = useMemo(
    () => (definitions ?? []).filter((d) => FACETED.has(d.valueKind) && !d.hidden && d.entityTypes.includes(state.type.graphql)),
    [definitions, state.type],
  );
  const input = { types: [state.type.graphql], query: state.query.trim() || '*', orFilters: toOrFilters(state.filters) };
  const explain = explainsMatches(state.query);

  useEffect(() => {
    const mine = ++generation.current;
    setError(null);
    searchPage({ ...input, count: PAGE }, explain).then(
      (r) => mine === generation.current && setResults({ ...r, key }),
      (e) => {
        if (mine !== generation.current) return;
        setResults(null);
        setError(messageOf(e));
      },
    );
  }, [key]);

  useEffect(() => {
    if (!definitions) return;
    const mine = generation.current;
    // The few properties that matter: those set to show in search filters, those filtered on or added, then (counted
    // by a propertyUrns facet in the same call) the most used ones in these results.
    const filtered = new Set(state.filters.map((f) => f.field));
    const chosen = applicable.filter((d) => d.showInSearchFilters || filtered.has(propertyField(d)) || added.includes(d.urn));
    const byUrn = new Map(applicable.map((d) => [d.urn, d]));
    const counts = async (defs: Definition[], extra: string[]) => {
      // Enough buckets that every allowed value gets its real count (the API allows at most 100).
      const maxAggValues = Math.min(100, Math.max(20, ...defs.map((d) => d.allowedValues.length)));
      return aggregate({ ...input, facets: [...extra, ...defs.map(propertyField)], searchFlags: { maxAggValues } });
    };
    (async () => {
      const first = await counts(chosen, ['tags', 'platform', 'origin', 'propertyUrns']);
      const used = first.find((f) => f.field === 'propertyUrns')?.aggregations ?? [];
      const top = used.map((b) => byUrn.get(b.value)).filter((d): d is Definition => !!d && !chosen.includes(d)).slice(0, MOST_USED);
      const second = top.length > 0 ? await counts(top, []) : [];
      return { list: [...first, ...second], shown: [...chosen, ...top] };
    })().then(
      (f) => mine === generation.current && setFacets({ key, ...f }),
      () => mine === generation.current && setFacets({ key, list: [], shown: chosen }),
    );
  }, [key, definitions, added]);

  const go = (next: SearchState) => navigate(formatSearchState(next));

  async function loadMore() {
    if (!results?.nextScrollId) return;
    const mine = generation.current;
    setLoadingMore(true);
    try {
      const page = await searchPage({ ...input, count: PAGE, scrollId: results.nextScrollId }, explain);
      if (mine === generation.current) setResults({ ...page, key, hits: [...results.hits, ...page.hits] });
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setLoadingMore(false);
    }
  }

  return (
    <div class="search-page">
      <h1 class="visually-hidden">Search</h1>
      <form
        class="search-bar"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          go({ ...state, query: text.trim() });
        }}
      >
        <label for="search-query">Search</label>
        <SearchBox
          text={text}
          onText={setText}
          onSearch={(query) => go({ ...state, query })}
          onOpenDataset={(urn) => navigate(datasetPath(urn))}
          errorId={error ? 'query-error' : undefined}
        />
        <label for="search-type">Type</label>
        <select id="search-type" value={state.type.id} onChange={(e) => go({ ...state, type: ENTITY_TYPES.find((t) => t.id === e.currentTarget.value)!, filters: [] })}>
          {ENTITY_TYPES.map((t) => (
            <option key={t.id} value={t.id}>
              {t.label}
            </option>
          ))}
        </select>
        <button type="submit">Search</button>
      </form>
      <StateChips state={state} definitions={definitions} onChange={go} />
      {error && <QueryError query={state.query} message={error} />}
      <div class="search-body">
        {!error && (
          <FacetSidebar
            state={state}
            definitions={facets.shown}
            more={applicable.filter((d) => !facets.shown.includes(d))}
            onAdd={(d) => setAdded([...added, d.urn])}
            facets={facets.list}
            answers={facets.key}
            onChange={go}
          />
        )}
        <section class="search-results" aria-live="polite" aria-busy={!results && !error} data-answers={results?.key}>
          {results && (
            <>
              <p class="total" data-total={results.total}>
                {results.total === 1 ? '1 result' : `${results.total} results`}
                {state.filters.length > 0 && (
                  <button type="button" class="link" onClick={() => go({ ...state, filters: [] })}>
                    Clear filters
                  </button>
                )}
                <a class="link export-csv" href={exportHref(state, applicable.filter((d) => d.showInSearchFilters).map((d) => d.qualifiedName))} download>
                  Export CSV
                </a>
                <Link to="/import" class="link import-csv">
                  Import CSV
                </Link>
              </p>
              <ResultList hits={results.hits} explain={explain} />
              {results.nextScrollId && (
                <button type="button" class="more" disabled={loadingMore} onClick={loadMore}>
                  {loadingMore ? 'Loading…' : `Show more (${results.hits.length} of ${results.total})`}
                </button>
              )}
            </>
          )}
          {!results && !error && <p>Searching…</p>}
        </section>
      </div>
    </div>
  );
}
