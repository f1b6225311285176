/**
 * Query entities through GraphQL in the original's shapes: a query's properties and subjects (a column subject with its
 * dataset), and Query.listQueries as the original's MCP server calls it — by dataset, by a subject in orFilters, by
 * source, newest first, paged — with bad input refused; the index rebuild derives the same search fields as a write.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphqlData, startTestApp, type TestApp } from './harness.js';
import { rebuildWithoutFields } from './old-index.js';
import { wireProposal } from './wire-proposals.js';

const ORDERS = 'urn:li:dataset:(urn:li:dataPlatform:snowflake,lq.orders,PROD)';
const USERS = 'urn:li:dataset:(urn:li:dataPlatform:snowflake,lq.users,PROD)';
const AMOUNT = `urn:li:schemaField:(${ORDERS},amount)`;
const DAILY = 'urn:li:query:lq-daily';
const COLUMN = 'urn:li:query:lq-column';
const JOIN = 'urn:li:query:lq-join';
const stamp = (time: number) => ({ time, actor: 'urn:li:corpuser:ann' });
let app: TestApp;

const proposal = wireProposal;

async function ingest(...proposals: unknown[]) {
  const res = await app.post('/gms/aspects?action=ingestProposalBatch&waitForSearch=true', { async: 'false', proposals });
  expect(res.status, res.text).toBe(200);
}

const query = (urn: string, name: string, source: string, subjects: string[], time: number) => [
  proposal(urn, 'queryProperties', { statement: { value: `select * from ${name}`, language: 'SQL' }, source, name, created: stamp(time), lastModified: stamp(time + 1), customProperties: { tool: 'dbt' } }),
  proposal(urn, 'querySubjects', { subjects: subjects.map((entity) => ({ entity })) }),
];

beforeAll(async () => {
  app = await startTestApp('graphql-queries');
  await ingest(proposal(ORDERS, 'datasetProperties', { name: 'orders', customProperties: {} }), proposal(USERS, 'datasetProperties', { name: 'users', customProperties: {} }));
  // One write each, oldest first: the list is newest first.
  await ingest(...query(DAILY, 'daily orders', 'MANUAL', [ORDERS], 1000), proposal(DAILY, 'dataPlatformInstance', { platform: 'urn:li:dataPlatform:snowflake' }));
  await new Promise((r) => setTimeout(r, 5));
  await ingest(...query(COLUMN, 'order amounts', 'SYSTEM', [AMOUNT], 2000));
  await new Promise((r) => setTimeout(r, 5));
  await ingest(...query(JOIN, 'orders by user', 'SYSTEM', [ORDERS, USERS, 'urn:li:corpuser:ann'], 3000));
});
afterAll(() => app?.close());

const LIST = `query listQueries($input: ListQueriesInput!) { listQueries(input: $input) { start count total queries { urn } } }`;
const listed = async (input: Record<string, unknown>) => {
  const { listQueries } = await graphqlData(app, LIST, { input });
  return { ...listQueries, queries: listQueries.queries.map((q: { urn: string }) => q.urn) };
};

describe('a query entity', () => {
  it('presents its properties, platform, and subjects (a column with its dataset; other types left out)', async () => {
    const q = `query q($urn: String!) { entity(urn: $urn) { urn type ... on QueryEntity {
      properties { name description source statement { value language } customProperties { key value } origin { urn } created { time actor } lastModified { time actor } }
      platform { urn name }
      subjects { dataset { urn ... on Dataset { name } } schemaField { urn fieldPath } } } } }`;
    const daily = (await graphqlData(app, q, { urn: DAILY })).entity;
    expect(daily).toEqual({
      urn: DAILY, type: 'QUERY',
      properties: {
        name: 'daily orders', description: null, source: 'MANUAL', statement: { value: 'select * from daily orders', language: 'SQL' },
        customProperties: [{ key: 'tool', value: 'dbt' }], origin: null, created: stamp(1000), lastModified: stamp(1001),
      },
      platform: { urn: 'urn:li:dataPlatform:snowflake', name: 'snowflake' },
      subjects: [{ dataset: { urn: ORDERS, name: 'lq.orders' }, schemaField: null }],
    });
    expect((await graphqlData(app, q, { urn: COLUMN })).entity.subjects).toEqual([{ dataset: { urn: ORDERS, name: 'lq.orders' }, schemaField: { urn: AMOUNT, fieldPath: 'amount' } }]);
    expect((await graphqlData(app, q, { urn: JOIN })).entity.subjects.map((s: any) => s.dataset.urn)).toEqual([ORDERS, USERS]);
  });
});

describe('listQueries', () => {
  it('lists every query newest first, and pages', async () => {
    expect(await listed({})).toEqual({ start: 0, count: 3, total: 3, queries: [JOIN, COLUMN, DAILY] });
    expect(await listed({ start: 1, count: 1 })).toEqual({ start: 1, count: 1, total: 3, queries: [COLUMN] });
    expect(await listed({ sortInput: { sortCriterion: { field: 'createdTime', sortOrder: 'ASCENDING' } } })).toMatchObject({ queries: [DAILY, COLUMN, JOIN] });
  });

  it('lists the queries of a dataset, of a column (as the MCP server asks, in orFilters), and from one source', async () => {
    expect((await listed({ datasetUrn: ORDERS })).queries).toEqual([JOIN, DAILY]);
    expect((await listed({ datasetUrn: USERS })).queries).toEqual([JOIN]);
    const byColumn = { orFilters: [{ and: [{ field: 'entities', condition: 'EQUAL', values: [AMOUNT] }] }] };
    expect(await listed(byColumn)).toEqual({ start: 0, count: 1, total: 1, queries: [COLUMN] });
    expect((await listed({ datasetUrn: ORDERS, source: 'SYSTEM' })).queries).toEqual([JOIN]);
    expect((await listed({ ...byColumn, source: 'MANUAL' })).total).toBe(0);
    expect((await listed({ query: 'daily' })).queries).toEqual([DAILY]);
    expect(await listed({ datasetUrn: 'urn:li:dataset:(urn:li:dataPlatform:snowflake,lq.none,PROD)' })).toEqual({ start: 0, count: 0, total: 0, queries: [] });
  });

  it('answers the properties and subjects of each listed query, as queries.gql selects them', async () => {
    const q = `query l($input: ListQueriesInput!) { listQueries(input: $input) { queries { urn properties { name source statement { value } lastModified { actor } } subjects { dataset { urn } } } } }`;
    const { listQueries } = await graphqlData(app, q, { input: { datasetUrn: USERS } });
    expect(listQueries.queries).toEqual([
      { urn: JOIN, properties: { name: 'orders by user', source: 'SYSTEM', statement: { value: 'select * from orders by user' }, lastModified: { actor: 'urn:li:corpuser:ann' } }, subjects: [{ dataset: { urn: ORDERS } }, { dataset: { urn: USERS } }] },
    ]);
  });

  it('refuses bad input: a negative count, an unknown sort field, an unknown source', async () => {
    const negative = await app.graphql(LIST, { input: { count: -1 } });
    expect(negative.errors[0]).toMatchObject({ message: 'count must be a non-negative integer, got -1', extensions: { code: 400 } });
    const sort = await app.graphql(LIST, { input: { sortInput: { sortCriterion: { field: 'statement', sortOrder: 'ASCENDING' } } } });
    expect(sort.errors[0].message).toMatch(/^Cannot sort by statement/);
    const source = await app.graphql(LIST, { input: { source: 'ROBOT' } });
    expect(source.errors[0].message).toMatch(/QuerySource/);
  });
});

describe('the search fields of a query', () => {
  it('are derived the same by an index rebuild as by a write', async () => {
    const { before, after } = await rebuildWithoutFields(app, 'query', ['typeFields']);
    expect(before[JOIN].typeFields).toEqual([`entities=${ORDERS}`, `entities=${USERS}`, 'entities=urn:li:corpuser:ann', 'source=SYSTEM']);
    expect(after).toEqual(before);
    expect((await listed({ datasetUrn: USERS })).queries).toEqual([JOIN]);
  });
});
