/**
 * Access control through every interface: an authorization matrix (actors × operations × REST v3, REST v2, the /gms
 * wire, GraphQL) that must give the same answer in every interface's column, value rights decided on what changes,
 * batches refused whole, and policy and role changes applied by another process within a second.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mintToken } from '../../src/auth/tokens.js';
import { cliEnv, ensureBuilt, runCli, tempHome, writeHomeFile } from './cli-harness.js';
import { enc, startTestApp, TEST_SECRET, type TestApp } from './harness.js';

let a: TestApp;
let b: TestApp;
const tokens: Record<string, string> = {};
const ACTORS = ['anonymous', 'admin', 'editor', 'reader', 'steward', 'blocked'] as const;
type Actor = (typeof ACTORS)[number];
const PRIVACY = 'urn:li:structuredProperty:io.acme.privacy.level';
const RETENTION = 'urn:li:structuredProperty:io.acme.retention.days';
const PII = 'urn:li:tag:pii.email';
const GOLD = 'urn:li:tag:gold';
const ds = (name: string) => `urn:li:dataset:(urn:li:dataPlatform:hive,acl.${name},PROD)`;
let serial = 0;
/** Access changes reach every process within a second (the reload period); a poll fails only when that is far exceeded. */
const SPREAD = { timeout: 15_000, interval: 50 };

/** What one interface answers for one operation: an HTTP status, or GraphQL's error code (200 when it succeeded). */
type Way = 'rest-v3' | 'rest-v2' | 'wire' | 'graphql';
const WAYS: Way[] = ['rest-v3', 'rest-v2', 'wire', 'graphql'];

async function aspectWrite(app: TestApp, token: string | null, way: Way, urn: string, aspect: string, value: unknown, graphql: string): Promise<number> {
  const opts = { token };
  if (way === 'rest-v3') return (await app.request('POST', `/openapi/v3/entity/dataset/${enc(urn)}/${aspect}?createIfNotExists=false`, { value }, opts)).status;
  if (way === 'rest-v2') return (await app.request('POST', `/openapi/v2/entity/dataset/${enc(urn)}/${aspect}`, value, opts)).status;
  if (way === 'wire') {
    const proposal = { entityType: 'dataset', entityUrn: urn, changeType: 'UPSERT', aspectName: aspect, aspect: { value: JSON.stringify(value), contentType: 'application/json' } };
    return (await app.request('POST', '/gms/aspects?action=ingestProposal', { proposal }, opts)).status;
  }
  return gql(app, token, graphql);
}

/** A GraphQL operation's answer as a status: HTTP's when the request was refused before GraphQL ran, else the first error's code, 404 for a null entity. */
async function gql(app: TestApp, token: string | null, query: string): Promise<number> {
  const res = await app.request('POST', '/api/graphql', { query }, { token });
  if (res.status !== 200) return res.status;
  if (res.body.errors?.length) return res.body.errors[0].extensions.code;
  return Object.values(res.body.data ?? {}).some((v) => v === null) ? 404 : 200;
}

/** A fresh dataset per cell, so every allowed write really changes something. */
async function freshDataset(): Promise<string> {
  const urn = ds(`d${serial++}`);
  expect((await a.request('POST', `/openapi/v3/entity/dataset/${enc(urn)}/datasetProperties?createIfNotExists=false`, { value: { name: urn } }, { token: tokens.admin })).status).toBe(200);
  return urn;
}

/** A GraphQL operation as the administrator, which must succeed. */
async function asAdmin(query: string): Promise<any> {
  const res = await a.graphql(query, undefined, { token: tokens.admin });
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data;
}

async function readDataset(app: TestApp, token: string | null, way: Way, urn: string): Promise<number> {
  if (way === 'rest-v3') return (await app.request('GET', `/openapi/v3/entity/dataset/${enc(urn)}`, undefined, { token })).status;
  if (way === 'rest-v2') return (await app.request('GET', `/openapi/v2/entity/dataset/${enc(urn)}`, undefined, { token })).status;
  if (way === 'wire') {
    // The original's wire answers a missing entity with 200 and no aspects but its key.
    const res = await app.request('GET', `/gms/entitiesV2/${enc(urn)}`, undefined, { token });
    return res.status === 200 && Object.keys(res.body.aspects ?? {}).every((a) => a.endsWith('Key')) ? 404 : res.status;
  }
  return gql(app, token, `{ dataset(urn: "${urn}") { urn } }`);
}

const OPERATIONS: Record<string, (app: TestApp, token: string | null, way: Way) => Promise<number>> = {
  'read a dataset': (app, token, way) => readDataset(app, token, way, ds('shared')),
  'read a dataset that does not exist': (app, token, way) => readDataset(app, token, way, ds('missing')),
  'add the pii.email tag': async (app, token, way) => {
    const urn = await freshDataset();
    return aspectWrite(app, token, way, urn, 'globalTags', { tags: [{ tag: PII }] }, `mutation { addTag(input: {tagUrn: "${PII}", resourceUrn: "${urn}"}) }`);
  },
  'add the gold tag': async (app, token, way) => {
    const urn = await freshDataset();
    return aspectWrite(app, token, way, urn, 'globalTags', { tags: [{ tag: GOLD }] }, `mutation { addTag(input: {tagUrn: "${GOLD}", resourceUrn: "${urn}"}) }`);
  },
  'set a privacy property value': async (app, token, way) => {
    const urn = await freshDataset();
    const gql = `mutation { upsertStructuredProperties(input: {assetUrn: "${urn}", structuredPropertyInputParams: [{structuredPropertyUrn: "${PRIVACY}", values: [{stringValue: "high"}]}]}) { properties { structuredProperty { urn } } } }`;
    return aspectWrite(app, token, way, urn, 'structuredProperties', { properties: [{ propertyUrn: PRIVACY, values: [{ string: 'high' }] }] }, gql);
  },
  'set a retention property value': async (app, token, way) => {
    const urn = await freshDataset();
    const gql = `mutation { upsertStructuredProperties(input: {assetUrn: "${urn}", structuredPropertyInputParams: [{structuredPropertyUrn: "${RETENTION}", values: [{numberValue: 30}]}]}) { properties { structuredProperty { urn } } } }`;
    return aspectWrite(app, token, way, urn, 'structuredProperties', { properties: [{ propertyUrn: RETENTION, values: [{ double: 30 }] }] }, gql);
  },
  'edit the description': async (app, token, way) => {
    const urn = await freshDataset();
    return aspectWrite(app, token, way, urn, 'editableDatasetProperties', { description: 'edited' }, `mutation { updateDescription(input: {description: "edited", resourceUrn: "${urn}"}) }`);
  },
  'ingest dataset properties': async (app, token, way) => {
    const urn = await freshDataset();
    if (way === 'graphql') return 0; // GraphQL has no mutation for ingestion aspects
    return aspectWrite(app, token, way, urn, 'datasetProperties', { name: 'renamed' }, '');
  },
  'hard delete a dataset': async (app, token, way) => {
    const urn = await freshDataset();
    if (way === 'rest-v3') return (await app.request('DELETE', `/openapi/v3/entity/dataset/${enc(urn)}`, undefined, { token })).status;
    if (way === 'rest-v2') return (await app.request('DELETE', `/openapi/v2/entity/dataset/${enc(urn)}`, undefined, { token })).status;
    if (way === 'wire') return (await app.request('POST', '/gms/entities?action=delete', { urn }, { token })).status;
    return 0; // GraphQL deletes definitions and tags only (their own rows below)
  },
  'create a property definition': async (app, token, way) => {
    const qn = `io.acme.made${serial++}`;
    const value = { qualifiedName: qn, valueType: 'urn:li:dataType:datahub.string', entityTypes: ['urn:li:entityType:datahub.dataset'], cardinality: 'SINGLE' };
    const urn = `urn:li:structuredProperty:${qn}`;
    if (way === 'rest-v3') return (await app.request('POST', `/openapi/v3/entity/structuredProperty/${enc(urn)}/propertyDefinition`, { value }, { token })).status;
    if (way === 'rest-v2') return (await app.request('POST', `/openapi/v2/entity/structuredProperty/${enc(urn)}/propertyDefinition`, value, { token })).status;
    if (way === 'wire') {
      const proposal = { entityType: 'structuredProperty', entityUrn: urn, changeType: 'UPSERT', aspectName: 'propertyDefinition', aspect: { value: JSON.stringify(value), contentType: 'application/json' } };
      return (await app.request('POST', '/gms/aspects?action=ingestProposal', { proposal }, { token })).status;
    }
    return gql(app, token, `mutation { createStructuredProperty(input: {id: "${qn}", qualifiedName: "${qn}", valueType: "urn:li:dataType:datahub.string", entityTypes: ["urn:li:entityType:datahub.dataset"]}) { urn } }`);
  },
};

/** The expected answer of each actor for each operation, the same on every interface. */
const EXPECTED: Record<string, Record<Actor, number>> = {
  'read a dataset': { anonymous: 401, admin: 200, editor: 200, reader: 200, steward: 200, blocked: 403 },
  'read a dataset that does not exist': { anonymous: 401, admin: 404, editor: 404, reader: 404, steward: 404, blocked: 403 },
  'add the pii.email tag': { anonymous: 401, admin: 200, editor: 200, reader: 403, steward: 200, blocked: 403 },
  'add the gold tag': { anonymous: 401, admin: 200, editor: 200, reader: 403, steward: 403, blocked: 403 },
  'set a privacy property value': { anonymous: 401, admin: 200, editor: 200, reader: 403, steward: 200, blocked: 403 },
  'set a retention property value': { anonymous: 401, admin: 200, editor: 200, reader: 403, steward: 403, blocked: 403 },
  'edit the description': { anonymous: 401, admin: 200, editor: 200, reader: 403, steward: 403, blocked: 403 },
  'ingest dataset properties': { anonymous: 401, admin: 200, editor: 403, reader: 403, steward: 403, blocked: 403 },
  'hard delete a dataset': { anonymous: 401, admin: 200, editor: 403, reader: 403, steward: 403, blocked: 403 },
  'create a property definition': { anonymous: 401, admin: 200, editor: 403, reader: 403, steward: 403, blocked: 403 },
};

beforeAll(async () => {
  a = await startTestApp('acl', { DEFAULT_ROLE: 'Reader' });
  b = await startTestApp('acl-b', { INDEX_PREFIX: a.prefix, DEFAULT_ROLE: 'Reader' });
  for (const actor of ACTORS) if (actor !== 'anonymous') tokens[actor] = await mintToken(TEST_SECRET, `urn:li:corpuser:${actor}`, 3600);
  const admin = { token: tokens.admin };
  for (const [urn, qn, type] of [[PRIVACY, 'io.acme.privacy.level', 'string'], [RETENTION, 'io.acme.retention.days', 'number']]) {
    const value = { qualifiedName: qn, valueType: `urn:li:dataType:datahub.${type}`, entityTypes: ['urn:li:entityType:datahub.dataset', 'urn:li:entityType:datahub.schemaField'], cardinality: 'SINGLE' };
    expect((await a.request('POST', `/openapi/v3/entity/structuredProperty/${enc(urn)}/propertyDefinition`, { value }, admin)).status).toBe(200);
  }
  for (const tag of [PII, GOLD]) expect((await a.request('POST', `/openapi/v3/entity/tag/${enc(tag)}/tagProperties`, { value: { name: tag.slice(11) } }, admin)).status).toBe(200);
  await freshDataset();
  expect((await a.request('POST', `/openapi/v3/entity/dataset/${enc(ds('shared'))}/datasetProperties`, { value: { name: 'shared' } }, admin)).status).toBe(200);
  // The editor through a group bound to Editor; the steward through a policy narrowed to privacy properties and pii tags.
  await asAdmin(`mutation { createGroup(input: {id: "editors", name: "Editors"}) }`);
  await asAdmin(`mutation { addGroupMembers(input: {groupUrn: "urn:li:corpGroup:editors", userUrns: ["urn:li:corpuser:editor"]}) }`);
  await asAdmin(`mutation { batchAssignRole(input: {roleUrn: "urn:li:dataHubRole:Editor", actors: ["urn:li:corpGroup:editors"]}) }`);
  const steward = await a.request('POST', '/openapi/v3/policies', {
    name: 'PII stewards',
    privileges: ['EDIT_ENTITY_PROPERTIES', 'EDIT_ENTITY_TAGS', 'EDIT_DATASET_COL_TAGS'],
    actors: { users: ['urn:li:corpuser:steward'] },
    resources: { entityTypes: ['dataset', 'schemaField'], propertyUrns: ['io.acme.privacy.*'], tagUrns: ['pii.*'] },
  }, admin);
  expect(steward.status, steward.text).toBe(201);
  const blocked = await a.request('POST', '/openapi/v3/policies', { name: 'Blocked', effect: 'DENY', privileges: ['VIEW_METADATA'], actors: { users: ['urn:li:corpuser:blocked'] } }, admin);
  expect(blocked.status, blocked.text).toBe(201);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

describe('the authorization matrix', () => {
  for (const [operation, expected] of Object.entries(EXPECTED)) {
    it(`${operation}: the same answer on every interface for every actor`, async () => {
      const got: Record<string, Record<string, number | string>> = {};
      const want: Record<string, Record<string, number | string>> = {};
      for (const actor of ACTORS) {
        for (const way of WAYS) {
          const status = await OPERATIONS[operation](a, tokens[actor] ?? null, way);
          if (status === 0) continue;
          (got[actor] ??= {})[way] = status;
          (want[actor] ??= {})[way] = expected[actor];
        }
      }
      expect(got).toEqual(want);
    });
  }

  it('without a token every cell is 401, and with a token for nobody known the default role (Reader) applies', async () => {
    expect((await a.request('GET', `/openapi/v3/entity/dataset/${enc(ds('shared'))}`, undefined, { token: null })).status).toBe(401);
    expect((await a.request('POST', '/openapi/v3/policies', { name: 'x' }, { token: null })).status).toBe(401);
    const nobody = await mintToken(TEST_SECRET, 'urn:li:corpuser:nobody', 3600);
    const me = await a.request('GET', '/openapi/v3/me', undefined, { token: nobody });
    expect(me.body).toMatchObject({ actor: 'urn:li:corpuser:nobody', roles: ['Reader'], groups: [] });
    expect((await a.request('GET', '/openapi/v3/me', undefined, { token: tokens.admin })).body).toMatchObject({ roles: ['Admin'] });
  });
});

describe('value rights on what changes', () => {
  it('re-sending a whole aspect that keeps a value the steward may not touch is allowed; removing or adding it is refused', async () => {
    const urn = await freshDataset();
    const admin = { token: tokens.admin };
    const steward = { token: tokens.steward };
    const both = { properties: [{ propertyUrn: RETENTION, values: [{ double: 30 }] }, { propertyUrn: PRIVACY, values: [{ string: 'low' }] }] };
    expect((await a.request('POST', `/openapi/v3/entity/dataset/${enc(urn)}/structuredProperties?createIfNotExists=false`, { value: both }, admin)).status).toBe(200);
    const keep = { properties: [{ propertyUrn: RETENTION, values: [{ double: 30 }] }, { propertyUrn: PRIVACY, values: [{ string: 'high' }] }] };
    expect((await a.request('POST', `/openapi/v3/entity/dataset/${enc(urn)}/structuredProperties?createIfNotExists=false`, { value: keep }, steward)).status).toBe(200);
    // A whole write that leaves out the admin's value keeps it (the admin set it: see value-owners.test.ts) ...
    const drop = { properties: [{ propertyUrn: PRIVACY, values: [{ string: 'high' }] }] };
    expect((await a.request('POST', `/openapi/v3/entity/dataset/${enc(urn)}/structuredProperties?createIfNotExists=false`, { value: drop }, steward)).status).toBe(200);
    const stored = await a.request('GET', `/openapi/v3/entity/dataset/${enc(urn)}/structuredProperties`, undefined, admin);
    expect(JSON.stringify(stored.body)).toContain('retention');
    // ... so removing it takes an explicit removal, refused; so is changing it by naming it.
    const removal = await a.graphql(`mutation { removeStructuredProperties(input: { assetUrn: "${urn}", structuredPropertyUrns: ["${RETENTION}"] }) { properties { structuredProperty { urn } } } }`, undefined, steward);
    expect(removal.errors[0].extensions.code).toBe(403);
    expect(removal.errors[0].message).toMatch(/urn:li:corpuser:steward lacks the privilege EDIT_ENTITY_PROPERTIES for values of urn:li:structuredProperty:io\.acme\.retention\.days/);
    const change = { properties: [{ propertyUrn: RETENTION, values: [{ double: 90 }] }, { propertyUrn: PRIVACY, values: [{ string: 'high' }] }] };
    const refused = await a.request('POST', `/openapi/v3/entity/dataset/${enc(urn)}/structuredProperties?createIfNotExists=false`, { value: change }, steward);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: 'Forbidden' });
  });

  it('column tags: the steward may tag a column pii.* but not gold', async () => {
    const urn = await freshDataset();
    const steward = { token: tokens.steward };
    const cols = (tag: string) => ({ editableSchemaFieldInfo: [{ fieldPath: 'email', globalTags: { tags: [{ tag }] } }] });
    expect((await a.request('POST', `/openapi/v3/entity/dataset/${enc(urn)}/editableSchemaMetadata?createIfNotExists=false`, { value: cols(PII) }, steward)).status).toBe(200);
    const gold = await a.request('POST', `/openapi/v3/entity/dataset/${enc(urn)}/editableSchemaMetadata?createIfNotExists=false`, { value: cols(GOLD) }, steward);
    expect(gold.status).toBe(403);
    expect(gold.body.message).toMatch(/EDIT_DATASET_COL_TAGS for tag urn:li:tag:gold on column email/);
  });

  it('a batch with one refused item is refused whole, naming the item, and writes nothing', async () => {
    const one = await freshDataset();
    const two = await freshDataset();
    const body = [
      { urn: one, globalTags: { value: { tags: [{ tag: PII }] } } },
      { urn: two, globalTags: { value: { tags: [{ tag: GOLD }] } } },
    ];
    const res = await a.request('POST', '/openapi/v3/entity/dataset', body, { token: tokens.steward });
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/urn:li:tag:gold/);
    for (const urn of [one, two]) expect((await a.request('GET', `/openapi/v3/entity/dataset/${enc(urn)}/globalTags`, undefined, { token: tokens.admin })).status).toBe(404);
  });

  it('an unauthorised request with an invalid body gets 403, not 400 (the gate comes before the body is read)', async () => {
    const urn = ds('shared');
    const res = await a.request('POST', `/openapi/v3/entity/dataset/${enc(urn)}/globalTags`, '{not json', { token: tokens.reader });
    expect(res.status).toBe(403);
    const wire = await a.request('POST', '/gms/aspects?action=ingestProposal', { proposal: 'nonsense' }, { token: tokens.reader });
    expect(wire.status).toBe(403);
    const gql = await a.graphql('mutation { addTag(input: {tagUrn: "x", resourceUrn: "y"}) }', undefined, { token: tokens.reader });
    expect(gql.errors[0].extensions).toMatchObject({ code: 403, type: 'FORBIDDEN' });
    // The gate is the operation's that runs: a document of two without an operationName is refused before any runs.
    const both = 'query q { me { roles } } mutation m { addTag(input: {tagUrn: "x", resourceUrn: "y"}) }';
    const unchosen = await a.graphql(both, undefined, { token: tokens.reader });
    expect(unchosen.errors[0].extensions).toMatchObject({ code: 400, type: 'BAD_REQUEST' });
    const chosen = await a.request('POST', '/api/graphql', { query: both, operationName: 'q' }, { token: tokens.reader });
    expect(chosen.body).toMatchObject({ data: { me: { roles: ['Reader'] } } });
    const write = await a.request('POST', '/api/graphql', { query: both, operationName: 'm' }, { token: tokens.reader });
    expect(write.body.errors[0].extensions).toMatchObject({ code: 403, type: 'FORBIDDEN' });
  });
});

describe('self-grants and administration', () => {
  it('an actor cannot grant itself anything without MANAGE_POLICIES: own role, group membership, a policy naming itself', async () => {
    const editor = { token: tokens.editor };
    const role = await a.graphql(`mutation { batchAssignRole(input: {roleUrn: "urn:li:dataHubRole:Admin", actors: ["urn:li:corpuser:editor"]}) }`, undefined, editor);
    expect(role.errors[0].extensions.code).toBe(403);
    expect((await a.request('POST', '/openapi/v3/groups/urn%3Ali%3AcorpGroup%3Aeditors/members', { users: ['urn:li:corpuser:reader'] }, editor)).status).toBe(403);
    const policy = await a.request('POST', '/openapi/v3/policies', { name: 'me', privileges: ['MANAGE_POLICIES'], actors: { users: ['urn:li:corpuser:editor'] } }, editor);
    expect(policy.status).toBe(403);
    expect(policy.body.message).toMatch(/MANAGE_POLICIES/);
    const me = (await a.graphql('{ me { roles groups platformPrivileges { managePolicies manageTags } } }', undefined, editor)).data;
    expect(me.me).toEqual({ roles: ['Editor'], groups: ['urn:li:corpGroup:editors'], platformPrivileges: { managePolicies: false, manageTags: false } });
  });

  it('a policy that would narrow reading (or another catalog-wide privilege) to resources is refused on every interface, never stored unenforced', async () => {
    const admin = { token: tokens.admin };
    const narrowed = { name: 'Hide one', effect: 'DENY', privileges: ['VIEW_METADATA'], actors: { users: ['urn:li:corpuser:reader'] }, resources: { urns: [ds('shared')] } };
    const rest = await a.request('POST', '/openapi/v3/policies', narrowed, admin);
    expect(rest.status, rest.text).toBe(400);
    expect(rest.body.message).toMatch(/VIEW_METADATA is decided for the whole catalog, not per resource/);
    const gql = await a.graphql(`mutation { createPolicy(input: {name: "Hide one", effect: DENY, privileges: ["VIEW_METADATA"], actors: {users: ["urn:li:corpuser:reader"]}, resources: {urns: ["${ds('shared')}"]}}) }`, undefined, admin);
    expect(gql.errors?.[0]?.extensions).toMatchObject({ code: 400 });
    expect(gql.errors[0].message).toMatch(/VIEW_METADATA is decided for the whole catalog/);
    const listed = await a.request('GET', '/openapi/v3/policies', undefined, admin);
    expect(JSON.stringify(listed.body)).not.toContain('Hide one');
    // The reader still reads the dataset, through search too: nothing pretended to hide it.
    expect((await a.request('GET', `/openapi/v3/entity/dataset/${enc(ds('shared'))}`, undefined, { token: tokens.reader })).status).toBe(200);
  });

  it('policies are data: a malformed policy is refused with every problem named', async () => {
    const res = await a.request('POST', '/openapi/v3/policies', { name: '', privileges: ['FLY'], actors: { roles: ['Owner'] }, resources: { tagUrns: ['pi*i'] }, condition: 'x == 1' }, { token: tokens.admin });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/Unknown privilege 'FLY'/);
    expect(res.body.message).toMatch(/Unknown role 'Owner'/);
    expect(res.body.message).toMatch(/may only end with '\*'/);
    expect(res.body.message).toMatch(/unknown field\(s\) 'condition'/);
  });

  it('explain names the rule that decides, on REST and GraphQL', async () => {
    const q = (actor: string, privilege: string, extra = '') => `/openapi/v3/authorization/explain?actor=${encodeURIComponent(actor)}&privilege=${privilege}${extra}`;
    const steward = await a.request('GET', q('urn:li:corpuser:steward', 'EDIT_ENTITY_PROPERTIES', `&resource=${encodeURIComponent(ds('shared'))}&propertyUrn=${encodeURIComponent(PRIVACY)}`), undefined, { token: tokens.admin });
    expect(steward.body).toMatchObject({ allowed: true, decidedBy: { kind: 'policy', name: 'PII stewards', effect: 'ALLOW' } });
    const blocked = await a.request('GET', q('urn:li:corpuser:blocked', 'VIEW_METADATA'), undefined, { token: tokens.admin });
    expect(blocked.body).toMatchObject({ allowed: false, decidedBy: { kind: 'policy', name: 'Blocked', effect: 'DENY' } });
    const editor = await a.graphql(`{ explainAccess(privilege: "EDIT_ENTITY_TAGS") { allowed reason roles groups } }`, undefined, { token: tokens.editor });
    expect(editor.data.explainAccess).toMatchObject({ allowed: true, roles: ['Editor'], groups: ['urn:li:corpGroup:editors'] });
    expect(editor.data.explainAccess.reason).toMatch(/role Editor \(bound to a group of the actor\)/);
    const other = await a.request('GET', q('urn:li:corpuser:steward', 'VIEW_METADATA'), undefined, { token: tokens.editor });
    expect(other.status).toBe(403);
  });

  it('entity privileges show what the caller may do, without an engine call per hit', async () => {
    const query = `{ searchAcrossEntities(input: {types: [DATASET], query: "*", count: 5}) { searchResults { entity { ... on Dataset { privileges { canEditTags canEditProperties canDelete } } } } } }`;
    const reader = await a.graphql(query, undefined, { token: tokens.reader });
    const hits = reader.data.searchAcrossEntities.searchResults;
    expect(hits.length).toBeGreaterThan(0);
    for (const h of hits) expect(h.entity.privileges).toEqual({ canEditTags: false, canEditProperties: false, canDelete: false });
    const admin = await a.graphql(query, undefined, { token: tokens.admin });
    for (const h of admin.data.searchAcrossEntities.searchResults) expect(h.entity.privileges).toEqual({ canEditTags: true, canEditProperties: true, canDelete: true });
  });
});

describe('changes apply in every process within a second', () => {
  it('a role lowered through one process is refused by the other within a second, and a policy change too', async () => {
    const urn = await freshDataset();
    const who = await mintToken(TEST_SECRET, 'urn:li:corpuser:promoted', 3600);
    await asAdmin(`mutation { batchAssignRole(input: {roleUrn: "urn:li:dataHubRole:Editor", actors: ["urn:li:corpuser:promoted"]}) }`);
    let n = 0;
    const write = () => b.request('POST', `/openapi/v3/entity/dataset/${enc(urn)}/editableDatasetProperties?createIfNotExists=false`, { value: { description: `v${n++}` } }, { token: who });
    await expect.poll(async () => (await write()).status, SPREAD).toBe(200); // process b now trusts the binding
    await asAdmin(`mutation { batchAssignRole(input: {actors: ["urn:li:corpuser:promoted"]}) }`);
    await expect.poll(async () => (await write()).status, SPREAD).toBe(403);
    // A policy granting it again, made through b, is honoured by a within a second.
    const p = await b.request('POST', '/openapi/v3/policies', { name: 'docs again', privileges: ['EDIT_ENTITY_DOCS'], actors: { users: ['urn:li:corpuser:promoted'] } }, { token: tokens.admin });
    expect(p.status).toBe(201);
    const viaA = () => a.request('POST', `/openapi/v3/entity/dataset/${enc(urn)}/editableDatasetProperties?createIfNotExists=false`, { value: { description: `v${n++}` } }, { token: who });
    await expect.poll(async () => (await viaA()).status, SPREAD).toBe(200);
  });

  it('a group membership changed through one process moves rights in the other within a second', async () => {
    const urn = await freshDataset();
    const who = await mintToken(TEST_SECRET, 'urn:li:corpuser:joiner', 3600);
    const tag = () => b.request('POST', `/openapi/v3/entity/dataset/${enc(urn)}/globalTags?createIfNotExists=false`, { value: { tags: [{ tag: GOLD }] } }, { token: who });
    expect((await tag()).status).toBe(403);
    const joined = await a.request('POST', '/openapi/v3/groups/urn%3Ali%3AcorpGroup%3Aeditors/members', { users: ['urn:li:corpuser:joiner'] }, { token: tokens.admin });
    expect(joined.status).toBe(200);
    await expect.poll(async () => (await tag()).status, SPREAD).toBe(200);
  });
});

describe('the CLI', () => {
  it('sets up a property steward: a service account, a group bound to Reader, a policy file, explain, and a token that acts as the account', async () => {
    await ensureBuilt();
    const home = tempHome();
    const env = cliEnv(a, home, { TESSERA_TOKEN: tokens.admin });
    const ok = async (args: string[]) => {
      const r = await runCli(args, env);
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
      return r;
    };
    expect((await ok(['service-account', 'create', '--id', 'privacy-bot'])).stdout).toMatch(/Created urn:li:corpuser:service\.privacy-bot/);
    await ok(['group', 'create', '--id', 'privacy-team', '--name', 'Privacy team']);
    expect((await ok(['group', 'add', '--group', 'urn:li:corpGroup:privacy-team', '--user', 'urn:li:corpuser:service.privacy-bot'])).stdout).toMatch(/1 member/);
    const file = writeHomeFile(home, 'steward.yaml', [
      'name: Privacy team edits privacy values',
      'privileges: [EDIT_ENTITY_PROPERTIES]',
      'actors: {groups: [privacy-team]}',
      "resources: {entityTypes: [dataset], propertyUrns: ['io.acme.privacy.*']}",
    ].join('\n'));
    expect((await ok(['policy', 'create', '-f', file])).stdout).toMatch(/Created urn:li:dataHubPolicy:/);
    expect((await ok(['policy', 'list'])).stdout).toMatch(/Privacy team edits privacy values\tALLOW\tACTIVE\tEDIT_ENTITY_PROPERTIES\turn:li:corpGroup:privacy-team\turn:li:structuredProperty:io\.acme\.privacy\.\*/);
    const bot = 'urn:li:corpuser:service.privacy-bot';
    const yes = await ok(['explain', '--actor', bot, '--privilege', 'edit_entity_properties', '--property', PRIVACY]);
    expect(yes.stdout).toMatch(/^ALLOWED: policy 'Privacy team edits privacy values'/);
    const no = await ok(['explain', '--actor', bot, '--privilege', 'EDIT_ENTITY_PROPERTIES', '--property', RETENTION]);
    expect(no.stdout).toMatch(/^REFUSED: no role or policy grants EDIT_ENTITY_PROPERTIES/);
    const issued = await ok(['token', 'issue', '--name', 'bot', '--actor', bot, '--duration', 'ONE_WEEK']);
    const botToken = issued.stdout.trim();
    const urn = await freshDataset();
    const put = (propertyUrn: string, v: unknown) =>
      a.request('POST', `/openapi/v3/entity/dataset/${enc(urn)}/structuredProperties?createIfNotExists=false`, { value: { properties: [{ propertyUrn, values: [v] }] } }, { token: botToken });
    await expect.poll(async () => (await put(PRIVACY, { string: 'high' })).status, SPREAD).toBe(200);
    expect((await put(RETENTION, { double: 7 })).status).toBe(403);
    const del = await ok(['service-account', 'delete', '--urn', bot]);
    expect(del.stdout).toMatch(/revoked 1 token/);
    // Its rights end at once (403: no default role for a deleted account); its token is refused within a second (401).
    expect([401, 403]).toContain((await put(PRIVACY, { string: 'low' })).status);
    await expect.poll(async () => (await a.request('GET', '/openapi/v3/me', undefined, { token: botToken })).status, SPREAD).toBe(401);
    const refused = await runCli(['policy', 'list'], { ...env, TESSERA_TOKEN: tokens.editor });
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/MANAGE_POLICIES/);
  });
});

describe('the access snapshot', () => {
  it('holds every rule however many other documents the access index holds (a rule left out would fail open)', async () => {
    // Past 10,000 documents of other kinds (index rebuild records are kept in the access index), a new deny rule still
    // reaches every process's snapshot.
    const index = a.services.names.access();
    const filler = Array.from({ length: 10_050 }, (_, i) => [{ index: { _index: index, _id: `reindexRun:filler-${i}` } }, { kind: 'reindexRun', id: `filler-${i}`, at: i }]).flat();
    const bulk = await a.raw.bulk({ refresh: 'wait_for', body: filler });
    expect((bulk.body as any).errors).toBe(false);
    try {
      const denied = 'urn:li:corpuser:late-denied';
      const created = await a.request('POST', '/openapi/v3/policies', { name: 'Late deny', effect: 'DENY', privileges: ['VIEW_METADATA'], actors: { users: [denied] } }, { token: tokens.admin });
      expect(created.status, created.text).toBe(201);
      const explain = () => a.request('GET', `/openapi/v3/authorization/explain?actor=${encodeURIComponent(denied)}&privilege=VIEW_METADATA`, undefined, { token: tokens.admin });
      await expect.poll(async () => (await explain()).body.decidedBy?.name, SPREAD).toBe('Late deny');
      await expect.poll(async () => (await b.request('GET', `/openapi/v3/authorization/explain?actor=${encodeURIComponent(denied)}&privilege=VIEW_METADATA`, undefined, { token: tokens.admin })).body.allowed, SPREAD).toBe(false);
    } finally {
      await a.raw.deleteByQuery({ index, refresh: true, body: { query: { term: { kind: 'reindexRun' } } } });
    }
  });
});
