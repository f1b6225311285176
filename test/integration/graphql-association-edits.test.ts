// The original's owner, glossary term and domain mutations (as mcp-server-datahub sends them): batch and single forms,
// idempotent adds, column terms, all-or-nothing batches, precise refusals and rights.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mintToken } from '../../src/auth/tokens.js';
import { enc, startTestApp, TEST_SECRET, type TestApp } from './harness.js';
import { column, schemaOf } from './schema-fixtures.js';

const DS1 = 'urn:li:dataset:(urn:li:dataPlatform:hive,assoc.orders,PROD)';
const DS2 = 'urn:li:dataset:(urn:li:dataPlatform:hive,assoc.customers,PROD)';
const MISSING_DS = 'urn:li:dataset:(urn:li:dataPlatform:hive,assoc.missing,PROD)';
const JANE = 'urn:li:corpuser:jane';
const FINANCE = 'urn:li:corpGroup:finance';
const TECH = 'urn:li:ownershipType:__system__technical_owner';
const BUSINESS = 'urn:li:ownershipType:__system__business_owner';
const STEWARD = 'urn:li:ownershipType:__system__data_steward';
const ORDER = 'urn:li:glossaryTerm:Commerce.Order';
const PII = 'urn:li:glossaryTerm:Privacy.PII';
const SALES = 'urn:li:domain:sales';
const EMAIL = '[version=2.0].[type=Customer].[type=string].email';

// The documents mcp-server-datahub sends, as it writes them.
const BATCH_ADD_OWNERS = 'mutation batchAddOwners($input: BatchAddOwnersInput!) { batchAddOwners(input: $input) }';
const BATCH_REMOVE_OWNERS = 'mutation batchRemoveOwners($input: BatchRemoveOwnersInput!) { batchRemoveOwners(input: $input) }';
const BATCH_ADD_TERMS = 'mutation batchAddTerms($input: BatchAddTermsInput!) { batchAddTerms(input: $input) }';
const BATCH_REMOVE_TERMS = 'mutation batchRemoveTerms($input: BatchRemoveTermsInput!) { batchRemoveTerms(input: $input) }';
const BATCH_SET_DOMAIN = 'mutation batchSetDomain($input: BatchSetDomainInput!) { batchSetDomain(input: $input) }';

const CONTEXT = `query ds($urn: String!) { dataset(urn: $urn) {
  ownership { owners { owner { ... on CorpUser { urn } ... on CorpGroup { urn } } type ownershipType { urn } } }
  glossaryTerms { terms { term { urn } } }
  domain { domain { urn } } } }`;

let app: TestApp;
let admin: string;
let editor: string;

/** Runs an operation as the administrator; answers the whole body. */
const gql = (query: string, variables?: Record<string, unknown>, token = admin) => app.graphql(query, variables, { token });
/** Runs an operation that must succeed; answers `data`. */
async function ok(query: string, variables?: Record<string, unknown>): Promise<any> {
  const res = await gql(query, variables);
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data;
}
/** Runs an operation that must fail with one error; answers its message, code and type. */
async function failing(query: string, variables?: Record<string, unknown>, token = admin): Promise<{ message: string; code: number; type: string }> {
  const res = await gql(query, variables, token);
  expect(res.errors, JSON.stringify(res)).toHaveLength(1);
  const [e] = res.errors;
  return { message: e.message, code: e.extensions.code, type: e.extensions.type };
}

const write = async (type: string, urn: string, aspect: string, value: object) => {
  const r = await app.request('POST', `/openapi/v3/entity/${type}/${enc(urn)}/${aspect}?createIfNotExists=false`, { value }, { token: admin });
  expect(r.status, r.text).toBe(200);
};
/** The stored aspect with its system metadata: equal before and after means not even re-written. */
const stored = async (urn: string, aspect: string) => (await app.request('GET', `/openapi/v3/entity/dataset/${enc(urn)}/${aspect}?systemMetadata=true`, undefined, { token: admin })).body;
const valueOf = async (urn: string, aspect: string) => (await app.request('GET', `/openapi/v2/entity/dataset/${enc(urn)}/${aspect}`, undefined, { token: admin })).body?.value;
const historyOf = async (urn: string) => (await app.request('GET', `/openapi/v3/timeline/${enc(urn)}?count=1000`, undefined, { token: admin })).body.changes as any[];
const context = async (urn: string) => (await ok(CONTEXT, { urn })).dataset;
const owner = (ownerUrn: string, ownershipTypeUrn?: string) => ({ ownerUrn, ownerEntityType: ownerUrn.includes(':corpuser:') ? 'CORP_USER' : 'CORP_GROUP', ...(ownershipTypeUrn && { ownershipTypeUrn }) });

beforeAll(async () => {
  // Readers by default: the suite writes as the bootstrap administrator and checks that a reader and an editor are refused.
  app = await startTestApp('graphql-association-edits', { DEFAULT_ROLE: 'Reader' });
  admin = await mintToken(TEST_SECRET, 'urn:li:corpuser:admin', 3600);
  editor = await mintToken(TEST_SECRET, 'urn:li:corpuser:ed', 3600);
  await write('dataset', DS1, 'datasetProperties', { name: 'orders' });
  await write('dataset', DS2, 'schemaMetadata', schemaOf('customers', 'urn:li:dataPlatform:hive', [column(EMAIL), column('id')]));
  await write('corpuser', JANE, 'corpUserInfo', { active: true, displayName: 'Jane' });
  await write('corpGroup', FINANCE, 'corpGroupInfo', { displayName: 'Finance' });
  await write('glossaryTerm', ORDER, 'glossaryTermInfo', { definition: 'An order', termSource: 'INTERNAL' });
  await write('glossaryTerm', PII, 'glossaryTermInfo', { definition: 'Personal data', termSource: 'INTERNAL' });
  await write('domain', SALES, 'domainProperties', { name: 'Sales' });
  await ok(`mutation { batchAssignRole(input: {roleUrn: "urn:li:dataHubRole:Editor", actors: ["urn:li:corpuser:ed"]}) }`);
});
afterAll(async () => app?.close());

describe('batchAddOwners and batchRemoveOwners', () => {
  it('adds a user and a group to two datasets as the MCP server sends it, read back through dataset.ownership', async () => {
    const input = { owners: [owner(JANE, TECH), owner(FINANCE, TECH)], ownershipTypeUrn: TECH, resources: [{ resourceUrn: DS1 }, { resourceUrn: DS2 }] };
    expect((await ok(BATCH_ADD_OWNERS, { input })).batchAddOwners).toBe(true);
    for (const urn of [DS1, DS2]) {
      expect((await context(urn)).ownership.owners).toEqual([
        { owner: { urn: JANE }, type: 'CUSTOM', ownershipType: { urn: TECH } },
        { owner: { urn: FINANCE }, type: 'CUSTOM', ownershipType: { urn: TECH } },
      ]);
    }
    const value = await valueOf(DS1, 'ownership');
    expect(value.owners[0]).toEqual({ owner: JANE, type: 'CUSTOM', typeUrn: TECH, source: { type: 'MANUAL' } });
    expect(value.ownerTypes).toEqual({ [TECH.replaceAll('.', '%2E')]: [JANE, FINANCE] });
    expect(value.lastModified.actor).toBe('urn:li:corpuser:admin');
  });

  it('adding the same owners again changes nothing: no duplicate, no rewrite, no second history record', async () => {
    const before = await stored(DS1, 'ownership');
    const records = (await historyOf(DS1)).length;
    await ok(`mutation { addOwner(input: {ownerUrn: "${JANE}", ownerEntityType: CORP_USER, ownershipTypeUrn: "${TECH}", resourceUrn: "${DS1}"}) }`);
    await ok(BATCH_ADD_OWNERS, { input: { owners: [owner(JANE, TECH), owner(JANE, TECH)], resources: [{ resourceUrn: DS1 }] } });
    expect(JSON.stringify(await stored(DS1, 'ownership'))).toBe(JSON.stringify(before));
    expect(await historyOf(DS1)).toHaveLength(records);
  });

  it('keeps an owner once per ownership type, and removes under one type or under all', async () => {
    await ok(`mutation { addOwners(input: {owners: [{ownerUrn: "${JANE}", ownerEntityType: CORP_USER, ownershipTypeUrn: "${BUSINESS}"}], resourceUrn: "${DS1}"}) }`);
    expect((await context(DS1)).ownership.owners.map((o: any) => [o.owner.urn, o.ownershipType.urn])).toEqual([[JANE, TECH], [FINANCE, TECH], [JANE, BUSINESS]]);
    await ok(BATCH_REMOVE_OWNERS, { input: { ownerUrns: [JANE], ownershipTypeUrn: BUSINESS, resources: [{ resourceUrn: DS1 }] } });
    expect((await context(DS1)).ownership.owners.map((o: any) => [o.owner.urn, o.ownershipType.urn])).toEqual([[JANE, TECH], [FINANCE, TECH]]);
    await ok(BATCH_REMOVE_OWNERS, { input: { ownerUrns: [JANE, FINANCE], resources: [{ resourceUrn: DS1 }, null, { resourceUrn: DS2 }] } });
    expect((await context(DS1)).ownership.owners).toEqual([]);
    expect((await context(DS2)).ownership.owners).toEqual([]);
    expect((await valueOf(DS2, 'ownership')).ownerTypes).toEqual({});
  });

  it('writes the deprecated type when it is given alone, and finds that owner by the system type it stands for', async () => {
    await ok(`mutation { addOwner(input: {ownerUrn: "${JANE}", ownerEntityType: CORP_USER, type: DATA_STEWARD, resourceUrn: "${DS2}"}) }`);
    expect((await valueOf(DS2, 'ownership')).owners).toEqual([{ owner: JANE, type: 'DATA_STEWARD', source: { type: 'MANUAL' } }]);
    await ok(`mutation { removeOwner(input: {ownerUrn: "${JANE}", ownershipTypeUrn: "${STEWARD}", resourceUrn: "${DS2}"}) }`);
    expect((await valueOf(DS2, 'ownership')).owners).toEqual([]);
  });
});

describe('batchAddTerms and batchRemoveTerms, on datasets and columns', () => {
  it('adds terms to a dataset and to a column, read back through glossaryTerms and editableSchemaMetadata', async () => {
    const input = { termUrns: [ORDER, PII], resources: [{ resourceUrn: DS1 }, { resourceUrn: DS2, subResourceType: 'DATASET_FIELD', subResource: 'email' }] };
    expect((await ok(BATCH_ADD_TERMS, { input })).batchAddTerms).toBe(true);
    expect((await context(DS1)).glossaryTerms).toEqual({ terms: [{ term: { urn: ORDER } }, { term: { urn: PII } }] });
    expect((await valueOf(DS1, 'glossaryTerms')).auditStamp.actor).toBe('urn:li:corpuser:admin');
    const edits = await valueOf(DS2, 'editableSchemaMetadata');
    expect(edits.editableSchemaFieldInfo).toEqual([{ fieldPath: EMAIL, glossaryTerms: { terms: [{ urn: ORDER }, { urn: PII }], auditStamp: expect.objectContaining({ actor: 'urn:li:corpuser:admin' }) } }]);
    expect((await context(DS2)).glossaryTerms).toBeNull();
    const columnRecords = (await historyOf(DS2)).filter((c) => c.category === 'GLOSSARY_TERM');
    expect(columnRecords.map((c) => [c.operation, c.modifier, c.fieldPath])).toEqual([['ADD', ORDER, EMAIL], ['ADD', PII, EMAIL]]);
  });

  it('adding a term already there changes nothing; removing takes out only the named ones', async () => {
    const before = await stored(DS1, 'glossaryTerms');
    await ok(`mutation { addTerm(input: {termUrn: "${ORDER}", resourceUrn: "${DS1}"}) }`);
    await ok(`mutation { addTerms(input: {termUrns: ["${PII}"], resourceUrn: "${DS2}", subResourceType: DATASET_FIELD, subResource: "${EMAIL}"}) }`);
    expect(JSON.stringify(await stored(DS1, 'glossaryTerms'))).toBe(JSON.stringify(before));
    await ok(BATCH_REMOVE_TERMS, { input: { termUrns: [PII], resources: [{ resourceUrn: DS1 }, { resourceUrn: DS2, subResourceType: 'DATASET_FIELD', subResource: 'email' }] } });
    expect((await context(DS1)).glossaryTerms).toEqual({ terms: [{ term: { urn: ORDER } }] });
    expect((await valueOf(DS2, 'editableSchemaMetadata')).editableSchemaFieldInfo[0].glossaryTerms.terms).toEqual([{ urn: ORDER }]);
    await ok(`mutation { removeTerm(input: {termUrn: "${ORDER}", resourceUrn: "${DS1}"}) }`);
    expect((await context(DS1)).glossaryTerms).toEqual({ terms: [] });
  });
});

describe('batchSetDomain, setDomain and unsetDomain', () => {
  it('puts datasets in a domain and takes them out again (a null domainUrn unsets, as the MCP server sends it)', async () => {
    expect((await ok(BATCH_SET_DOMAIN, { input: { domainUrn: SALES, resources: [{ resourceUrn: DS1 }, { resourceUrn: DS2 }] } })).batchSetDomain).toBe(true);
    expect((await context(DS1)).domain).toEqual({ domain: { urn: SALES } });
    expect((await context(DS2)).domain).toEqual({ domain: { urn: SALES } });
    const before = await stored(DS1, 'domains');
    await ok(`mutation { setDomain(entityUrn: "${DS1}", domainUrn: "${SALES}") }`);
    expect(JSON.stringify(await stored(DS1, 'domains'))).toBe(JSON.stringify(before));
    await ok(`mutation { unsetDomain(entityUrn: "${DS1}") }`);
    expect((await context(DS1)).domain).toBeNull();
    expect(await valueOf(DS1, 'domains')).toEqual({ domains: [] });
    await ok(BATCH_SET_DOMAIN, { input: { domainUrn: null, resources: [{ resourceUrn: DS2 }] } });
    expect((await context(DS2)).domain).toBeNull();
  });
});

describe('all or nothing, and precise refusals', () => {
  it('a batch naming a dataset that does not exist changes nothing and names resources[1]', async () => {
    const before = await stored(DS1, 'ownership');
    const e = await failing(BATCH_ADD_OWNERS, { input: { owners: [owner(JANE, TECH)], resources: [{ resourceUrn: DS1 }, { resourceUrn: MISSING_DS }, { resourceUrn: DS2 }] } });
    expect(e).toMatchObject({ code: 404, type: 'NOT_FOUND' });
    expect(e.message).toContain(`resources[1] (${MISSING_DS})`);
    expect(JSON.stringify(await stored(DS1, 'ownership'))).toBe(JSON.stringify(before));
    const terms = await failing(BATCH_ADD_TERMS, { input: { termUrns: [ORDER], resources: [{ resourceUrn: DS1 }, { resourceUrn: DS2, subResourceType: 'DATASET_FIELD', subResource: 'nope' }] } });
    expect(terms.message).toContain(`resources[1] (${DS2}, column nope)`);
    expect((await context(DS1)).glossaryTerms).toEqual({ terms: [] });
    const domain = await failing(BATCH_SET_DOMAIN, { input: { domainUrn: SALES, resources: [{ resourceUrn: DS1 }, { resourceUrn: MISSING_DS }] } });
    expect(domain.message).toContain('resources[1]');
    expect((await context(DS1)).domain).toBeNull();
  });

  it('refuses malformed and mistyped urns with BAD_REQUEST naming them, never a server error', async () => {
    const term = await failing(BATCH_ADD_TERMS, { input: { termUrns: ['not-an-urn'], resources: [{ resourceUrn: DS1 }] } });
    expect(term).toMatchObject({ code: 400, type: 'BAD_REQUEST' });
    expect(term.message).toContain('not-an-urn');
    const resource = await failing(BATCH_ADD_TERMS, { input: { termUrns: [ORDER], resources: [{ resourceUrn: DS1 }, { resourceUrn: 'urn:li:dataset:broken' }] } });
    expect(resource).toMatchObject({ code: 400, type: 'BAD_REQUEST' });
    expect(resource.message).toContain('resources[1] (urn:li:dataset:broken)');
    const wrongType = await failing(BATCH_ADD_OWNERS, { input: { owners: [{ ownerUrn: 'urn:li:tag:pii', ownerEntityType: 'CORP_USER', ownershipTypeUrn: TECH }], resources: [{ resourceUrn: DS1 }] } });
    expect(wrongType).toMatchObject({ code: 400 });
    expect(wrongType.message).toContain('owners[0].ownerUrn');
    const mismatch = await failing(BATCH_ADD_OWNERS, { input: { owners: [{ ownerUrn: JANE, ownerEntityType: 'CORP_GROUP', ownershipTypeUrn: TECH }], resources: [{ resourceUrn: DS1 }] } });
    expect(mismatch.message).toContain('CORP_GROUP');
    const typeUrn = await failing(BATCH_ADD_OWNERS, { input: { owners: [owner(JANE, 'urn:li:corpuser:x')], resources: [{ resourceUrn: DS1 }] } });
    expect(typeUrn.message).toContain('ownership type');
    const neither = await failing(BATCH_ADD_OWNERS, { input: { owners: [owner(JANE)], resources: [{ resourceUrn: DS1 }] } });
    expect(neither).toMatchObject({ code: 400 });
    const column = await failing(BATCH_ADD_OWNERS, { input: { owners: [owner(JANE, TECH)], resources: [{ resourceUrn: DS2, subResourceType: 'DATASET_FIELD', subResource: 'email' }] } });
    expect(column.message).toContain('resources[0]');
    const domain = await failing(BATCH_SET_DOMAIN, { input: { domainUrn: ORDER, resources: [{ resourceUrn: DS1 }] } });
    expect(domain).toMatchObject({ code: 400 });
    expect(domain.message).toContain(ORDER);
  });

  it('refuses owners, terms and domains that do not exist with NOT_FOUND naming them', async () => {
    const owners = await failing(BATCH_ADD_OWNERS, { input: { owners: [owner(JANE, TECH), owner('urn:li:corpuser:nobody', TECH)], resources: [{ resourceUrn: DS1 }] } });
    expect(owners).toMatchObject({ code: 404, type: 'NOT_FOUND' });
    expect(owners.message).toContain('urn:li:corpuser:nobody');
    expect(owners.message).not.toContain(JANE);
    const terms = await failing(BATCH_ADD_TERMS, { input: { termUrns: ['urn:li:glossaryTerm:Nope'], resources: [{ resourceUrn: DS1 }] } });
    expect(terms.message).toContain('urn:li:glossaryTerm:Nope');
    const domain = await failing(`mutation { setDomain(entityUrn: "${DS1}", domainUrn: "urn:li:domain:nowhere") }`);
    expect(domain).toMatchObject({ code: 404 });
    expect((await context(DS1)).domain).toBeNull();
  });
});

describe('rights', () => {
  it('refuses a reader at the gate and an editor, who may not edit owners, terms or domains (EDIT_ENTITY), writing nothing', async () => {
    const before = await stored(DS1, 'ownership');
    const reader = await failing(BATCH_ADD_OWNERS, { input: { owners: [owner(JANE, TECH)], resources: [{ resourceUrn: DS1 }] } }, app.token);
    expect(reader).toMatchObject({ code: 403, type: 'FORBIDDEN' });
    await expect.poll(async () => (await failing(BATCH_SET_DOMAIN, { input: { domainUrn: SALES, resources: [{ resourceUrn: DS1 }] } }, editor)).message).toContain('EDIT_ENTITY');
    const terms = await failing(BATCH_ADD_TERMS, { input: { termUrns: [ORDER], resources: [{ resourceUrn: DS2, subResourceType: 'DATASET_FIELD', subResource: 'id' }] } }, editor);
    expect(terms).toMatchObject({ code: 403, type: 'FORBIDDEN' });
    expect(terms.message).toContain('resources[0]');
    const owners = await failing(BATCH_ADD_OWNERS, { input: { owners: [owner(JANE, TECH)], resources: [{ resourceUrn: DS1 }] } }, editor);
    expect(owners.message).toContain('urn:li:corpuser:ed lacks the privilege EDIT_ENTITY');
    expect(JSON.stringify(await stored(DS1, 'ownership'))).toBe(JSON.stringify(before));
    expect((await context(DS1)).domain).toBeNull();
  });
});
