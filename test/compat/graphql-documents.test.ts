/**
 * Every GraphQL document the original's MCP server (mcp-server-datahub) and its client library (acryl-datahub), both
 * pinned in the compat virtualenv, can send is accepted by Tessera's GraphQL endpoint: read from the installed
 * packages (graphql_documents.py) as they send them to a DataHub Core, and posted through the whole request pipeline
 * (parsing, validation, depth, aliases, cost) without variables, so that nothing runs: an operation with required
 * variables stops at their absence, after validation; one without is sent under a name the document lacks, which stops
 * it at the same point. Python format templates are filled with sample values first (graphql_documents.py).
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, Kind, type OperationDefinitionNode } from 'graphql';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestApp, type TestApp } from '../integration/harness.js';
import { seedEntity } from './datahub.js';

const SCRIPT = fileURLToPath(new URL('./graphql_documents.py', import.meta.url));
/** What execution answers when a required variable is absent: the document passed every check before it. */
const MISSING_VARIABLE = /^Variable "\$\w+" of required type "[^"]+" was not provided\.$/;
/** The operation name sent with an operation that needs no variables, so that it never runs. */
const NOT_IN_DOCUMENT = 'notInTheDocument';
/** What the endpoint answers then, once everything before execution has passed. */
const NOT_RUN = 'Could not determine what operation to execute.';

interface SentDocument {
  source: string;
  document: string;
}

let app: TestApp;
let documents: SentDocument[];
let clientDocuments: SentDocument[];
/** A Python template: `{{` for a brace, or `{name}` to fill in. */
const TEMPLATE = /\{\{|\{\w+\}/;

beforeAll(async () => {
  app = await startTestApp('compat-graphql-documents');
  const python = join(inject('datahubVenv'), 'bin', 'python');
  const read = (args: string[]) => JSON.parse(execFileSync(python, [SCRIPT, ...args], { encoding: 'utf8', env: { PATH: process.env.PATH, DATAHUB_TELEMETRY_ENABLED: 'false' } }));
  documents = read([]);
  clientDocuments = read(['client']);
});
afterAll(async () => {
  await app?.close();
});

/** Posts each operation of each document and answers every refusal, named by its source and operation. */
async function refusals(sent: SentDocument[]): Promise<{ refused: string[]; templates: number }> {
  const refused: string[] = [];
  let templates = 0;
  for (const { source, document } of sent) {
    let operations: OperationDefinitionNode[];
    try {
      operations = parse(document).definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
    } catch (e) {
      if (TEMPLATE.test(document)) templates++;
      else refused.push(`${source}: ${(e as Error).message}`);
      continue;
    }
    for (const op of operations) {
      // An operation that needs no variable would run: it is named an operation the document lacks instead, which
      // execution refuses once parsing, validation and the limits have passed.
      const runsAlone = !(op.variableDefinitions ?? []).some((v) => v.type.kind === Kind.NON_NULL_TYPE && !v.defaultValue);
      const res = await app.request('POST', '/api/graphql', { query: document, operationName: runsAlone ? NOT_IN_DOCUMENT : op.name?.value });
      const errors = ((res.body?.errors ?? []) as { message: string }[]).map((e) => e.message).filter((m) => !MISSING_VARIABLE.test(m) && m !== NOT_RUN);
      for (const m of errors) refused.push(`${source} ${op.name?.value ?? '(anonymous)'}: ${m}`);
    }
  }
  return { refused: [...new Set(refused)], templates };
}

describe("the original MCP server's and client library's GraphQL documents", () => {
  it('are found in the installed packages', () => {
    expect(documents.length).toBeGreaterThan(25);
    expect(documents.map((d) => d.source)).toEqual(expect.arrayContaining(['gql/entity_details.gql', 'gql/search.gql', '__main__.py:34']));
    expect(clientDocuments.length).toBeGreaterThan(30);
    expect(clientDocuments.map((d) => d.source)).toEqual(expect.arrayContaining(['datahub/cli/gql/search.gql']));
  });

  it("each of the MCP server's passes every check of the endpoint", async () => {
    const { refused, templates } = await refusals(documents);
    expect(refused).toEqual([]);
    expect(templates).toBe(0);
  });

  it("each of the client library's passes every check of the endpoint", async () => {
    const { refused, templates } = await refusals(clientDocuments);
    expect(refused).toEqual([]);
    expect(templates).toBe(0);
  });
});

const DS = 'urn:li:dataset:(urn:li:dataPlatform:postgres,shop.orders,PROD)';
const VIEW = 'urn:li:dataset:(urn:li:dataPlatform:postgres,shop.big_orders,PROD)';
const CUSTOMERS = 'urn:li:dataset:(urn:li:dataPlatform:postgres,shop.customers,PROD)';
const USER = 'urn:li:corpuser:ada';
const GROUP = 'urn:li:corpGroup:analysts';
const NODE = 'urn:li:glossaryNode:Commerce';
const TERM = 'urn:li:glossaryTerm:Commerce.Order';
const PARENT_DOMAIN = 'urn:li:domain:business';
const DOMAIN = 'urn:li:domain:sales';
const FLOW = 'urn:li:dataFlow:(airflow,nightly,prod)';
const JOB = 'urn:li:dataJob:(urn:li:dataFlow:(airflow,nightly,prod),load_orders)';
const CHART = 'urn:li:chart:(looker,orders_by_day)';

const seed = (type: string, urn: string, aspects: Record<string, unknown>) => seedEntity(app, type, urn, aspects);

describe("the original MCP server's entity read (GetEntity of entity_details.gql)", () => {
  const getEntity = async (urn: string) => {
    const document = documents.find((d) => d.source === 'gql/entity_details.gql')!.document;
    const res = await app.request('POST', '/api/graphql', { query: document, operationName: 'GetEntity', variables: { urn } });
    expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
    return res.body.data.entity;
  };
  const stamp = { time: 1_700_000_000_000, actor: USER };

  beforeAll(async () => {
    await seed('corpuser', USER, { corpUserInfo: { active: true, displayName: 'Ada Lovelace', email: 'ada@example.com', title: 'Analyst' }, corpUserEditableInfo: { displayName: 'Ada', teams: ['data'], skills: ['sql'] } });
    await seed('corpGroup', GROUP, { corpGroupInfo: { displayName: 'Analysts', email: 'analysts@example.com', admins: [USER], members: [USER], groups: [] } });
    await seed('glossaryNode', NODE, { glossaryNodeInfo: { name: 'Commerce', definition: 'Buying and selling' } });
    await seed('glossaryTerm', TERM, { glossaryTermInfo: { name: 'Order', definition: 'A customer order', termSource: 'INTERNAL', parentNode: NODE } });
    await seed('domain', PARENT_DOMAIN, { domainProperties: { name: 'Business' } });
    await seed('domain', DOMAIN, { domainProperties: { name: 'Sales', parentDomain: PARENT_DOMAIN } });
    await seed('dataset', CUSTOMERS, { datasetProperties: { name: 'customers' } });
    await seed('dataset', DS, {
      datasetProperties: { name: 'orders', externalUrl: 'https://db.example.com/orders' },
      schemaMetadata: {
        schemaName: 'orders', platform: 'urn:li:dataPlatform:postgres', version: 0, hash: '', platformSchema: { 'com.linkedin.schema.MySqlDDL': { tableSchema: 'create table orders (id int, customer int)' } },
        fields: [
          { fieldPath: 'id', nativeDataType: 'int', type: { type: { 'com.linkedin.schema.NumberType': {} } }, glossaryTerms: { terms: [{ urn: TERM }], auditStamp: stamp } },
          { fieldPath: 'customer', nativeDataType: 'int', type: { type: { 'com.linkedin.schema.NumberType': {} } } },
        ],
        foreignKeys: [{ name: 'fk_customer', foreignFields: [`urn:li:schemaField:(${CUSTOMERS},id)`], sourceFields: [`urn:li:schemaField:(${DS},customer)`], foreignDataset: CUSTOMERS }],
      },
      ownership: { owners: [{ owner: USER, type: 'TECHNICAL_OWNER', typeUrn: 'urn:li:ownershipType:__system__technical_owner' }, { owner: GROUP, type: 'BUSINESS_OWNER' }], lastModified: stamp },
      glossaryTerms: { terms: [{ urn: TERM, actor: USER }], auditStamp: stamp },
      domains: { domains: [DOMAIN] },
      deprecation: { deprecated: true, note: 'use orders_v2', actor: USER, decommissionTime: 1_800_000_000_000 },
      subTypes: { typeNames: ['Table'] },
      editableDatasetProperties: { description: 'Every order', name: 'Orders' },
    });
    await seed('dataset', VIEW, { datasetProperties: { name: 'big_orders' }, viewProperties: { materialized: false, viewLogic: 'select * from orders where total > 100', viewLanguage: 'SQL' } });
    await seed('dataFlow', FLOW, { dataFlowInfo: { name: 'nightly', project: 'shop' }, editableDataFlowProperties: { description: 'Runs at night' } });
    await seed('dataJob', JOB, { dataJobInfo: { name: 'load_orders', type: { string: 'COMMAND' } }, dataJobInputOutput: { inputDatasets: [CUSTOMERS], outputDatasets: [DS] } });
    await seed('chart', CHART, { chartInfo: { title: 'Orders by day', description: '', lastModified: { created: stamp, lastModified: stamp } } });
  });

  it('reads a dataset: schema with platform schema, column terms and foreign keys, owners with their types, terms with their hierarchy, domain chain, deprecation, edited name', async () => {
    const e = await getEntity(DS);
    expect(e.properties).toMatchObject({ name: 'orders', externalUrl: 'https://db.example.com/orders' });
    expect(e.editableProperties).toMatchObject({ name: 'Orders', description: 'Every order' });
    expect(e.platform).toMatchObject({ urn: 'urn:li:dataPlatform:postgres', name: 'postgres' });
    expect(e.deprecation).toMatchObject({ deprecated: true, note: 'use orders_v2', actor: USER, decommissionTime: 1_800_000_000_000 });
    expect(e.subTypes.typeNames).toEqual(['Table']);
    const owners = e.ownership.owners;
    expect(owners[0].owner).toMatchObject({ urn: USER, properties: { displayName: 'Ada Lovelace', email: 'ada@example.com' }, editableProperties: { displayName: 'Ada' } });
    expect(owners[0].ownershipType).toMatchObject({ urn: 'urn:li:ownershipType:__system__technical_owner', type: 'CUSTOM_OWNERSHIP_TYPE', info: { name: 'Technical Owner' } });
    expect(owners[1].owner).toMatchObject({ urn: GROUP, properties: { displayName: 'Analysts' }, info: { admins: [{ urn: USER }] } });
    const term = e.glossaryTerms.terms[0];
    expect(term.actor.urn).toBe(USER);
    expect(term.term).toMatchObject({ urn: TERM, hierarchicalName: 'Commerce.Order', properties: { name: 'Order', description: 'A customer order', termSource: 'INTERNAL' } });
    expect(term.term.parentNodes).toMatchObject({ count: 1, nodes: [{ urn: NODE, properties: { name: 'Commerce' } }] });
    expect(e.domain.domain).toMatchObject({ urn: DOMAIN, properties: { name: 'Sales' }, parentDomains: { count: 1, domains: [{ urn: PARENT_DOMAIN, properties: { name: 'Business' } }] } });
    const schema = e.schemaMetadata;
    expect(schema.platformSchema).toEqual({ schema: 'create table orders (id int, customer int)' });
    expect(schema.fields[0].glossaryTerms.terms[0].term.urn).toBe(TERM);
    expect(schema.foreignKeys[0]).toMatchObject({ name: 'fk_customer', sourceFields: [{ fieldPath: 'customer' }], foreignFields: [{ fieldPath: 'id' }], foreignDataset: { urn: CUSTOMERS } });
    expect(e.health).toEqual([]);
    expect(e.dataProduct.relationships).toEqual([]);
  });

  it('reads a view, a flow, a job with its inputs and outputs, a chart, a user and a group', async () => {
    expect((await getEntity(VIEW)).viewProperties).toMatchObject({ materialized: false, logic: 'select * from orders where total > 100', language: 'SQL' });
    const flow = await getEntity(FLOW);
    expect(flow).toMatchObject({ properties: { name: 'nightly', project: 'shop' }, editableProperties: { description: 'Runs at night' }, platform: { urn: 'urn:li:dataPlatform:airflow' } });
    const job = await getEntity(JOB);
    expect(job.inputOutput).toMatchObject({ inputDatasets: [{ urn: CUSTOMERS }], outputDatasets: [{ urn: DS }] });
    expect(job.properties.name).toBe('load_orders');
    expect(job.dataFlow.properties.name).toBe('nightly');
    expect(await getEntity(CHART)).toMatchObject({ tool: 'looker', chartId: 'orders_by_day', properties: { name: 'Orders by day' }, platform: { urn: 'urn:li:dataPlatform:looker' } });
    expect((await getEntity(USER)).properties).toMatchObject({ active: true, displayName: 'Ada Lovelace', title: 'Analyst' });
    expect((await getEntity(GROUP)).properties).toMatchObject({ displayName: 'Analysts' });
    expect((await getEntity(TERM)).properties.name).toBe('Order');
  });

  it('reads a domain with its parents and how many entities it holds', async () => {
    await app.refresh();
    const domain = await getEntity(DOMAIN);
    expect(domain.properties.name).toBe('Sales');
    expect(domain.parentDomains.domains.map((d: { urn: string }) => d.urn)).toEqual([PARENT_DOMAIN]);
    expect(domain.entities.total).toBe(1);
    expect(domain.dataProducts.total).toBe(0);
  });
});
