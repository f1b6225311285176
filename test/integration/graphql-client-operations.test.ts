/**
 * The GraphQL operations of the original's client library (acryl-datahub) beyond the catalog's own pages, as its helpers
 * send them: reportOperation read back by Dataset.operations; custom assertions defined, listed by Dataset.assertions
 * and their results reported; the older one-type search; ingestion sources deployed and listed with their runs;
 * appConfig; a data job's platform instance — and the features Tessera lacks (secrets, version sets, invite tokens,
 * running assertions, extra search fields) refused with an error that says so, never a validation error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docIdOf } from '../../src/storage/entity-store.js';
import { graphqlData, startTestApp, type TestApp } from './harness.js';
import { rebuildWithoutFields } from './old-index.js';
import { wireProposal } from './wire-proposals.js';

const DS = 'urn:li:dataset:(urn:li:dataPlatform:snowflake,gco.orders,PROD)';
const OTHER = 'urn:li:dataset:(urn:li:dataPlatform:snowflake,gco.users,PROD)';
const NATIVE = 'urn:li:assertion:gco-native-rows';
const BARE = 'urn:li:assertion:gco-bare';
const JOB = 'urn:li:dataJob:(urn:li:dataFlow:(airflow,gco_nightly,prod),load)';
const PLAIN_JOB = 'urn:li:dataJob:(urn:li:dataFlow:(airflow,gco_nightly,prod),plain)';
const INSTANCE = 'urn:li:dataPlatformInstance:(urn:li:dataPlatform:airflow,eu-west)';
const SOURCE = 'urn:li:dataHubIngestionSource:gco-snowflake';
const RUN = 'urn:li:dataHubExecutionRequest:gco-run-1';
const ACTOR = 'urn:li:corpuser:tester';
const T0 = Date.UTC(2026, 1, 3, 12);
let app: TestApp;

const proposal = wireProposal;

/** A GraphQL call whose writes are searchable when it answers (as a client reading them back at once needs). */
async function waited(query: string, variables: Record<string, unknown>) {
  const res = await app.request('POST', '/api/graphql', { query, variables }, { headers: { 'x-tessera-wait-for-search': 'true' } });
  return res.body;
}
async function waitedData(query: string, variables: Record<string, unknown>) {
  const body = await waited(query, variables);
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data;
}
/** The one error of a refused call: its message and code. */
async function refusal(query: string, variables: Record<string, unknown> = {}) {
  const body = await app.graphql(query, variables);
  expect(body.errors, JSON.stringify(body)).toHaveLength(1);
  return { message: body.errors[0].message as string, code: body.errors[0].extensions?.code };
}

beforeAll(async () => {
  app = await startTestApp('graphql-client-operations');
  const res = await app.post('/gms/aspects?action=ingestProposalBatch&waitForSearch=true', {
    async: 'false',
    proposals: [
      proposal(DS, 'datasetProperties', { name: 'orders', customProperties: {} }),
      proposal(OTHER, 'datasetProperties', { name: 'users', customProperties: {} }),
      proposal(NATIVE, 'assertionInfo', { type: 'DATASET', datasetAssertion: { dataset: DS, scope: 'DATASET_ROWS', operator: 'GREATER_THAN', parameters: { value: { value: '0', type: 'NUMBER' } } } }),
      proposal(BARE, 'assertionActions', { onSuccess: [], onFailure: [] }),
      proposal(JOB, 'dataJobInfo', { name: 'load', type: { string: 'COMMAND' }, customProperties: {} }),
      proposal(JOB, 'dataPlatformInstance', { platform: 'urn:li:dataPlatform:airflow', instance: INSTANCE }),
      proposal(PLAIN_JOB, 'dataJobInfo', { name: 'plain', type: { string: 'COMMAND' }, customProperties: {} }),
      proposal(PLAIN_JOB, 'dataPlatformInstance', { platform: 'urn:li:dataPlatform:airflow' }),
    ],
  });
  expect(res.status, res.text).toBe(200);
});
afterAll(() => app?.close());

// datahub/api/graphql/operation.py
const REPORT_OPERATION = `mutation reportOperation($urn: String!, $sourceType: OperationSourceType!, $operationType: OperationType!, $partition: String, $numAffectedRows: Long, $customProperties: [StringMapEntryInput!]) {
  reportOperation(input: { urn: $urn sourceType: $sourceType operationType: $operationType partition: $partition numAffectedRows: $numAffectedRows customProperties: $customProperties })
}`;
const QUERY_OPERATIONS = `query dataset($urn: String!, $startTimeMillis: Long, $endTimeMillis: Long, $limit: Int, $filter: FilterInput) {
  dataset(urn: $urn) { urn operations(startTimeMillis: $startTimeMillis, endTimeMillis: $endTimeMillis, limit: $limit, filter: $filter) {
    __typename actor operationType sourceType numAffectedRows partition timestampMillis lastUpdatedTimestamp customProperties { key value } } } }`;

describe('reportOperation', () => {
  it('adds an operation point, stamped with the caller, that Dataset.operations reads back (and filters)', async () => {
    const vars = { urn: DS, sourceType: 'DATA_PROCESS', operationType: 'INSERT', partition: '2026-02-03', numAffectedRows: 42, customProperties: [{ key: 'job', value: 'nightly' }] };
    expect(await waitedData(REPORT_OPERATION, vars)).toEqual({ reportOperation: 'true' });
    await waitedData(REPORT_OPERATION, { urn: DS, sourceType: 'DATA_PLATFORM', operationType: 'UPDATE', numAffectedRows: 0 });
    const { dataset } = await graphqlData(app, QUERY_OPERATIONS, { urn: DS });
    expect(dataset.operations).toHaveLength(2);
    const insert = dataset.operations.find((o: { operationType: string }) => o.operationType === 'INSERT');
    expect(insert).toMatchObject({ __typename: 'Operation', actor: ACTOR, sourceType: 'DATA_PROCESS', numAffectedRows: 42, partition: '2026-02-03', customProperties: [{ key: 'job', value: 'nightly' }] });
    expect(insert.lastUpdatedTimestamp).toBe(insert.timestampMillis);
    expect(Math.abs(insert.timestampMillis - Date.now())).toBeLessThan(60_000);
    const filtered = await graphqlData(app, QUERY_OPERATIONS, { urn: DS, filter: { and: [{ field: 'operationType', values: ['UPDATE'] }] } });
    expect(filtered.dataset.operations.map((o: { sourceType: string }) => o.sourceType)).toEqual(['DATA_PLATFORM']);
  });

  it('refuses an entity that is not a dataset, a property without a value, and a caller without a token', async () => {
    expect(await refusal(REPORT_OPERATION, { urn: JOB, sourceType: 'DATA_PROCESS', operationType: 'INSERT' })).toEqual({ message: `Operations are reported on datasets only; ${JOB} is a dataJob`, code: 400 });
    expect(await refusal(REPORT_OPERATION, { urn: DS, sourceType: 'DATA_PROCESS', operationType: 'INSERT', customProperties: [{ key: 'job', value: null }] })).toEqual({ message: 'customProperties: the entry "job" has no value', code: 400 });
    const anonymous = await app.request('POST', '/api/graphql', { query: REPORT_OPERATION, variables: { urn: DS, sourceType: 'DATA_PROCESS', operationType: 'INSERT' } }, { token: null });
    expect(anonymous.status).toBe(401);
  });
});

// datahub/ingestion/graph/client.py upsert_custom_assertion and report_assertion_result
const UPSERT_CUSTOM = `mutation upsertCustomAssertion($assertionUrn: String, $entityUrn: String!, $type: String!, $description: String!, $fieldPath: String, $platformName: String, $platformUrn: String, $externalUrl: String, $logic: String, $operator: AssertionStdOperator, $parameters: AssertionStdParametersInput, $nativeParameters: [StringMapEntryInput!]) {
  upsertCustomAssertion(urn: $assertionUrn, input: { entityUrn: $entityUrn type: $type description: $description fieldPath: $fieldPath platform: { urn: $platformUrn name: $platformName } externalUrl: $externalUrl logic: $logic operator: $operator parameters: $parameters nativeParameters: $nativeParameters }) { urn } }`;
const REPORT_RESULT = `mutation reportAssertionResult($assertionUrn: String!, $timestampMillis: Long!, $type: AssertionResultType!, $properties: [StringMapEntryInput!], $externalUrl: String, $error: AssertionResultErrorInput, $severity: AssertionResultSeverity) {
  reportAssertionResult(urn: $assertionUrn, result: { timestampMillis: $timestampMillis type: $type properties: $properties externalUrl: $externalUrl error: $error severity: $severity }) }`;
// datahub/api/graphql/assertion.py (its run event selection, trimmed)
const DATASET_ASSERTIONS = `query dataset($urn: String!, $start: Int, $count: Int, $limit: Int) {
  dataset(urn: $urn) { assertions(start: $start, count: $count) { __typename start count total assertions { __typename urn
    info { type description externalUrl source { type } customAssertion { type entityUrn field { path } logic operator parameters { value { value type } } nativeParameters { key value } } datasetAssertion { datasetUrn } }
    platform { urn }
    runEvents(limit: $limit) { total failed succeeded runEvents { timestampMillis assertionUrn asserteeUrn status runId partitionSpec { type partition timePartition { startTimeMillis durationMillis } }
      result { type severity externalUrl nativeResults { key value } error { type properties { key value } } } } } } } } }`;

describe('custom assertions and Dataset.assertions', () => {
  let custom: string;

  it('defines a custom assertion (its info and platform) that the dataset then lists beside the others naming it', async () => {
    const vars = {
      entityUrn: DS, type: 'row_check', description: 'Orders have rows', fieldPath: 'id', platformName: 'great-expectations', externalUrl: 'https://ge.example.com/1',
      logic: 'select count(*) from orders', operator: 'GREATER_THAN', parameters: { value: { value: '0', type: 'NUMBER' } }, nativeParameters: [{ key: 'mostly', value: '0.9' }],
    };
    custom = (await waitedData(UPSERT_CUSTOM, vars)).upsertCustomAssertion.urn;
    expect(custom).toMatch(/^urn:li:assertion:[0-9a-f-]{36}$/);
    const { dataset } = await graphqlData(app, DATASET_ASSERTIONS, { urn: DS, limit: 10 });
    expect(dataset.assertions).toMatchObject({ __typename: 'EntityAssertionsResult', start: 0, count: 2, total: 2 });
    const byUrn = Object.fromEntries(dataset.assertions.assertions.map((a: { urn: string }) => [a.urn, a]));
    expect(Object.keys(byUrn).sort()).toEqual([custom, NATIVE].sort());
    expect(byUrn[custom]).toMatchObject({
      __typename: 'Assertion',
      platform: { urn: 'urn:li:dataPlatform:great-expectations' },
      info: {
        type: 'CUSTOM', description: 'Orders have rows', externalUrl: 'https://ge.example.com/1', source: { type: 'EXTERNAL' },
        customAssertion: { type: 'row_check', entityUrn: DS, field: { path: 'id' }, logic: 'select count(*) from orders', operator: 'GREATER_THAN', parameters: { value: { value: '0', type: 'NUMBER' } }, nativeParameters: [{ key: 'mostly', value: '0.9' }] },
      },
      runEvents: { total: 0, runEvents: [] },
    });
    expect(byUrn[NATIVE].info.datasetAssertion).toEqual({ datasetUrn: DS });
    const other = await graphqlData(app, DATASET_ASSERTIONS, { urn: OTHER, limit: 1 });
    expect(other.dataset.assertions).toMatchObject({ count: 0, total: 0, assertions: [] });
  });

  it('pages, and redefines an assertion whole under its URN (moved to another dataset, fields left out cleared)', async () => {
    const second = await graphqlData(app, DATASET_ASSERTIONS, { urn: DS, start: 1, count: 1, limit: 1 });
    expect(second.dataset.assertions).toMatchObject({ start: 1, count: 1, total: 2 });
    await waitedData(UPSERT_CUSTOM, { assertionUrn: custom, entityUrn: OTHER, type: 'row_check', description: 'Users have rows', platformUrn: 'urn:li:dataPlatform:dbt' });
    const moved = (await graphqlData(app, DATASET_ASSERTIONS, { urn: OTHER, limit: 1 })).dataset.assertions.assertions;
    expect(moved).toHaveLength(1);
    expect(moved[0]).toMatchObject({ urn: custom, platform: { urn: 'urn:li:dataPlatform:dbt' }, info: { description: 'Users have rows', externalUrl: null, customAssertion: { entityUrn: OTHER, field: null, logic: null } } });
    expect((await graphqlData(app, DATASET_ASSERTIONS, { urn: DS, limit: 1 })).dataset.assertions.assertions.map((a: { urn: string }) => a.urn)).toEqual([NATIVE]);
  });

  it('reports runs as run events of the assertion on the entity it names: a failure with its severity, an error with its message', async () => {
    await waitedData(REPORT_RESULT, { assertionUrn: NATIVE, timestampMillis: T0, type: 'FAILURE', severity: 'HIGH', properties: [{ key: 'observed', value: '0' }], externalUrl: 'https://ge.example.com/run/1' });
    await waitedData(REPORT_RESULT, { assertionUrn: NATIVE, timestampMillis: T0 + 60_000, type: 'ERROR', error: { type: 'SOURCE_QUERY_FAILED', message: 'timeout' }, severity: 'LOW' });
    const { dataset } = await graphqlData(app, DATASET_ASSERTIONS, { urn: DS, limit: 10 });
    const runs = dataset.assertions.assertions.find((a: { urn: string }) => a.urn === NATIVE).runEvents;
    expect(runs).toMatchObject({ total: 2, failed: 1, succeeded: 0 });
    expect(runs.runEvents).toEqual([
      {
        timestampMillis: T0 + 60_000, assertionUrn: NATIVE, asserteeUrn: DS, status: 'COMPLETE', runId: String(T0 + 60_000), partitionSpec: null,
        result: { type: 'ERROR', severity: null, externalUrl: null, nativeResults: null, error: { type: 'SOURCE_QUERY_FAILED', properties: [{ key: 'message', value: 'timeout' }] } },
      },
      {
        timestampMillis: T0, assertionUrn: NATIVE, asserteeUrn: DS, status: 'COMPLETE', runId: String(T0), partitionSpec: null,
        result: { type: 'FAILURE', severity: 'HIGH', externalUrl: 'https://ge.example.com/run/1', nativeResults: [{ key: 'observed', value: '0' }], error: null },
      },
    ]);
  });

  it('presents the time partition of a run as a start and a duration', async () => {
    const res = await app.post('/gms/aspects?action=ingestProposal&waitForSearch=true', {
      proposal: proposal(NATIVE, 'assertionRunEvent', {
        timestampMillis: T0 + 120_000, runId: 'monthly', assertionUrn: NATIVE, asserteeUrn: DS, status: 'COMPLETE', result: { type: 'SUCCESS' },
        partitionSpec: { type: 'PARTITION', partition: '2026-02', timePartition: { startTimeMillis: Date.UTC(2026, 1, 1), length: { unit: 'MONTH', multiple: 1 } } },
      }),
    });
    expect(res.status, res.text).toBe(200);
    const { dataset } = await graphqlData(app, DATASET_ASSERTIONS, { urn: DS, limit: 1 });
    const latest = dataset.assertions.assertions.find((a: { urn: string }) => a.urn === NATIVE).runEvents.runEvents[0];
    expect(latest.partitionSpec).toEqual({ type: 'PARTITION', partition: '2026-02', timePartition: { startTimeMillis: Date.UTC(2026, 1, 1), durationMillis: 28 * 86_400_000 } });
  });

  it('refuses a result for an assertion that does not exist or names no entity, and a definition without a platform', async () => {
    expect(await refusal(REPORT_RESULT, { assertionUrn: 'urn:li:assertion:gco-missing', timestampMillis: T0, type: 'SUCCESS' })).toEqual({ message: 'Assertion urn:li:assertion:gco-missing does not exist', code: 404 });
    expect((await refusal(REPORT_RESULT, { assertionUrn: BARE, timestampMillis: T0, type: 'SUCCESS' })).message).toMatch(/^Assertion urn:li:assertion:gco-bare names no entity it checks/);
    expect(await refusal(UPSERT_CUSTOM, { entityUrn: DS, type: 't', description: 'd' })).toEqual({ message: 'platform needs a urn or a name', code: 400 });
    expect((await refusal(UPSERT_CUSTOM, { entityUrn: DS, type: 't', description: 'd', platformUrn: 'urn:li:corpuser:x' })).message).toBe('platform.urn must be a data platform URN, got urn:li:corpuser:x');
  });

  it('refuses to run assertions: Tessera evaluates none', async () => {
    const run = await refusal('mutation { runAssertion(urn: "urn:li:assertion:gco-native-rows") { type } }');
    expect(run).toEqual({ message: 'Tessera does not run assertions: the system that evaluates an assertion reports each run with reportAssertionResult', code: 400 });
    expect((await refusal('mutation { runAssertions(urns: []) { passingCount } }')).message).toBe(run.message);
    expect((await refusal(`mutation { runAssertionsForAsset(urn: "${DS.replaceAll('"', '\\"')}") { passingCount } }`)).message).toBe(run.message);
  });
});

// datahub/cli/iceberg_cli.py (getIcebergWarehouses), with a type Tessera stores
const ONE_TYPE_SEARCH = `query s($type: EntityType!, $query: String!, $start: Int, $count: Int, $orFilters: [AndFilterInput!]) {
  search(input: { type: $type, query: $query, start: $start, count: $count, orFilters: $orFilters }) { start count total searchResults { entity { urn ... on DataPlatformInstance { instanceId } } } } }`;

describe('the one-type search', () => {
  it('searches that type alone, with filters and paging, as searchAcrossEntities does', async () => {
    const all = (await graphqlData(app, ONE_TYPE_SEARCH, { type: 'DATASET', query: '*' })).search;
    expect(all).toMatchObject({ start: 0, count: 2, total: 2 });
    expect(all.searchResults.map((r: { entity: { urn: string } }) => r.entity.urn).sort()).toEqual([DS, OTHER].sort());
    const named = (await graphqlData(app, ONE_TYPE_SEARCH, { type: 'DATASET', query: 'users' })).search;
    expect(named.searchResults.map((r: { entity: { urn: string } }) => r.entity.urn)).toEqual([OTHER]);
    const filtered = (await graphqlData(app, ONE_TYPE_SEARCH, { type: 'DATASET', query: '*', orFilters: [{ and: [{ field: 'urn', values: [DS] }] }], start: 0, count: 1 })).search;
    expect(filtered).toMatchObject({ count: 1, total: 1, searchResults: [{ entity: { urn: DS } }] });
    expect((await graphqlData(app, ONE_TYPE_SEARCH, { type: 'DATA_JOB', query: '*' })).search.total).toBe(2);
  });

  it('answers an empty page for a type Tessera keeps no entities of (the iceberg CLI\'s warehouses)', async () => {
    const { search } = await graphqlData(app, ONE_TYPE_SEARCH, { type: 'DATA_PLATFORM_INSTANCE', query: 'dataPlatform:iceberg', start: 0, count: 10 });
    expect(search).toEqual({ start: 0, count: 0, total: 0, searchResults: [] });
  });

  it('refuses bad input as searchAcrossEntities does, and extra search fields it cannot answer', async () => {
    expect((await refusal(ONE_TYPE_SEARCH, { type: 'DATASET', query: '*', count: -1 })).message).toBe('count must be a non-negative integer, got -1');
    const extra = `query { search(input: { type: DATASET, query: "*", searchFlags: { fetchExtraFields: ["name"] } }) { total } }`;
    expect((await refusal(extra)).message).toMatch(/^searchFlags\.fetchExtraFields is not supported: /);
    const none = `query { scrollAcrossEntities(input: { query: "*", types: [DATASET], count: 1, searchFlags: { fetchExtraFields: null } }) { searchResults { extraProperties { name } } } }`;
    expect((await graphqlData(app, none)).scrollAcrossEntities.searchResults).toEqual([{ extraProperties: [] }]);
  });
});

// datahub/cli/ingest_cli.py (deploy, list_source_runs)
const DEPLOY = `mutation updateIngestionSource($urn: String!, $input: UpdateIngestionSourceInput!) { updateIngestionSource(urn: $urn, input: $input) }`;
const LIST_RUNS = `query listIngestionRuns($input: ListIngestionSourcesInput!) { listIngestionSources(input: $input) { start count total
  ingestionSources { urn name type schedule { interval timezone } config { recipe executorId version debugMode extraArgs { key value } }
    executions { total executionRequests { id type input { task requestedAt source { type ingestionSource } } result { startTimeMs status } source { urn } } } } } }`;

describe('ingestion sources', () => {
  it('stores a deployed source and lists it with the runs reported for it, newest first; Tessera runs none', async () => {
    const input = {
      name: 'Snowflake prod', type: 'snowflake', description: 'not kept', schedule: { interval: '0 5 * * *', timezone: 'UTC' },
      config: { recipe: '{"source": {"type": "snowflake"}}', executorId: 'default', version: '1.7.0', debugMode: false, extraArgs: [{ key: 'extra_pip_requirements', value: '[]' }] },
    };
    expect(await waitedData(DEPLOY, { urn: SOURCE, input })).toEqual({ updateIngestionSource: SOURCE });
    await waitedData(DEPLOY, { urn: 'urn:li:dataHubIngestionSource:gco-mysql', input: { name: 'MySQL staging', type: 'mysql', config: { recipe: '{}', executorId: 'default' } } });
    const res = await app.post('/gms/aspects?action=ingestProposalBatch&waitForSearch=true', {
      async: 'false',
      proposals: [
        proposal(RUN, 'dataHubExecutionRequestInput', { task: 'RUN_INGEST', args: { recipe: '{}' }, executorId: 'default', source: { type: 'CLI_INGESTION_SOURCE', ingestionSource: SOURCE }, requestedAt: T0 }),
        proposal(RUN, 'dataHubExecutionRequestResult', { status: 'SUCCESS', startTimeMs: T0 + 1000, durationMs: 5000 }),
      ],
    });
    expect(res.status, res.text).toBe(200);
    const { listIngestionSources } = await graphqlData(app, LIST_RUNS, { input: { start: 0, count: 100, filters: [] } });
    expect(listIngestionSources).toMatchObject({ start: 0, count: 2, total: 2 });
    // Newest first.
    expect(listIngestionSources.ingestionSources.map((s: { urn: string }) => s.urn)).toEqual(['urn:li:dataHubIngestionSource:gco-mysql', SOURCE]);
    expect(listIngestionSources.ingestionSources[1]).toEqual({
      urn: SOURCE, name: 'Snowflake prod', type: 'snowflake', schedule: { interval: '0 5 * * *', timezone: 'UTC' },
      config: { recipe: '{"source": {"type": "snowflake"}}', executorId: 'default', version: '1.7.0', debugMode: false, extraArgs: [{ key: 'extra_pip_requirements', value: '[]' }] },
      executions: {
        total: 1,
        executionRequests: [{ id: 'gco-run-1', type: 'OTHER', input: { task: 'RUN_INGEST', requestedAt: T0, source: { type: 'CLI_INGESTION_SOURCE', ingestionSource: SOURCE } }, result: { startTimeMs: T0 + 1000, status: 'SUCCESS' }, source: { urn: SOURCE } }],
      },
    });
    expect(listIngestionSources.ingestionSources[0]).toMatchObject({ name: 'MySQL staging', schedule: null, executions: { total: 0, executionRequests: [] } });
  });

  it('filters by URN and name as list-source-runs does (CONTAIN), and by query', async () => {
    const urns = async (input: Record<string, unknown>) => (await graphqlData(app, LIST_RUNS, { input })).listIngestionSources.ingestionSources.map((s: { urn: string }) => s.urn);
    expect(await urns({ filters: [{ field: 'urn', values: ['gco-snow'], condition: 'CONTAIN' }] })).toEqual([SOURCE]);
    expect(await urns({ filters: [{ field: 'name', values: ['MySQL'], condition: 'CONTAIN' }] })).toEqual(['urn:li:dataHubIngestionSource:gco-mysql']);
    expect(await urns({ query: 'Snowflake' })).toEqual([SOURCE]);
    expect(await urns({ start: 1, count: 1 })).toEqual([SOURCE]);
  });

  it('updates a source in place, and refuses a bad one', async () => {
    await waitedData(DEPLOY, { urn: SOURCE, input: { name: 'Snowflake prod', type: 'snowflake', config: { recipe: '{"v": 2}', executorId: 'remote' } } });
    const { listIngestionSources } = await graphqlData(app, LIST_RUNS, { input: { filters: [{ field: 'urn', values: [SOURCE] }] } });
    expect(listIngestionSources.ingestionSources[0]).toMatchObject({ schedule: null, config: { recipe: '{"v": 2}', executorId: 'remote', version: null, extraArgs: null } });
    expect((await refusal(DEPLOY, { urn: 'urn:li:dataset:(urn:li:dataPlatform:x,y,PROD)', input: { name: 'n', type: 't', config: { recipe: '{}', executorId: 'default' } } })).code).toBe(400);
  });
});

describe('appConfig', () => {
  it('answers the features Tessera has, as the CLI asks for them', async () => {
    const ping = await graphqlData(app, 'query ping { appConfig { telemetryConfig { enableThirdPartyLogging } } }');
    expect(ping).toEqual({ appConfig: { telemetryConfig: { enableThirdPartyLogging: false } } });
    const semantic = await graphqlData(app, 'query getSemanticSearchConfig { appConfig { semanticSearchConfig { enabled enabledEntities embeddingConfig { provider modelId modelEmbeddingKey awsProviderConfig { region } } } } }');
    expect(semantic.appConfig.semanticSearchConfig).toEqual({ enabled: false, enabledEntities: [], embeddingConfig: null });
    const rest = await graphqlData(app, '{ appConfig { appVersion authConfig { tokenAuthEnabled } managedIngestionConfig { enabled } lineageConfig { supportsImpactAnalysis } viewsConfig { enabled } } }');
    expect(rest.appConfig).toEqual({ appVersion: 'v1.4.0', authConfig: { tokenAuthEnabled: true }, managedIngestionConfig: { enabled: false }, lineageConfig: { supportsImpactAnalysis: true }, viewsConfig: { enabled: false } });
  });
});

describe("a data job's platform instance", () => {
  it('is the instance its dataPlatformInstance aspect names, and null when that names only a platform', async () => {
    const q = `query j($urn: String!) { dataJob(urn: $urn) { jobId dataPlatformInstance { urn type instanceId platform { name } } } }`;
    expect((await graphqlData(app, q, { urn: JOB })).dataJob).toEqual({ jobId: 'load', dataPlatformInstance: { urn: INSTANCE, type: 'DATA_PLATFORM_INSTANCE', instanceId: 'eu-west', platform: { name: 'airflow' } } });
    expect((await graphqlData(app, q, { urn: PLAIN_JOB })).dataJob).toEqual({ jobId: 'plain', dataPlatformInstance: null });
  });
});

describe('what Tessera does not keep', () => {
  it('refuses secrets, version sets and invite tokens with an error that says so', async () => {
    const secrets = /^Tessera keeps no secrets: /;
    expect(await refusal('mutation { createSecret(input: { name: "client_id", value: "x" }) }')).toMatchObject({ message: expect.stringMatching(secrets), code: 400 });
    expect((await refusal('mutation { updateSecret(input: { urn: "urn:li:dataHubSecret:client_id", name: "client_id", value: "y" }) }')).message).toMatch(secrets);
    expect((await refusal('query { getSecretValues(input: { secrets: ["client_id"] }) { name value } }')).message).toMatch(secrets);
    const versioning = /^Versioning is not available in Tessera: /;
    const link = await refusal('mutation($input: LinkVersionInput!) { linkAssetVersion(input: $input) { urn } }', { input: { versionSet: 'urn:li:versionSet:(abc,dataset)', linkedEntity: DS, version: '1' } });
    expect(link).toMatchObject({ message: expect.stringMatching(versioning), code: 400 });
    expect((await refusal('mutation($input: UnlinkVersionInput!) { unlinkAssetVersion(input: $input) { urn } }', { input: { unlinkedEntity: DS } })).message).toMatch(versioning);
    expect((await refusal('query getInviteToken($input: GetInviteTokenInput!) { getInviteToken(input: $input) { inviteToken } }', { input: {} })).message).toMatch(/^Tessera has no sign-up and no invite tokens: /);
  });
});

describe('the search fields of assertions and runs', () => {
  it('are derived the same by an index rebuild as by a write (an assertion names its entity in whichever detail it has)', async () => {
    const assertions = await rebuildWithoutFields(app, 'assertion', ['typeFields']);
    expect(assertions.before[docIdOf(NATIVE)].typeFields).toEqual([`asserts=${DS}`]);
    expect(assertions.before[docIdOf(BARE)].typeFields).toEqual([]);
    expect(assertions.after).toEqual(assertions.before);
    const runs = await rebuildWithoutFields(app, 'dataHubExecutionRequest', ['typeFields']);
    expect(runs.before[docIdOf(RUN)].typeFields).toEqual([`ingestionSource=${SOURCE}`]);
    expect(runs.after).toEqual(runs.before);
    expect((await graphqlData(app, DATASET_ASSERTIONS, { urn: DS, limit: 0 })).dataset.assertions.assertions.map((a: { urn: string }) => a.urn)).toEqual([NATIVE]);
  });
});
