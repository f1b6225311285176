/**
 * Takes the README's screenshots (search page, dataset page) with Debian's chromium against the seed catalog
 * on its own index prefix, which it deletes afterwards.   npx tsx test/browser/take-screenshots.ts
 */
import { mkdirSync } from 'node:fs';
import { mintToken } from '../../src/auth/tokens.js';
import { loadConfig } from '../../src/config.js';
import { startServer } from '../../src/server.js';
import { launchChromium } from './chromium.js';
import { datasetUrn, seedCatalog, type SeedTarget } from './seed.js';

const SECRET = 'screenshot-secret-0123456789-abcdefghijklmnopqrstuvwxyz';
const OPENSEARCH = process.env.OPENSEARCH_URL ?? 'http://127.0.0.1:9200';
const PREFIX = `uishots_${Date.now().toString(36)}_`;
const server = await startServer(loadConfig({ INDEX_PREFIX: PREFIX, AUTH_SECRET: SECRET, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', JOBS_ENABLED: 'false', DEFAULT_ROLE: 'Admin', OPENSEARCH_URL: OPENSEARCH }));
const token = await mintToken(SECRET, 'urn:li:corpuser:admin', 3600);

const target: SeedTarget = {
  async request(method, path, body) {
    const res = await fetch(`${server.url}${path}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    return { status: res.status, headers: res.headers, text, body: text ? JSON.parse(text) : undefined };
  },
  async graphql(query, variables) {
    return (await target.request('POST', '/api/graphql', { query, variables })).body;
  },
  async refresh() {
    await fetch(`${OPENSEARCH}/${PREFIX}*/_refresh`, { method: 'POST' });
  },
};

try {
  await seedCatalog(target);
  const orders = datasetUrn('hive', 'sales.orders');
  await target.graphql('mutation { addTag(input: { tagUrn: "urn:li:tag:pii", resourceUrn: "' + orders + '", subResourceType: DATASET_FIELD, subResource: "customer_email" }) }');
  await target.graphql(
    'mutation($input: UpsertStructuredPropertiesInput!) { upsertStructuredProperties(input: $input) { properties { associatedUrn } } }',
    { input: { assetUrn: `urn:li:schemaField:(${orders},customer_email)`, structuredPropertyInputParams: [{ structuredPropertyUrn: 'urn:li:structuredProperty:io.acme.privacy.tier', values: [{ stringValue: 'secret' }] }] } },
  );
  await target.refresh();
  mkdirSync('docs/screenshots', { recursive: true });
  const browser = await launchChromium();
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`${server.url}/ui/search?type=dataset&filter=${encodeURIComponent('tags=urn:li:tag:pii')}#token=${token}`);
  await page.locator('fieldset[data-facet="structuredProperties.io.acme.privacy.tier"]').waitFor();
  await page.locator('.result').first().waitFor();
  await page.screenshot({ path: 'docs/screenshots/search.png' });
  await page.goto(`${server.url}/ui/dataset/${encodeURIComponent(orders)}`);
  await page.locator('li.column').first().waitFor();
  await page.screenshot({ path: 'docs/screenshots/dataset.png', fullPage: true });
  await browser.close();
  console.log('wrote docs/screenshots/search.png and docs/screenshots/dataset.png');
} finally {
  await fetch(`${OPENSEARCH}/${PREFIX}*`, { method: 'DELETE' });
  await server.close();
}
