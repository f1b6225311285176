/**
 * The entities of a domain: the `domains` search field (the domains aspect's URNs) filters searches on every
 * interface (`domain:sales`, a GraphQL filter on `domains`), `Domain.entities` lists a domain's entities with a type
 * filter as the original's clients send it, and a rebuild derives the field for documents written before it existed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildWithoutFields } from './old-index.js';
import { startTestApp, type TestApp } from './harness.js';

let app: TestApp;
const ds = (name: string) => `urn:li:dataset:(urn:li:dataPlatform:hive,dom.${name},PROD)`;
const SALES = 'urn:li:domain:sales';
const FINANCE = 'urn:li:domain:finance';

beforeAll(async () => {
  app = await startTestApp('domain-entities');
  const domain = (urn: string, name: string) => ({ urn, domainProperties: { value: { name } } });
  expect((await app.post('/openapi/v3/entity/domain?async=false', [domain(SALES, 'Sales'), domain(FINANCE, 'Finance')])).status).toBe(200);
  const item = (name: string, domains: string[]) => ({ urn: ds(name), datasetProperties: { value: { name } }, domains: { value: { domains } } });
  expect((await app.post('/openapi/v3/entity/dataset?async=false', [item('orders', [SALES]), item('invoices', [FINANCE]), item('refunds', [SALES, FINANCE])])).status).toBe(200);
  const chart = { urn: 'urn:li:chart:(looker,sales_by_day)', chartInfo: { value: { title: 'Sales by day', description: '', lastModified: { created: { time: 0, actor: 'urn:li:corpuser:a' }, lastModified: { time: 0, actor: 'urn:li:corpuser:a' } } } }, domains: { value: { domains: [SALES] } } };
  expect((await app.post('/openapi/v3/entity/chart?async=false', [chart])).status).toBe(200);
  await app.refresh();
});
afterAll(async () => app?.close());

const names = (results: { entity: { urn: string } }[]) => results.map((r) => r.entity.urn).sort();

describe('the domains search field', () => {
  it('filters a query string and a GraphQL filter, by URN or bare id', async () => {
    const byQuery = await app.get('/openapi/v3/entity/dataset?query=domain:sales&count=10');
    expect(byQuery.status, byQuery.text).toBe(200);
    expect(byQuery.body.entities.map((e: { urn: string }) => e.urn).sort()).toEqual([ds('orders'), ds('refunds')]);
    const res = await app.graphql(`query($d: String!) { searchAcrossEntities(input: { types: [DATASET], query: "*", filters: [{ field: "domains", values: [$d] }] }) { total searchResults { entity { urn } } } }`, { d: FINANCE });
    expect(res.errors).toBeUndefined();
    expect(names(res.data.searchAcrossEntities.searchResults)).toEqual([ds('invoices'), ds('refunds')]);
  });

  it("answers Domain.entities with the original's type filters", async () => {
    const res = await app.graphql(`{ domain(urn: "${SALES}") {
      all: entities(input: { start: 0, count: 10 }) { total searchResults { entity { urn } } }
      assets: entities(input: { start: 0, count: 0, filters: [{ field: "_entityType", negated: true, values: ["DATA_PRODUCT", "DOMAIN"] }] }) { total }
      charts: entities(input: { filters: [{ field: "_entityType", values: ["CHART"] }] }) { total }
    } }`);
    expect(res.errors).toBeUndefined();
    expect(names(res.data.domain.all.searchResults)).toEqual(['urn:li:chart:(looker,sales_by_day)', ds('orders'), ds('refunds')]);
    expect(res.data.domain.assets.total).toBe(3);
    expect(res.data.domain.charts.total).toBe(1);
  });

  it('is derived by a rebuild for documents written before it existed', async () => {
    const { before, after } = await rebuildWithoutFields(app, 'dataset', ['domains']);
    expect(Object.values(before).filter((v) => Array.isArray(v.domains)).length).toBe(3);
    expect(after).toEqual(before);
  });
});
