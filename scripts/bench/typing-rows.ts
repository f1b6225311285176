/**
 * What a person typing into the search box costs: suggestions while typing (autoCompleteForMultiple, 10 per type) and
 * a search by bare words (searchAcrossEntities, 10 hits) — one person at a time, so the p99 is what they wait —
 * against raw OpenSearch answering the same engine request. The words cycle through a table's name, a database, a
 * column, a description word and a typo; the prefixes through what is typed on the way to a name.
 */
import { autoCompleteBody } from '../../src/catalog/search/autocomplete.js';
import { BARE_WORDS } from '../../src/catalog/search/builtin-fields.js';
import { NOT_SOFT_DELETED } from '../../src/catalog/search/search-entities.js';
import { bareWordQuery } from '../../src/search/bare-words.js';
import { datasetIndex, expectEqual, graphql, osOk, type BenchContext } from './context.js';
import type { Workload } from './reads.js';

const WORDS = (i: number) => [`table_${i}`, `db${i % 100}`, 'col_03', 'shipments', 'shipmnts'];
const PREFIXES = (i: number) => ['ta', 'tab', `table_${i % 1000}`, 'bench.d', `bench.db${i % 100}`, 'shi'];

const SEARCH = `query s($input: SearchAcrossEntitiesInput!) { searchAcrossEntities(input: $input) { total searchResults { entity { urn } } } }`;
const COMPLETE = `query c($input: AutoCompleteMultipleInput!) { autoCompleteForMultiple(input: $input) { suggestions { type suggestions entities { urn } } } }`;

const nth = <T>(list: T[], seq: number) => list[seq % list.length];

export function searchWords(c: BenchContext): Workload {
  const word = (seq: number) => nth(WORDS(seq * 7919 % c.datasets), seq);
  const run = (seq: number) => graphql(c, SEARCH, { input: { types: ['DATASET'], query: word(seq), start: 0, count: 10 } });
  const body = (seq: number) => ({
    size: 10, track_total_hits: true, sort: [{ _score: { order: 'desc' } }, { urn: { order: 'asc' } }], _source: false, docvalue_fields: ['urn'],
    query: { bool: { must: [bareWordQuery(BARE_WORDS, word(seq))], filter: [NOT_SOFT_DELETED] } },
  });
  const raw = (seq: number) => osOk(c, 'POST', `/${datasetIndex(c)}/_search`, body(seq));
  return {
    name: 'search-words', title: 'bare-word search, searchAcrossEntities 10 hits (name, database, column, description word, typo), one person', unit: 'req',
    target: { min: 0, text: 'p99 < 50 ms' }, p99MaxMs: 50, concurrency: 1,
    async probe() {
      for (let seq = 0; seq < 5; seq++) {
        const t = (await run(seq)).searchAcrossEntities;
        const r = (await raw(seq)).json().hits;
        expectEqual(`bare-word search "${word(seq)}"`, [t.total, t.searchResults.map((x: any) => x.entity.urn)], [r.total.value, r.hits.map((h: any) => h.fields.urn[0])]);
      }
    },
    tessera: async (_w, seq) => (await run(seq), 1),
    raw: async (_w, seq) => (await raw(seq), 1),
  };
}

export function autocomplete(c: BenchContext): Workload {
  const prefix = (seq: number) => nth(PREFIXES(seq * 7919 % c.datasets), seq);
  const run = (seq: number) => graphql(c, COMPLETE, { input: { types: ['DATASET'], query: prefix(seq), limit: 10 } });
  const raw = (seq: number) => osOk(c, 'POST', `/${datasetIndex(c)}/_search`, autoCompleteBody(prefix(seq), 10, 1));
  return {
    name: 'autocomplete', title: 'suggestions while typing, autoCompleteForMultiple 10 names, one person', unit: 'req',
    target: { min: 0, text: 'p99 ≤ 20 ms' }, p99MaxMs: 20, concurrency: 1,
    async probe() {
      for (let seq = 0; seq < 6; seq++) {
        const t = (await run(seq)).autoCompleteForMultiple.suggestions.flatMap((s: any) => s.entities.map((e: any) => e.urn));
        const r = (await raw(seq)).json().aggregations.types.buckets.flatMap((b: any) => b.top.hits.hits.map((h: any) => h.fields.urn[0]));
        expectEqual(`autocomplete "${prefix(seq)}"`, t, r);
      }
    },
    tessera: async (_w, seq) => (await run(seq), 1),
    raw: async (_w, seq) => (await raw(seq), 1),
  };
}
