/**
 * Query strings with the field names people type (issue 25, first part): `platform:hive`, `tags:pii` / `tag:pii`,
 * `name:ord*`, `name:sales.orders`, `column:email`, `origin:prod` — translated like every other field, through REST
 * and GraphQL alike.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enc, graphqlData, startTestApp, type TestApp } from './harness.js';
import { putAspect, restSearch, restUrns, schemaOf } from './search-helpers.js';

let app: TestApp;
const ORDERS = 'urn:li:dataset:(urn:li:dataPlatform:hive,sales.orders,PROD)';
const CLICKS = 'urn:li:dataset:(urn:li:dataPlatform:kafka,sales.clickstream,DEV)';

const put = (urn: string, aspect: string, value: unknown) => putAspect(app, urn, aspect, value);

beforeAll(async () => {
  app = await startTestApp('everyday');
  expect((await app.post(`/openapi/v3/entity/tag/${enc('urn:li:tag:pii')}/tagProperties`, { value: { name: 'pii' } })).status).toBe(200);
  await put(ORDERS, 'datasetProperties', { name: 'sales.orders', description: 'one row per order' });
  await put(ORDERS, 'schemaMetadata', schemaOf('order_id', 'customer_email'));
  await put(ORDERS, 'globalTags', { tags: [{ tag: 'urn:li:tag:pii' }] });
  await put(CLICKS, 'datasetProperties', { name: 'sales.clickstream', description: 'page views' });
  await put(CLICKS, 'schemaMetadata', schemaOf('session_id', 'page'));
  await app.refresh();
});
afterAll(async () => app?.close());

describe('everyday field names in query strings', () => {
  it.each([
    ['platform:hive', [ORDERS]],
    ['platform:kafka', [CLICKS]],
    ['platform:"urn:li:dataPlatform:hive"', [ORDERS]],
    ['tags:pii', [ORDERS]],
    ['tag:pii', [ORDERS]],
    ['NOT tag:pii', [CLICKS]],
    ['name:ord*', [ORDERS]],
    ['name:sales*', [CLICKS, ORDERS]],
    ['name:sales.orders', [ORDERS]],
    ['name:"sales.orders"', [ORDERS]],
    ['column:email', [ORDERS]],
    ['column:EMAIL', [ORDERS]],
    ['column:session', [CLICKS]],
    ['origin:prod', [ORDERS]],
    ['origin:dev AND platform:kafka', [CLICKS]],
    ['description:order', [ORDERS]],
  ])('%s', async (query, expected) => {
    expect(await restUrns(app, query)).toEqual([...expected].sort());
  });

  it('GraphQL search takes the same names', async () => {
    const data = await graphqlData(app, `{ searchAcrossEntities(input: {types: [DATASET], query: "tag:pii AND column:email", start: 0, count: 10}) { searchResults { entity { urn } } } }`);
    expect(data.searchAcrossEntities.searchResults.map((r: any) => r.entity.urn)).toEqual([ORDERS]);
  });

  it('an unknown field is still refused with the list of known ones, the everyday names among them', async () => {
    const r = await restSearch(app, encodeURIComponent('colour:red'));
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/Unknown search field colour; searchable fields: .*platform.*tag, .*column.*owners/);
  });
});
