/**
 * An assertion's definition through GraphQL in the original's shape (Assertion.info from its assertionInfo aspect, the
 * error of a run's result), as the original's MCP server reads them; and what Tessera answers where it keeps nothing:
 * the documents about an entity (those whose documentInfo relates it, narrowed as asked) and a search by meaning (refused, naming the search to use).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphqlData, startTestApp, type TestApp } from './harness.js';
import { wireProposal } from './wire-proposals.js';

const DS = 'urn:li:dataset:(urn:li:dataPlatform:postgres,asinfo.orders,PROD)';
const COLUMN = `urn:li:schemaField:(${DS},amount)`;
const ROWS = 'urn:li:assertion:asinfo-rows';
const AMOUNT = 'urn:li:assertion:asinfo-amount';
const VOLUME = 'urn:li:assertion:asinfo-volume';
const CUSTOM = 'urn:li:assertion:asinfo-custom';
const BARE = 'urn:li:assertion:asinfo-bare';
const T0 = Date.UTC(2026, 1, 1);
const stamp = { time: T0, actor: 'urn:li:corpuser:qa' };
const between = { minValue: { value: '10', type: 'NUMBER' }, maxValue: { value: '20', type: 'NUMBER' } };
let app: TestApp;

const proposal = wireProposal;

beforeAll(async () => {
  app = await startTestApp('graphql-assertion-info');
  const res = await app.post('/gms/aspects?action=ingestProposalBatch&waitForSearch=true', {
    async: 'false',
    proposals: [
      proposal(DS, 'datasetProperties', { name: 'orders', customProperties: {} }),
      proposal(ROWS, 'assertionInfo', {
        type: 'DATASET',
        description: 'between 10 and 20 rows',
        externalUrl: 'https://ge.example/rows',
        note: { content: 'rerun after the nightly load', lastModified: stamp },
        lastUpdated: stamp,
        source: { type: 'EXTERNAL', created: stamp },
        customProperties: { suite: 'nightly' },
        datasetAssertion: { dataset: DS, scope: 'DATASET_ROWS', fields: [COLUMN], aggregation: 'ROW_COUNT', operator: 'BETWEEN', parameters: between, nativeType: 'expect_table_row_count_to_be_between', nativeParameters: { min_value: '10' }, logic: 'select count(*)' },
      }),
      proposal(ROWS, 'dataPlatformInstance', { platform: 'urn:li:dataPlatform:great-expectations' }),
      proposal(ROWS, 'assertionRunEvent', { timestampMillis: T0, runId: 'r1', assertionUrn: ROWS, asserteeUrn: DS, status: 'COMPLETE', result: { type: 'SUCCESS', actualAggValue: 12 } }),
      proposal(ROWS, 'assertionRunEvent', {
        timestampMillis: T0 + 60_000, runId: 'r2', assertionUrn: ROWS, asserteeUrn: DS, status: 'COMPLETE',
        result: { type: 'ERROR', error: { type: 'SOURCE_CONNECTION_ERROR', properties: { message: 'connection refused', host: 'db' } } },
      }),
      proposal(AMOUNT, 'assertionInfo', {
        type: 'FIELD',
        fieldAssertion: {
          type: 'FIELD_VALUES', entity: DS,
          fieldValuesAssertion: { field: { path: 'amount', type: 'NUMBER', nativeType: 'numeric' }, transform: { type: 'LENGTH' }, operator: 'GREATER_THAN', parameters: { value: { value: '0', type: 'NUMBER' } }, failThreshold: { type: 'COUNT', value: 5 }, excludeNulls: true },
          filter: { type: 'SQL', sql: 'amount is not null' },
        },
      }),
      proposal(VOLUME, 'assertionInfo', {
        type: 'VOLUME',
        volumeAssertion: { type: 'ROW_COUNT_CHANGE', entity: DS, rowCountChange: { type: 'PERCENTAGE', operator: 'LESS_THAN', parameters: { value: { value: '5', type: 'NUMBER' } } } },
      }),
      proposal(CUSTOM, 'assertionInfo', { type: 'CUSTOM', entityUrn: DS, customAssertion: { type: 'dq-tool', entity: DS, field: COLUMN, logic: 'amount > 0' } }),
      proposal(BARE, 'status', { removed: false }),
    ],
  });
  expect(res.status, res.text).toBe(200);
});
afterAll(() => app?.close());

const PARAMETERS = 'parameters { value { value type } minValue { value type } maxValue { value type } }';
const INFO = `info {
  type description note externalUrl entityUrn lastUpdated { time actor } source { type created { time actor } } customProperties { key value }
  datasetAssertion { datasetUrn scope fields { urn path } aggregation operator ${PARAMETERS} nativeType nativeParameters { key value } logic }
  fieldAssertion { type entityUrn filter { type sql } fieldValuesAssertion { field { path type nativeType } transform { type } operator ${PARAMETERS} failThreshold { type value } excludeNulls } }
  volumeAssertion { type entityUrn rowCountChange { type operator ${PARAMETERS} } rowCountTotal { operator } }
  customAssertion { type entityUrn field { urn path } fields { path } logic }
  sqlAssertion { statement }
}`;
const ASSERTION = `query a($urn: String!) { assertion(urn: $urn) { urn platform { urn name } ${INFO}
  runEvents(status: COMPLETE, limit: 5) { total errored runEvents { timestampMillis result { type actualAggValue error { type displayMessage properties { key value } } } } } } }`;

describe('Assertion.info', () => {
  it('presents a dataset assertion: note by its text, maps as key/value lists, columns by URN and path', async () => {
    const { assertion } = await graphqlData(app, ASSERTION, { urn: ROWS });
    expect(assertion.platform).toEqual({ urn: 'urn:li:dataPlatform:great-expectations', name: 'great-expectations' });
    expect(assertion.info).toEqual({
      type: 'DATASET', description: 'between 10 and 20 rows', note: 'rerun after the nightly load', externalUrl: 'https://ge.example/rows', entityUrn: DS,
      lastUpdated: stamp, source: { type: 'EXTERNAL', created: stamp }, customProperties: [{ key: 'suite', value: 'nightly' }],
      datasetAssertion: {
        datasetUrn: DS, scope: 'DATASET_ROWS', fields: [{ urn: COLUMN, path: 'amount' }], aggregation: 'ROW_COUNT', operator: 'BETWEEN',
        parameters: { value: null, ...between }, nativeType: 'expect_table_row_count_to_be_between', nativeParameters: [{ key: 'min_value', value: '10' }], logic: 'select count(*)',
      },
      fieldAssertion: null, volumeAssertion: null, customAssertion: null, sqlAssertion: null,
    });
  });

  it('presents field, volume and custom assertions, naming the checked entity from their details', async () => {
    const amount = (await graphqlData(app, ASSERTION, { urn: AMOUNT })).assertion.info;
    expect(amount).toMatchObject({ type: 'FIELD', entityUrn: DS, datasetAssertion: null, note: null, source: null, customProperties: null });
    expect(amount.fieldAssertion).toEqual({
      type: 'FIELD_VALUES', entityUrn: DS, filter: { type: 'SQL', sql: 'amount is not null' },
      fieldValuesAssertion: {
        field: { path: 'amount', type: 'NUMBER', nativeType: 'numeric' }, transform: { type: 'LENGTH' }, operator: 'GREATER_THAN',
        parameters: { value: { value: '0', type: 'NUMBER' }, minValue: null, maxValue: null }, failThreshold: { type: 'COUNT', value: 5 }, excludeNulls: true,
      },
    });
    const volume = (await graphqlData(app, ASSERTION, { urn: VOLUME })).assertion.info;
    expect(volume.volumeAssertion).toEqual({
      type: 'ROW_COUNT_CHANGE', entityUrn: DS, rowCountTotal: null,
      rowCountChange: { type: 'PERCENTAGE', operator: 'LESS_THAN', parameters: { value: { value: '5', type: 'NUMBER' }, minValue: null, maxValue: null } },
    });
    const custom = (await graphqlData(app, ASSERTION, { urn: CUSTOM })).assertion.info;
    expect(custom.customAssertion).toEqual({ type: 'dq-tool', entityUrn: DS, field: { urn: COLUMN, path: 'amount' }, fields: [{ path: 'amount' }], logic: 'amount > 0' });
  });

  it('is null for an assertion without a definition, and the lookup null for one that does not exist', async () => {
    const { assertion } = await graphqlData(app, ASSERTION, { urn: BARE });
    expect(assertion).toMatchObject({ urn: BARE, info: null, runEvents: { total: 0, runEvents: [] } });
    expect((await graphqlData(app, ASSERTION, { urn: 'urn:li:assertion:asinfo-none' })).assertion).toBeNull();
  });

  it('answers the error of a run that could not be evaluated, with its message to show', async () => {
    const { runEvents } = (await graphqlData(app, ASSERTION, { urn: ROWS })).assertion;
    expect(runEvents.total).toBe(2);
    expect(runEvents.errored).toBe(1);
    expect(runEvents.runEvents.map((e: any) => e.result)).toEqual([
      { type: 'ERROR', actualAggValue: null, error: { type: 'SOURCE_CONNECTION_ERROR', displayMessage: 'connection refused', properties: [{ key: 'message', value: 'connection refused' }, { key: 'host', value: 'db' }] } },
      { type: 'SUCCESS', actualAggValue: 12, error: null },
    ]);
  });

  it('refuses a selection the original does not have, and a caller without a token', async () => {
    const bad = await app.graphql(`{ assertion(urn: "${ROWS}") { info { nope } } }`);
    expect(bad.data).toBeUndefined();
    expect(bad.errors[0].message).toMatch(/^Cannot query field "nope" on type "AssertionInfo"/);
    const anonymous = await app.request('POST', '/api/graphql', { query: ASSERTION, variables: { urn: ROWS } }, { token: null });
    expect(anonymous.status).toBe(401);
  });
});

describe('documents and search by meaning', () => {
  it('answers the documents relating an entity, narrowed by parent, top level, sub-type and source', async () => {
    const doc = (id: string, extra: Record<string, unknown> = {}, subTypes?: string[]) => ({
      urn: `urn:li:document:${id}`,
      documentInfo: { value: { title: `Doc ${id}`, contents: { text: `about ${id}` }, status: { state: 'PUBLISHED' }, created: { time: 1, actor: 'urn:li:corpuser:a' }, lastModified: { time: 2, actor: 'urn:li:corpuser:a' }, relatedAssets: [{ asset: DS }], ...extra } },
      ...(subTypes && { subTypes: { value: { typeNames: subTypes } } }),
    });
    const res = await app.post('/openapi/v3/entity/document?async=false', [doc('faq', { source: { sourceType: 'NATIVE' } }, ['FAQ']), doc('child', { parentDocument: { document: 'urn:li:document:faq' } }), doc('elsewhere', { relatedAssets: [] })]);
    expect(res.status, res.text).toBe(200);
    await app.refresh();
    const q = `query r($urn: String!, $input: RelatedDocumentsInput!) { entity(urn: $urn) { urn
      ... on Dataset { relatedDocuments(input: $input) { start count total documents { urn info { title parentDocument { document { urn } } } } } } } }`;
    const urns = async (input: Record<string, unknown>) => {
      const { entity } = await graphqlData(app, q, { urn: DS, input: { start: 0, count: 10, ...input } });
      return (entity.relatedDocuments.documents as { urn: string }[]).map((d) => d.urn).sort();
    };
    expect(await urns({})).toEqual(['urn:li:document:child', 'urn:li:document:faq']);
    expect(await urns({ parentDocuments: ['urn:li:document:faq'] })).toEqual(['urn:li:document:child']);
    expect(await urns({ rootOnly: true })).toEqual(['urn:li:document:faq']);
    expect(await urns({ types: ['FAQ'] })).toEqual(['urn:li:document:faq']);
    expect(await urns({ sourceType: 'NATIVE' })).toEqual(['urn:li:document:faq']);
    const { entity } = await graphqlData(app, q, { urn: DS, input: { start: 5, count: 10 } });
    expect(entity.relatedDocuments).toMatchObject({ start: 5, count: 0, total: 2, documents: [] });
  });

  it('refuses a semantic search at execution with code 400, naming searchAcrossEntities', async () => {
    const q = `query s($input: SearchAcrossEntitiesInput!) { semanticSearchAcrossEntities(input: $input) { total searchResults { entity { urn ... on Document { info { title } } } } } }`;
    const res = await app.graphql(q, { input: { query: 'orders', types: ['DATASET'], count: 5 } });
    expect(res.data).toEqual({ semanticSearchAcrossEntities: null });
    expect(res.errors).toHaveLength(1);
    expect(res.errors[0].message).toMatch(/^semantic search is not available in Tessera: use searchAcrossEntities/);
    expect(res.errors[0].extensions).toMatchObject({ code: 400, type: 'BAD_REQUEST' });
  });
});
