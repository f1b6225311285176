/**
 * Measures how long the search page takes to show its first results and facets against a large catalog
 * (default 20,000 datasets on its own index prefix), in Debian's chromium. Not a test: it prints the figures.
 *   npx tsx test/browser/measure-first-results.ts [--datasets 20000] [--runs 7] [--drop]
 */
import { parseArgs } from 'node:util';
import { mintToken } from '../../src/auth/tokens.js';
import { loadConfig } from '../../src/config.js';
import { startServer } from '../../src/server.js';
import { launchChromium } from './chromium.js';

const SECRET = 'measure-secret-0123456789-abcdefghijklmnopqrstuvwxyz';
const { values: args } = parseArgs({
  options: { datasets: { type: 'string', default: '20000' }, runs: { type: 'string', default: '7' }, prefix: { type: 'string', default: 'uiperf_' }, drop: { type: 'boolean', default: false } },
});
const total = Number(args.datasets);
const TAGS = ['pii', 'gold', 'finance', 'marketing', 'raw', 'curated'];
const PLATFORMS = ['hive', 'mysql', 'kafka', 's3', 'snowflake'];
const TIERS = ['public', 'internal', 'secret'];

const server = await startServer(
  loadConfig({ INDEX_PREFIX: args.prefix!, AUTH_SECRET: SECRET, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', JOBS_ENABLED: 'false', CREATE_MISSING_ENTITIES: 'true', DEFAULT_ROLE: 'Admin', OPENSEARCH_URL: process.env.OPENSEARCH_URL ?? 'http://127.0.0.1:9200' }),
);
const token = await mintToken(SECRET, 'urn:li:corpuser:measure', 3600);

async function call(method: string, path: string, body?: unknown): Promise<any> {
  const res = await fetch(`${server.url}${path}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 500)}`);
  return text ? JSON.parse(text) : undefined;
}

async function seed(): Promise<void> {
  const types = ['urn:li:entityType:service.dataset'];
  const tier = 'urn:li:structuredProperty:perf.tier';
  const retention = 'urn:li:structuredProperty:perf.retention';
  await call('POST', `/openapi/v3/entity/structuredProperty/${encodeURIComponent(tier)}/propertyDefinition?createIfNotExists=false`, {
    value: { qualifiedName: 'perf.tier', displayName: 'Tier', valueType: 'urn:li:dataType:service.string', cardinality: 'SINGLE', entityTypes: types, allowedValues: TIERS.map((string) => ({ value: { string } })) },
  });
  await call('POST', `/openapi/v3/entity/structuredProperty/${encodeURIComponent(retention)}/propertyDefinition?createIfNotExists=false`, {
    value: { qualifiedName: 'perf.retention', displayName: 'Retention', valueType: 'urn:li:dataType:service.number', cardinality: 'SINGLE', entityTypes: types },
  });
  for (const t of TAGS) await call('POST', '/api/graphql', { query: `mutation { createTag(input: { id: "${t}", name: "${t}" }) }` }).catch(() => undefined);
  const started = Date.now();
  for (let from = 0; from < total; from += 500) {
    const batch = Array.from({ length: Math.min(500, total - from) }, (_, k) => {
      const i = from + k;
      const platform = PLATFORMS[i % PLATFORMS.length];
      return {
        urn: `urn:li:dataset:(urn:li:dataPlatform:${platform},db${i % 97}.table_${i},PROD)`,
        datasetProperties: { value: { name: `table_${i}`, description: `Table number ${i} of database db${i % 97}` } },
        globalTags: { value: { tags: [{ tag: `urn:li:tag:${TAGS[i % TAGS.length]}` }, { tag: `urn:li:tag:${TAGS[(i * 7) % TAGS.length]}` }] } },
        structuredProperties: { value: { properties: [{ propertyUrn: tier, values: [{ string: TIERS[i % 3] }] }, { propertyUrn: retention, values: [{ double: (i % 12) * 30 }] }] } },
      };
    });
    await call('POST', '/openapi/v3/entity/dataset?async=false', batch);
    process.stdout.write(`\rseeded ${from + batch.length} / ${total}`);
  }
  process.stdout.write(` in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
}

try {
  const existing = await call('GET', '/openapi/v3/entity/dataset?count=1&aspects=datasetKey').catch(() => ({ totalCount: 0 }));
  if (existing.totalCount < total) await seed();
  await new Promise((r) => setTimeout(r, 1500));
  const browser = await launchChromium();
  const figures: { results: number; facets: number }[] = [];
  for (let run = 0; run < Number(args.runs); run++) {
    // A fresh context each run: no cache, no session, the page and its scripts loaded as on a first visit.
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/ui/search#token=${token}`);
    await page.locator('.result').first().waitFor();
    const results = await page.evaluate(() => performance.now());
    await page.locator('fieldset[data-facet="structuredProperties.perf.tier"]').waitFor();
    const facets = await page.evaluate(() => performance.now());
    const shown = await page.locator('.total').getAttribute('data-total');
    figures.push({ results, facets });
    console.log(`run ${run + 1}: ${shown} results; first results ${results.toFixed(0)} ms, facets ${facets.toFixed(0)} ms after navigation start`);
    await context.close();
  }
  await browser.close();
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(`median of ${figures.length}: first results ${median(figures.map((f) => f.results)).toFixed(0)} ms, facets ${median(figures.map((f) => f.facets)).toFixed(0)} ms`);
} finally {
  if (args.drop) await fetch(`${process.env.OPENSEARCH_URL ?? 'http://127.0.0.1:9200'}/${args.prefix}*`, { method: 'DELETE' });
  await server.close();
}
