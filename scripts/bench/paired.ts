/**
 * Two builds side by side: both start at once on the same catalog (a `--keep` bench catalog), one client sends each
 * row's request to them in turn from 16 clients (the bench's keep-alive client), and each build's CPU per request is read from
 * /proc/<pid>/stat over the same seconds. Both builds see the same machine at the same moment, so a difference of a few
 * percent shows where runs of one build after the other (whose spread is ±10–15 % here) hide it.
 *
 * Each request reads another of 10,000 datasets, and the GraphQL response cache is off unless GRAPHQL_RESPONSE_CACHE_MB
 * is set: the figures are those of requests that run.
 *
 * `--a-node-options` / `--b-node-options` start one build with other Node flags (NODE_OPTIONS), for a runtime setting
 * measured the same way.
 *
 * Usage: npm run bench:paired -- --a dist --b /tmp/old/dist [--prefix bn_] [--rows graphql-get,rest-get,search-page]
 *   [--rounds 5] [--b-node-options=--max-semi-space-size=32] [--cpu-prof <dir>: each build's CPU profile in <dir>/a, <dir>/b]
 */
import { randomBytes } from 'node:crypto';
import { closeAgent, ok } from './http.js';
import { cpuTicks, TICKS_PER_SECOND } from './proc.js';
import { startTessera, type Running } from './processes.js';
import { mintBenchToken } from './setup.js';
import { AGGREGATE, DATASET_QUERY, FACETS_INPUT } from './reads.js';
import { PAGE, pageInput } from './search-page-row.js';

const arg = (name: string, fallback: string) => {
  const joined = process.argv.find((a) => a.startsWith(`--${name}=`));
  if (joined) return joined.slice(name.length + 3);
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
};
const OPENSEARCH = process.env.OPENSEARCH_URL ?? 'http://127.0.0.1:9200';
const prefix = arg('prefix', 'bn_');
const builds = [arg('a', 'dist'), arg('b', '')];
const rows = arg('rows', 'graphql-get,rest-get').split(',');
const rounds = Number(arg('rounds', '5'));
if (!builds[1]) throw new Error('--b <other build>/dist is required');

type RowRequest = { method: string; path: string; body?: unknown };

/** The request of a row, for one URN: method, path and body. */
const REQUESTS: Record<string, (urn: string) => RowRequest> = {
  'graphql-get': (urn) => ({ method: 'POST', path: '/api/graphql', body: { query: DATASET_QUERY, variables: { urn } } }),
  // The search page row's page; its filter's bound varies with the URN so that pages differ (the response cache is off anyway).
  'search-page': (urn) => ({ method: 'POST', path: '/api/graphql', body: { query: PAGE, variables: { input: pageInput(40 + (urn.length % 10)) } } }),
  facets: () => ({ method: 'POST', path: '/api/graphql', body: { query: AGGREGATE, variables: { input: FACETS_INPUT } } }),
  'rest-get': (urn) => ({ method: 'GET', path: `/openapi/v3/entity/dataset/${encodeURIComponent(urn)}/datasetProperties` }),
};

async function datasetUrns(n: number): Promise<string[]> {
  const res = await ok('GET', `${OPENSEARCH}/${prefix}dataset/_search?size=${n}&filter_path=hits.hits._id`);
  const urns = res.json<{ hits?: { hits?: { _id: string }[] } }>().hits?.hits?.map((h) => h._id) ?? [];
  if (urns.length === 0) throw new Error(`no datasets under ${prefix}: run the bench once with --keep --prefix ${prefix}`);
  return urns;
}

/** One round: requests alternate between the builds for `ms`; answers each build's CPU µs per request. */
async function round(running: Running[], token: string, make: (urn: string) => RowRequest, urns: string[], ms: number) {
  const before = running.map((r) => cpuTicks(r.pid));
  const served = [0, 0];
  const end = Date.now() + ms;
  let seq = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (Date.now() < end) {
        const n = seq++;
        const r = make(urns[(n * 7919) % urns.length]);
        await ok(r.method, `${running[n % 2].url}${r.path}`, r.body, { authorization: `Bearer ${token}` });
        served[n % 2]++;
      }
    }),
  );
  return running.map((r, k) => ((cpuTicks(r.pid) - before[k]) * 1e6) / TICKS_PER_SECOND / served[k]);
}

process.env.GRAPHQL_RESPONSE_CACHE_MB ??= '0';
const secret = randomBytes(32).toString('hex');
const token = await mintBenchToken(secret);
const running: Running[] = [];
try {
  const nodeOptions = [arg('a-node-options', ''), arg('b-node-options', '')];
  const inherited = process.env.NODE_OPTIONS;
  for (const [k, dist] of builds.entries()) {
    process.env.BENCH_DIST = dist;
    if (nodeOptions[k]) process.env.NODE_OPTIONS = [inherited, nodeOptions[k]].filter(Boolean).join(' ');
    else if (inherited === undefined) delete process.env.NODE_OPTIONS;
    else process.env.NODE_OPTIONS = inherited;
    const cpuProfDir = arg('cpu-prof', '') ? `${arg('cpu-prof', '')}/${'ab'[k]}` : undefined;
    running.push(await startTessera({ opensearchUrl: OPENSEARCH, prefix, secret, name: `tessera-${'ab'[k]}`, cpuProfDir }));
  }
  const urns = await datasetUrns(10_000);
  for (const row of rows) {
    const make = REQUESTS[row];
    if (!make) throw new Error(`unknown row ${row}; one of ${Object.keys(REQUESTS).join(', ')}`);
    await round(running, token, make, urns, 3000);
    const figures: number[][] = [];
    for (let i = 0; i < rounds; i++) figures.push(await round(running, token, make, urns, 5000));
    const mean = (k: number) => figures.reduce((a, f) => a + f[k], 0) / figures.length;
    const ratio = mean(0) / mean(1);
    console.log(`${row}: service CPU µs per request, a ${mean(0).toFixed(0)}, b ${mean(1).toFixed(0)} (a/b ${ratio.toFixed(3)}); rounds a/b ${figures.map((f) => `${f[0].toFixed(0)}/${f[1].toFixed(0)}`).join(' ')}`);
  }
} finally {
  await Promise.all(running.map((r) => r.stop()));
  closeAgent();
}
