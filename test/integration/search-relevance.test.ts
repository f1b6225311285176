/**
 * Search that finds what people type: the judged query set (test/relevance) over the judged catalog, through GraphQL
 * searchAcrossEntities and the REST query string (sorted by relevance), must reach success@3 ≥ 0.95 and MRR@10 ≥ 0.9, and both interfaces
 * must rank alike, and so must scrollAcrossEntities. A failure lists each query whose first relevant dataset is not first, with the top 3 it got.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.js';
import { seedJudgedCatalog } from '../relevance/judged-catalog.js';
import { JUDGED_QUERIES } from '../relevance/judged-queries.js';
import { formatMisses, runJudgedSet, shortUrn, type JudgedRun } from '../relevance/relevance-metrics.js';

const SEARCH = `query judged($input: SearchAcrossEntitiesInput!) { searchAcrossEntities(input: $input) { searchResults { entity { urn } } } }`;

let app: TestApp;

async function graphqlTop10(query: string): Promise<string[]> {
  const res = await app.graphql(SEARCH, { input: { types: ['DATASET'], query, start: 0, count: 10 } });
  if (res.errors) throw new Error(`${res.errors[0].extensions?.code ?? ''} ${res.errors[0].message}`.trim());
  return res.data.searchAcrossEntities.searchResults.map((r: any) => r.entity.urn);
}

const SCROLL = `query judged($input: ScrollAcrossEntitiesInput!) { scrollAcrossEntities(input: $input) { searchResults { entity { urn } } } }`;

async function scrollTop10(query: string): Promise<string[]> {
  const res = await app.graphql(SCROLL, { input: { types: ['DATASET'], query, count: 10 } });
  if (res.errors) throw new Error(`${res.errors[0].extensions?.code ?? ''} ${res.errors[0].message}`.trim());
  return res.data.scrollAcrossEntities.searchResults.map((r: any) => r.entity.urn);
}

/** REST v3 list with a query string, sorted by relevance (the list sorts by URN unless asked). */
async function restTop10(query: string): Promise<string[]> {
  const r = await app.get(`/openapi/v3/entity/dataset?aspects=datasetKey&count=10&sort=relevance&query=${encodeURIComponent(query)}`);
  if (r.status !== 200) throw new Error(`${r.status} ${r.body?.message ?? r.text.slice(0, 200)}`);
  return r.body.entities.map((e: any) => e.urn);
}

const runs: Record<string, Promise<JudgedRun>> = {};
const runOf = (name: 'GraphQL' | 'REST') => (runs[name] ??= runJudgedSet(name === 'GraphQL' ? graphqlTop10 : restTop10, JUDGED_QUERIES));

beforeAll(async () => {
  app = await startTestApp('relevance');
  await seedJudgedCatalog((path, body) => app.post(path, body));
}, 180_000);
afterAll(async () => app?.close());

describe('judged relevance', () => {
  it.each(['GraphQL', 'REST'] as const)('%s: success@3 ≥ 0.95 and MRR@10 ≥ 0.9', async (name) => {
    const run = await runOf(name);
    const report = `${name}: ${formatMisses(run)}`;
    // The figures and the queries not answered best-first, passing or not: what to look at next.
    process.stdout.write(`judged relevance, ${report}\n`);
    expect(run.successAt3, report).toBeGreaterThanOrEqual(0.95);
    expect(run.mrrAt10, report).toBeGreaterThanOrEqual(0.9);
  });

  it('REST and GraphQL search and scroll answer the same top 10 for every query', async () => {
    const [g, r] = await Promise.all([runOf('GraphQL'), runOf('REST')]);
    for (const o of g.outcomes) if (!o.error) expect(await scrollTop10(o.query.query), `scroll of ${o.query.query}`).toEqual(o.results);
    const differ = g.outcomes
      .map((o, i) => ({ query: o.query.query, graphql: o.error ?? o.results.map(shortUrn).join(', '), rest: r.outcomes[i].error ?? r.outcomes[i].results.map(shortUrn).join(', ') }))
      .filter((d) => d.graphql !== d.rest);
    const report = differ.map((d) => `  ${JSON.stringify(d.query)}\n    GraphQL [${d.graphql}]\n    REST    [${d.rest}]`).join('\n');
    expect(differ.length, `${differ.length} queries rank differently:\n${report}`).toBe(0);
  });
});
