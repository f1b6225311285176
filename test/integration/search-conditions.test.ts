import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enc, startTestApp, type TestApp } from './harness.js';
import {
  AGGREGATE, createDataset, DATE, defineProperty, NUMBER, propertyUrn, RICH_TEXT, SCROLL, scrollError, scrollUrns, setValues, STRING, type Criterion,
} from './search-helpers.js';

// Every filter condition of GraphQL orFilters against real documents, plus paging, sorting, soft deletion and facets.
let app: TestApp;
const d: Record<string, string> = {};
const RET = 'structuredProperties.acme.retention';
const TEAM = 'structuredProperties.acme.team';
const DUE = 'structuredProperties.acme.due';
const NOTES = 'structuredProperties.acme.notes';
const FLOW = 'urn:li:dataFlow:(airflow,nightly,PROD)';
const PII = 'urn:li:tag:pii';
const sorted = (...keys: string[]) => keys.map((k) => d[k]).sort();
const one = (c: Criterion) => scrollUrns(app, [c]);

beforeAll(async () => {
  app = await startTestApp('search-conditions');
  await defineProperty(app, 'acme.retention', NUMBER, { entityTypes: ['urn:li:entityType:service.dataset', 'urn:li:entityType:service.dataFlow'] });
  await defineProperty(app, 'acme.team', STRING);
  await defineProperty(app, 'acme.due', DATE);
  await defineProperty(app, 'acme.notes', RICH_TEXT);
  expect((await app.post(`/openapi/v3/entity/tag/${enc(PII)}/tagProperties?createIfNotExists=false`, { value: { name: 'pii' } })).status).toBe(200);
  for (const k of ['d1', 'd2', 'd3', 'd4', 'd5']) d[k] = await createDataset(app, `db.table_${k}`);
  const [r, t, due, notes] = ['acme.retention', 'acme.team', 'acme.due', 'acme.notes'].map(propertyUrn);
  await setValues(app, d.d1, { [r]: [{ double: 10 }], [t]: [{ string: 'Alpha' }], [due]: [{ string: '2024-01-15' }], [notes]: [{ string: 'Contains personal data' }] });
  await setValues(app, d.d2, { [r]: [{ double: 60 }], [t]: [{ string: 'beta' }], [due]: [{ string: '2024-06-01' }] });
  await setValues(app, d.d3, { [r]: [{ double: 365 }], [t]: [{ string: 'alphabet' }], [due]: [{ string: '2025-01-01' }] });
  await setValues(app, d.d4, { [r]: [{ double: 100 }] });
  expect((await app.post(`/openapi/v3/entity/dataset/${enc(d.d4)}/status?createIfNotExists=false`, { value: { removed: true } })).status).toBe(200);
  expect((await app.post(`/openapi/v3/entity/dataset/${enc(d.d1)}/globalTags?createIfNotExists=false`, { value: { tags: [{ tag: PII }] } })).status).toBe(200);
  expect((await app.post(`/openapi/v3/entity/dataFlow/${enc(FLOW)}/dataFlowInfo?createIfNotExists=false`, { value: { name: 'nightly' } })).status).toBe(200);
  await app.refresh();
});
afterAll(async () => app?.close());

describe('filter conditions on structured properties', () => {
  it('EQUAL: any of the values, case-sensitive; unset condition means EQUAL', async () => {
    expect(await one({ field: TEAM, condition: 'EQUAL', values: ['Alpha', 'beta'] })).toEqual(sorted('d1', 'd2'));
    expect(await one({ field: TEAM, condition: 'EQUAL', values: ['alpha'] })).toEqual([]);
    expect(await one({ field: TEAM, values: ['beta'] })).toEqual(sorted('d2'));
    expect(await one({ field: RET, condition: 'EQUAL', values: ['60.0'] })).toEqual(sorted('d2'));
  });
  it('IEQUAL ignores case', async () => expect(await one({ field: TEAM, condition: 'IEQUAL', values: ['ALPHA'] })).toEqual(sorted('d1')));
  it('IN (implemented, unlike the original)', async () => {
    expect(await one({ field: TEAM, condition: 'IN', values: ['Alpha', 'alphabet'] })).toEqual(sorted('d1', 'd3'));
    expect(await one({ field: RET, condition: 'IN', values: ['10', '365.0'] })).toEqual(sorted('d1', 'd3'));
  });
  it('CONTAIN, START_WITH, END_WITH are case-insensitive', async () => {
    expect(await one({ field: TEAM, condition: 'CONTAIN', values: ['LPH'] })).toEqual(sorted('d1', 'd3'));
    expect(await one({ field: TEAM, condition: 'START_WITH', values: ['alp'] })).toEqual(sorted('d1', 'd3'));
    expect(await one({ field: TEAM, condition: 'END_WITH', values: ['TA'] })).toEqual(sorted('d2'));
    expect(await one({ field: TEAM, condition: 'CONTAIN', values: ['*'] })).toEqual([]);
  });
  it('EXISTS takes no values', async () => expect(await one({ field: DUE, condition: 'EXISTS' })).toEqual(sorted('d1', 'd2', 'd3')));
  it('numeric ranges take the number as text', async () => {
    expect(await one({ field: RET, condition: 'GREATER_THAN', values: ['60.0'] })).toEqual(sorted('d3'));
    expect(await one({ field: RET, condition: 'GREATER_THAN_OR_EQUAL_TO', values: ['60'] })).toEqual(sorted('d2', 'd3'));
    expect(await one({ field: RET, condition: 'LESS_THAN', values: ['60'] })).toEqual(sorted('d1'));
    expect(await one({ field: RET, condition: 'LESS_THAN_OR_EQUAL_TO', values: ['60.0'] })).toEqual(sorted('d1', 'd2'));
  });
  it('date ranges take YYYY-MM-DD or epoch millis', async () => {
    expect(await one({ field: DUE, condition: 'GREATER_THAN', values: ['2024-03-01'] })).toEqual(sorted('d2', 'd3'));
    expect(await one({ field: DUE, condition: 'LESS_THAN', values: [String(Date.UTC(2024, 2, 1))] })).toEqual(sorted('d1'));
    expect(await one({ field: DUE, condition: 'EQUAL', values: ['2024-06-01'] })).toEqual(sorted('d2'));
  });
  it('rich text matches phrases and fragments', async () => {
    expect(await one({ field: NOTES, values: ['personal data'] })).toEqual(sorted('d1'));
    expect(await one({ field: NOTES, condition: 'CONTAIN', values: ['person'] })).toEqual(sorted('d1'));
  });
  it('negated criteria exclude; groups are OR-ed; criteria in a group are AND-ed', async () => {
    expect(await one({ field: TEAM, values: ['Alpha'], negated: true })).toEqual(sorted('d2', 'd3', 'd5'));
    expect(await scrollUrns(app, [{ field: RET, condition: 'GREATER_THAN', values: ['5'] }, { field: TEAM, condition: 'START_WITH', values: ['alp'] }])).toEqual(sorted('d1', 'd3'));
    const res = await app.graphql(SCROLL, {
      input: { types: ['DATASET'], query: '*', count: 10, orFilters: [{ and: [{ field: RET, condition: 'LESS_THAN', values: ['20'] }] }, { and: [{ field: TEAM, values: ['beta'] }] }] },
    });
    expect(res.data.scrollAcrossEntities.searchResults.map((r: any) => r.entity.urn).sort()).toEqual(sorted('d1', 'd2'));
  });
  it('a criterion without values (other than EXISTS) is skipped', async () => {
    expect(await one({ field: TEAM, condition: 'EQUAL', values: [] })).toEqual(sorted('d1', 'd2', 'd3', 'd5'));
  });
});

describe('filter fields besides structured properties', () => {
  it('tags, urn, platform, origin, name, _entityType', async () => {
    expect(await one({ field: 'tags', values: [PII] })).toEqual(sorted('d1'));
    expect(await one({ field: 'urn', values: [d.d2] })).toEqual(sorted('d2'));
    expect(await one({ field: 'platform', values: ['urn:li:dataPlatform:hive'] })).toEqual(sorted('d1', 'd2', 'd3', 'd5'));
    expect(await one({ field: 'origin', values: ['DEV'] })).toEqual([]);
    expect(await one({ field: 'name', condition: 'START_WITH', values: ['db.table_d3'] })).toEqual(sorted('d3'));
    const all = await app.graphql(SCROLL, { input: { types: [], query: '*', count: 50, orFilters: [{ and: [{ field: '_entityType', values: ['DATA_FLOW'] }] }] } });
    expect(all.data.scrollAcrossEntities.searchResults).toEqual([{ entity: { urn: FLOW, type: 'DATA_FLOW' } }]);
  });
  it('empty types search every searchable type, a filter on a property defined for several types too', async () => {
    const res = await app.graphql(SCROLL, { input: { types: [], query: '*', count: 50 } });
    const types = new Set(res.data.scrollAcrossEntities.searchResults.map((r: any) => r.entity.type));
    expect([...types].sort()).toEqual(['DATASET', 'DATA_FLOW', 'TAG']);
    expect(res.data.scrollAcrossEntities.searchResults.map((r: any) => r.entity.urn)).not.toContain(propertyUrn('acme.team'));
  });
});

describe('soft-deleted entities', () => {
  it('are excluded by default, included with includeSoftDeleted or a filter on removed', async () => {
    expect(await one({ field: RET, condition: 'EQUAL', values: ['100'] })).toEqual([]);
    expect(await scrollUrns(app, [{ field: RET, values: ['100'] }], { searchFlags: { includeSoftDeleted: true } })).toEqual(sorted('d4'));
    expect(await one({ field: 'removed', values: ['true'] })).toEqual(sorted('d4'));
  });
});

describe('paging and sorting', () => {
  it('scrollAcrossEntities pages with an opaque scrollId, null on the last page', async () => {
    const seen: string[] = [];
    let scrollId: string | null = null;
    let pages = 0;
    do {
      const res: any = await app.graphql(SCROLL, { input: { types: ['DATASET'], query: '*', count: 2, scrollId } });
      expect(res.errors).toBeUndefined();
      expect(res.data.scrollAcrossEntities.total).toBe(4);
      seen.push(...res.data.scrollAcrossEntities.searchResults.map((r: any) => r.entity.urn));
      scrollId = res.data.scrollAcrossEntities.nextScrollId;
      pages++;
    } while (scrollId);
    expect(pages).toBe(2);
    expect(seen.sort()).toEqual(sorted('d1', 'd2', 'd3', 'd5'));
  });
  it('searchAcrossEntities pages by start/count and sorts by sortInput', async () => {
    const q = `query s($input: SearchAcrossEntitiesInput!) { searchAcrossEntities(input: $input) { start count total searchResults { entity { urn } matchedFields { name } } } }`;
    const page = await app.graphql(q, { input: { types: ['DATASET'], query: '*', start: 1, count: 2, sortInput: { sortCriteria: [{ field: 'name', sortOrder: 'DESCENDING' }] } } });
    expect(page.errors).toBeUndefined();
    expect(page.data.searchAcrossEntities).toMatchObject({ start: 1, count: 2, total: 4 });
    expect(page.data.searchAcrossEntities.searchResults.map((r: any) => r.entity.urn)).toEqual([d.d3, d.d2]);
    const bad = await app.graphql(q, { input: { types: ['DATASET'], query: '*', sortInput: { sortCriteria: [{ field: 'aspects', sortOrder: 'ASCENDING' }] } } });
    expect(bad.errors[0].extensions.type).toBe('BAD_REQUEST');
  });
});

describe('aggregateAcrossEntities', () => {
  it('caps buckets with maxAggValues, answers _entityType in GraphQL names and defaults to common facets', async () => {
    const capped = await app.graphql(AGGREGATE, { input: { types: ['DATASET'], query: '*', facets: [TEAM], searchFlags: { maxAggValues: 2 } } });
    expect(capped.data.aggregateAcrossEntities.facets[0].aggregations).toHaveLength(2);
    const types = await app.graphql(AGGREGATE, { input: { types: [], query: '*', facets: ['_entityType', 'tags'] } });
    const [entityType, tags] = types.data.aggregateAcrossEntities.facets;
    expect(entityType.aggregations.map((a: any) => a.value).sort()).toEqual(['DATASET', 'DATA_FLOW', 'TAG']);
    expect(tags.aggregations).toEqual([{ value: PII, count: 1, entity: { urn: PII } }]);
    const defaults = await app.graphql(AGGREGATE, { input: { query: '*' } });
    expect(defaults.data.aggregateAcrossEntities.facets.map((f: any) => f.field)).toEqual(['_entityType', 'platform', 'origin', 'tags']);
  });
  it('filters narrow the counts; dates come back as epoch millis; filtered values missing from results count 0', async () => {
    const res = await app.graphql(AGGREGATE, {
      input: { types: ['DATASET'], query: '*', facets: [DUE, TEAM], orFilters: [{ and: [{ field: TEAM, values: ['beta', 'gamma'] }] }] },
    });
    expect(res.errors).toBeUndefined();
    const [due, team] = res.data.aggregateAcrossEntities.facets;
    expect(due.aggregations).toEqual([{ value: String(Date.UTC(2024, 5, 1)), count: 1, entity: null }]);
    expect(team.aggregations).toEqual([{ value: 'beta', count: 1, entity: null }, { value: 'gamma', count: 0, entity: null }]);
    // A platform filtered by its bare name is the platform's own bucket, not a phantom `hive` with 0.
    const byName = await app.graphql(AGGREGATE, { input: { types: ['DATASET'], query: '*', facets: ['platform'], orFilters: [{ and: [{ field: 'platform', values: ['hive'] }] }] } });
    expect(byName.data.aggregateAcrossEntities.facets[0].aggregations.map((a: any) => [a.value, a.count])).toEqual([['urn:li:dataPlatform:hive', 4]]);
  });
});

describe('bad filter input is a BAD_REQUEST naming the problem', () => {
  it.each([
    [{ field: RET, condition: 'GREATER_THAN', values: ['abc'] }, 'expected a number'],
    [{ field: RET, condition: 'GREATER_THAN', values: ['1', '2'] }, 'takes exactly one value'],
    [{ field: DUE, condition: 'LESS_THAN', values: ['01/02/2024'] }, 'YYYY-MM-DD or epoch milliseconds'],
    [{ field: TEAM, condition: 'DESCENDANTS_INCL', values: ['x'] }, 'Unsupported condition: DESCENDANTS_INCL'],
    [{ field: RET, condition: 'CONTAIN', values: ['1'] }, 'not supported on double field'],
    [{ field: 'removed', values: ['maybe'] }, 'expected true or false'],
  ])('%j', async (c, message) => {
    const err = await scrollError(app, [c as Criterion]);
    expect(err.type).toBe('BAD_REQUEST');
    expect(err.code).toBe(400);
    expect(err.message).toContain(message);
  });
});
