/**
 * History and change events against the real node: every interface's writes leave exactly one record per field change
 * (typed before and after, actor, token, interface), replaying them rebuilds the aspects, the relay gives them a
 * gap-free sequence, the timeline filters and pages, asOf rebuilds the past, and the poll answers the original's shape.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mintToken } from '../../src/auth/tokens.js';
import { replay } from '../../src/catalog/history/replay.js';
import { reindexEntityTypes } from '../../src/jobs/reindex.js';
import { cliEnv, ensureBuilt, runCli, tempHome } from './cli-harness.js';
import { enc, graphqlData, startTestApp, TEST_SECRET, type TestApp } from './harness.js';

let app: TestApp;
const RETENTION = 'urn:li:structuredProperty:io.acme.retention.days';
const OWNER = 'urn:li:structuredProperty:io.acme.owner.team';
const ds = (name: string) => `urn:li:dataset:(urn:li:dataPlatform:hive,hist.${name},PROD)`;
let serial = 0;
const blank = () => ds(`d${++serial}`);

async function ok(res: Promise<{ status: number; text: string; body: any }>, status = 200) {
  const r = await res;
  expect(r.status, r.text).toBe(status);
  return r.body;
}

/** Moves every pending record into the events index now (tests run without the relay's timer). */
const relay = () => app.services.relay.tick();

async function timeline(urn: string, query = '') {
  await relay();
  return ok(app.get(`/openapi/v3/timeline/${enc(urn)}?count=1000${query}`));
}

/** A new dataset (its first record: datasetProperties added). */
async function fresh(): Promise<string> {
  const urn = blank();
  await ok(app.request('POST', `/openapi/v3/entity/dataset/${enc(urn)}/datasetProperties`, { value: { name: urn.slice(-20) } }));
  return urn;
}

/** The records after the dataset's creation. */
const afterCreation = (changes: any[]) => changes.filter((c) => c.aspect !== 'datasetProperties');

beforeAll(async () => {
  await ensureBuilt();
  app = await startTestApp('history');
  for (const [urn, qn, type, cardinality] of [[RETENTION, 'io.acme.retention.days', 'number', 'SINGLE'], [OWNER, 'io.acme.owner.team', 'string', 'MULTIPLE']]) {
    const value = { qualifiedName: qn, valueType: `urn:li:dataType:datahub.${type}`, entityTypes: ['urn:li:entityType:datahub.dataset', 'urn:li:entityType:datahub.schemaField'], cardinality };
    await ok(app.request('POST', `/openapi/v3/entity/structuredProperty/${enc(urn)}/propertyDefinition`, { value }));
  }
  for (const tag of ['pii', 'gold']) await ok(app.request('POST', `/openapi/v3/entity/tag/${enc(`urn:li:tag:${tag}`)}/tagProperties`, { value: { name: tag } }));
});

afterAll(async () => {
  await app?.close();
});

describe('change records', () => {
  it('records each field change once, with typed before and after, through every interface', async () => {
    const urn = await fresh();
    // REST v3: a property value (number), GraphQL: a tag, REST v2: the description, the wire: a second tag.
    await ok(app.request('POST', `/openapi/v3/entity/dataset/${enc(urn)}/structuredProperties?createIfNotExists=false`, { value: { properties: [{ propertyUrn: RETENTION, values: [{ double: 365 }] }] } }));
    const gql = await app.graphql(`mutation { addTag(input: {tagUrn: "urn:li:tag:pii", resourceUrn: "${urn}"}) }`);
    expect(gql.errors).toBeUndefined();
    await ok(app.request('POST', `/openapi/v2/entity/dataset/${enc(urn)}/editableDatasetProperties`, { description: 'All orders' }));
    const proposal = { entityType: 'dataset', entityUrn: urn, changeType: 'UPSERT', aspectName: 'globalTags', aspect: { value: JSON.stringify({ tags: [{ tag: 'urn:li:tag:pii' }, { tag: 'urn:li:tag:gold' }] }), contentType: 'application/json' } };
    await ok(app.request('POST', '/gms/aspects?action=ingestProposal', { proposal }));
    // Changing the number, then re-sending the same value: one MODIFY, then nothing.
    for (let i = 0; i < 2; i++) await ok(app.request('POST', `/openapi/v3/entity/dataset/${enc(urn)}/structuredProperties?createIfNotExists=false`, { value: { properties: [{ propertyUrn: RETENTION, values: [{ double: 30 }] }] } }));

    const page = await timeline(urn);
    const summary = page.changes.map((c: any) => [c.category, c.operation, c.modifier ?? c.aspect, c.via]);
    expect(summary).toEqual([
      ['ASPECT', 'ADD', 'datasetProperties', 'REST_V3'],
      ['STRUCTURED_PROPERTY', 'ADD', RETENTION, 'REST_V3'],
      ['TAG', 'ADD', 'urn:li:tag:pii', 'GRAPHQL'],
      ['DOCUMENTATION', 'ADD', 'editableDatasetProperties', 'REST_V2'],
      ['TAG', 'ADD', 'urn:li:tag:gold', 'WIRE'],
      ['STRUCTURED_PROPERTY', 'MODIFY', RETENTION, 'REST_V3'],
    ]);
    const modify = page.changes[5];
    expect(modify.before).toEqual([365]);
    expect(modify.after).toEqual([30]);
    expect(modify.actor).toBe('urn:li:corpuser:tester');
    // Versions rise by exactly one per write that changed something, and the sequence has no gap.
    expect(page.changes.map((c: any) => c.version)).toEqual([1, 2, 3, 4, 5, 6]);
    const seqs = page.changes.map((c: any) => c.seq);
    for (let i = 1; i < seqs.length; i++) expect(seqs[i]).toBeGreaterThan(seqs[i - 1]);

    // Replaying every record rebuilds the stored aspects.
    const stored = await ok(app.get(`/openapi/v3/entity/dataset/${enc(urn)}?systemMetadata=false`));
    const rebuilt = replay(page.changes);
    for (const aspect of ['structuredProperties', 'globalTags', 'editableDatasetProperties', 'datasetProperties']) {
      expect(rebuilt[aspect], aspect).toEqual(stored[aspect].value);
    }
  });

  it('names the interface by the route the request took, whatever the case of its path', async () => {
    const urn = await fresh();
    await ok(app.request('POST', `/OPENAPI/V3/entity/dataset/${enc(urn)}/globalTags?createIfNotExists=false`, { value: { tags: [{ tag: 'urn:li:tag:upper' }] } }));
    await ok(app.request('POST', `/OpenAPI/v2/entity/dataset/${enc(urn)}/editableDatasetProperties`, { description: 'Upper' }));
    const gql = await app.request('POST', '/GMS/API/GraphQL', { query: `mutation { addTag(input: {tagUrn: "urn:li:tag:pii", resourceUrn: "${urn}"}) }` });
    expect(gql.body.errors, gql.text).toBeUndefined();
    const page = await timeline(urn);
    expect(page.changes.map((c: any) => [c.category, c.via])).toEqual([['ASPECT', 'REST_V3'], ['TAG', 'REST_V3'], ['DOCUMENTATION', 'REST_V2'], ['TAG', 'GRAPHQL']]);
  });

  it('records nothing for a GraphQL write of the values a property already has', async () => {
    const urn = await fresh();
    const set = (v: number) => app.graphql(`mutation { upsertStructuredProperties(input: {assetUrn: "${urn}", structuredPropertyInputParams: [{structuredPropertyUrn: "${RETENTION}", values: [{numberValue: ${v}}]}]}) { properties { structuredProperty { urn } } } }`);
    for (const v of [30, 30, 90, 90]) expect((await set(v)).errors).toBeUndefined();
    const page = await timeline(urn);
    expect(page.changes.map((c: any) => [c.category, c.operation, c.version])).toEqual([['ASPECT', 'ADD', 1], ['STRUCTURED_PROPERTY', 'ADD', 2], ['STRUCTURED_PROPERTY', 'MODIFY', 3]]);
    expect(page.changes[2]).toMatchObject({ before: [30], after: [90], via: 'GRAPHQL' });
  });

  it('names the stored token a change was made with, and a hard delete is the last record', async () => {
    const urn = await fresh();
    const created = await ok(app.graphql(`mutation { createAccessToken(input: {type: PERSONAL, actorUrn: "urn:li:corpuser:tester", duration: ONE_HOUR, name: "history"}) { accessToken metadata { id } } }`).then((body) => ({ status: 200, text: '', body })));
    const token = created.data.createAccessToken.accessToken;
    await ok(app.request('POST', `/openapi/v3/entity/dataset/${enc(urn)}/globalTags?createIfNotExists=false`, { value: { tags: [{ tag: 'urn:li:tag:gold' }] } }, { token }));
    await ok(app.del(`/openapi/v3/entity/dataset/${enc(urn)}`));
    expect((await app.get(`/openapi/v3/entity/dataset/${enc(urn)}`)).status).toBe(404);
    const page = await timeline(urn);
    expect(page.changes.map((c: any) => [c.category, c.operation])).toEqual([['ASPECT', 'ADD'], ['TAG', 'ADD'], ['LIFECYCLE', 'HARD_DELETE']]);
    expect(page.changes[1].tokenId).toBe(created.data.createAccessToken.metadata.id);
    // Searches never see the tombstone; the entity can be created again and its versions go on.
    await app.refresh();
    const found = await ok(app.get('/openapi/v3/entity/dataset?count=1000'));
    expect(JSON.stringify(found)).not.toContain(urn);
    await ok(app.request('POST', `/openapi/v3/entity/dataset/${enc(urn)}/datasetProperties`, { value: { name: 'again' } }));
    const again = await timeline(urn);
    expect(again.changes.map((c: any) => c.version)).toEqual([1, 2, 3, 4]);
  });

  it("keeps each write's request id and interface while reads of the same entities run beside it", async () => {
    // Reads run without a log context; the writes beside them must still stamp their own provenance.
    const urns = await Promise.all(Array.from({ length: 8 }, () => fresh()));
    const answers = await Promise.all(
      urns.flatMap((urn, i) => [
        app.get(`/openapi/v3/entity/dataset/${enc(urn)}`),
        app.request('POST', `/openapi/v3/entity/dataset/${enc(urn)}/structuredProperties?createIfNotExists=false`, { value: { properties: [{ propertyUrn: RETENTION, values: [{ double: i + 1 }] }] } }, { headers: { 'x-request-id': `beside-${i}` } }),
        app.request('POST', '/api/graphql', { query: `{ dataset(urn: "${urn}") { urn } }` }),
        app.request('POST', '/api/graphql', { query: `mutation { addTag(input: {tagUrn: "urn:li:tag:gold", resourceUrn: "${urn}"}) }` }, { headers: { 'x-request-id': `gql-beside-${i}` } }),
      ]),
    );
    for (const a of answers) expect(a.status, a.text).toBe(200);
    for (const [i, urn] of urns.entries()) {
      const mine = afterCreation((await timeline(urn)).changes).map((c: any) => [c.category, c.requestId, c.via]).sort();
      expect(mine).toEqual([['STRUCTURED_PROPERTY', `beside-${i}`, 'REST_V3'], ['TAG', `gql-beside-${i}`, 'GRAPHQL']]);
    }
  });

  it('stores a record without what its document says, and gives it back whole before and after the relay', async () => {
    const urn = await fresh();
    const schema = (n: number) => ({ schemaName: 'orders', platform: 'urn:li:dataPlatform:hive', version: 0, hash: '', platformSchema: { 'com.linkedin.schema.OtherSchema': { rawSchema: '' } },
      fields: Array.from({ length: n }, (_, i) => ({ fieldPath: `column_${i}`, nativeDataType: 'string', type: { type: { 'com.linkedin.schema.StringType': {} } } })) });
    const setSchema = (n: number) => ok(app.request('POST', `/openapi/v3/entity/dataset/${enc(urn)}/schemaMetadata?createIfNotExists=false`, { value: schema(n) }));
    await setSchema(30);
    await setSchema(31); // written before the relay moved the first schema's record: that record is carried
    const stored = (await app.raw.get({ index: app.services.names.entity('dataset'), id: urn })).body._source as any;
    const records = stored.outbox.filter((r: any) => r.aspect === 'schemaMetadata');
    // The first write's record keeps the 30 columns it added; the second's columns are the document's own.
    expect(records.map((r: any) => [r.version, r.after?.fields?.length, r['~after']])).toEqual([[2, 30, undefined], [3, undefined, 'aspect']]);
    expect(stored.outbox.every((r: any) => r.urn === undefined && r.entityType === undefined)).toBe(true);
    // Stored in full: the carried record's 30 columns, the modification's 30 before and 31 after — about three schemas.
    expect(JSON.stringify(stored.outbox).length).toBeLessThan(JSON.stringify(stored.aspects.schemaMetadata).length * 2.5);
    const afterOf = (changes: any[]) => changes.filter((c) => c.category === 'TECHNICAL_SCHEMA').map((c) => [c.operation, JSON.parse(JSON.stringify(c.after ?? null))]);
    const pending = await ok(app.get(`/openapi/v3/timeline/${enc(urn)}`));
    const relayed = await timeline(urn);
    for (const page of [pending, relayed]) {
      const seen = page.changes.filter((c: any) => c.category === 'TECHNICAL_SCHEMA');
      expect(seen).toHaveLength(2);
      expect(seen.every((c: any) => c.urn === urn && c.actor)).toBe(true);
    }
    expect(afterOf(relayed.changes)).toEqual(afterOf(pending.changes));
    expect(afterOf(relayed.changes).map(([op, after]) => [op, (after.fields ?? after).length])).toEqual([['ADD', 30], ['MODIFY', 31]]);
  });

  it('shows a change before the relay has moved it', async () => {
    const urn = await fresh();
    await ok(app.request('POST', `/openapi/v3/entity/dataset/${enc(urn)}/globalTags?createIfNotExists=false`, { value: { tags: [{ tag: 'urn:li:tag:gold' }] } }));
    const page = await ok(app.get(`/openapi/v3/timeline/${enc(urn)}`));
    expect(page.changes).toHaveLength(2);
    expect(page.changes[1]).toMatchObject({ pending: true, seq: null, operation: 'ADD', modifier: 'urn:li:tag:gold' });
  });
});

describe('timeline', () => {
  it('filters by time to the millisecond, category, property and actor, and pages with a stable cursor', async () => {
    const urn = await fresh();
    const other = await mintToken(TEST_SECRET, 'urn:li:corpuser:other', 600);
    for (let i = 1; i <= 12; i++) {
      await ok(app.request('POST', `/openapi/v3/entity/dataset/${enc(urn)}/structuredProperties?createIfNotExists=false`, { value: { properties: [{ propertyUrn: RETENTION, values: [{ double: i }] }] } }, i % 3 === 0 ? { token: other } : {}));
      await relay();
    }
    const all = afterCreation((await timeline(urn)).changes);
    expect(all).toHaveLength(12);
    const window = await ok(app.get(`/openapi/v3/timeline/${enc(urn)}?startTime=${all[3].time}&endTime=${all[6].time}`));
    expect(window.changes.map((c: any) => c.after[0])).toEqual(all.filter((c: any) => c.time >= all[3].time && c.time <= all[6].time).map((c: any) => c.after[0]));
    const byOther = await ok(app.get(`/openapi/v3/timeline/${enc(urn)}?actor=urn:li:corpuser:other`));
    expect(byOther.changes.map((c: any) => c.after[0])).toEqual([3, 6, 9, 12]);
    const byProperty = await ok(app.get(`/openapi/v3/timeline/${enc(urn)}?propertyUrn=${encodeURIComponent(RETENTION)}&category=TAG`));
    expect(byProperty.changes).toEqual([]);
    // Pages of 5 while another writer appends: no duplicate, no skip.
    const seen: number[] = [];
    let cursor: string | undefined;
    do {
      const page = await ok(app.get(`/openapi/v3/timeline/${enc(urn)}?count=5&category=STRUCTURED_PROPERTY${cursor ? `&cursor=${cursor}` : ''}`));
      seen.push(...afterCreation(page.changes).filter((c: any) => c.seq !== null).map((c: any) => c.after[0]));
      cursor = page.cursor;
      if (seen.length === 5) {
        await ok(app.request('POST', `/openapi/v3/entity/dataset/${enc(urn)}/structuredProperties?createIfNotExists=false`, { value: { properties: [{ propertyUrn: RETENTION, values: [{ double: 13 }] }] } }));
        await relay();
      }
    } while (cursor);
    expect(seen).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
  });

  it('keeps every one of 1,000 edits of one aspect, retrievable page by page', async () => {
    const urn = await fresh();
    const N = 1000;
    for (let start = 0; start < N; start += 50) {
      await Promise.all(
        Array.from({ length: 50 }, (_, k) =>
          ok(app.request('PATCH', `/openapi/v3/entity/dataset/${enc(urn)}/datasetProperties`, [{ op: 'add', path: `/customProperties/k${start + k}`, value: String(start + k) }], { contentType: 'application/json-patch+json' })),
        ),
      );
    }
    await relay();
    const keys: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await ok(app.get(`/openapi/v3/timeline/${enc(urn)}?count=300${cursor ? `&cursor=${cursor}` : ''}`));
      // The first edit adds the map itself (its record holds the map with one key); the others add one key each.
      for (const c of page.changes.filter((ch: any) => ch.aspect === 'datasetProperties' && ch.modifier)) keys.push(...(c.modifier === 'customProperties' ? Object.keys(c.after) : [c.modifier.slice(17)]));
      cursor = page.cursor;
    } while (cursor);
    expect(keys).toHaveLength(N);
    expect(new Set(keys).size).toBe(N);
  });

  it('answers an entity as it was at a time', async () => {
    const urn = await fresh();
    const states: { time: number; tags: string[] }[] = [];
    const tags: string[] = [];
    for (const tag of ['urn:li:tag:pii', 'urn:li:tag:gold']) {
      tags.push(tag);
      await ok(app.request('POST', `/openapi/v3/entity/dataset/${enc(urn)}/globalTags?createIfNotExists=false`, { value: { tags: tags.map((t) => ({ tag: t })) } }));
      await new Promise((r) => setTimeout(r, 5));
      states.push({ time: Date.now(), tags: [...tags] });
      await new Promise((r) => setTimeout(r, 5));
    }
    await relay();
    for (const s of states) {
      const past = await ok(app.get(`/openapi/v3/timeline/${enc(urn)}/as-of?time=${s.time}`));
      expect(past.aspects.globalTags.tags.map((t: any) => t.tag)).toEqual(s.tags);
    }
    const before = await ok(app.get(`/openapi/v3/timeline/${enc(urn)}/as-of?time=${new Date(states[0].time - 10_000).toISOString()}`));
    expect(before.exists).toBe(false);
    expect((await ok(app.get(`/openapi/v3/timeline/${enc(urn)}/as-of?time=${states[0].time}`))).aspects.datasetProperties).toBeDefined();
  });

  it('refuses bad input precisely', async () => {
    const urn = await fresh();
    for (const [query, message] of [
      ['startTime=yesterday', /startTime must be milliseconds since the epoch or an ISO-8601 time/],
      ['category=COLOUR', /Unknown change category COLOUR/],
      ['count=0', /count must be an integer >= 1/],
      ['cursor=nonsense', /cursor is not one this service answered/],
      ['startTime=20&endTime=10', /startTime must not be after endTime/],
    ] as const) {
      const res = await app.get(`/openapi/v3/timeline/${enc(urn)}?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.message, query).toMatch(message);
    }
    expect((await app.get('/openapi/v3/timeline/not-an-urn')).status).toBe(400);
  });

  it("serves the original's timeline shape", async () => {
    const urn = await fresh();
    await ok(app.request('POST', `/openapi/v3/entity/dataset/${enc(urn)}/globalTags?createIfNotExists=false`, { value: { tags: [{ tag: 'urn:li:tag:pii' }] } }));
    await ok(app.request('POST', `/openapi/v3/entity/dataset/${enc(urn)}/editableSchemaMetadata?createIfNotExists=false`, { value: { editableSchemaFieldInfo: [{ fieldPath: 'email', globalTags: { tags: [{ tag: 'urn:li:tag:pii' }] } }] } }));
    await relay();
    const transactions = await ok(app.get(`/openapi/timeline/v1/${enc(urn)}?categories=TAG`));
    expect(transactions).toHaveLength(2);
    expect(transactions.flatMap((t: any) => t.changeEvents).every((e: any) => e.category === 'TAG')).toBe(true);
    expect(transactions[0].changeEvents[0]).toMatchObject({ changeType: 'ADD', category: 'TAG', modifier: 'urn:li:tag:pii', target: urn });
    expect(transactions[1].changeEvents[0]).toMatchObject({ changeType: 'ADD', target: `urn:li:schemaField:(${urn},email)`, parameters: { fieldPath: 'email', parentUrn: urn, tagUrn: 'urn:li:tag:pii' } });
  });
});

describe('administrative actions', () => {
  it('records token, policy, group and role changes in the same log, without secrets, for administrators only', async () => {
    const since = Date.now();
    const created = await app.graphql(`mutation { createAccessToken(input: {type: PERSONAL, actorUrn: "urn:li:corpuser:tester", duration: ONE_HOUR, name: "audited"}) { metadata { id } } }`);
    const tokenId = created.data.createAccessToken.metadata.id;
    await app.graphql(`mutation { revokeAccessToken(tokenId: "${tokenId}") }`);
    const policy = await ok(app.request('POST', '/openapi/v3/policies', { name: 'Audited', privileges: ['EDIT_ENTITY_TAGS'], actors: { users: ['urn:li:corpuser:jane'] } }), 201);
    await ok(app.request('PUT', `/openapi/v3/policies/${enc(policy.urn)}`, { name: 'Audited too', privileges: ['EDIT_ENTITY_TAGS'], actors: { users: ['urn:li:corpuser:jane'] } }));
    await ok(app.del(`/openapi/v3/policies/${enc(policy.urn)}`));
    await ok(app.request('POST', '/openapi/v3/groups', { id: 'auditors' }), 201);
    await relay();
    const admin = await ok(app.get(`/openapi/v3/history?category=ADMIN&startTime=${since}`));
    // One entity's records keep their order; records of different entities are sequenced as the relay meets their
    // outboxes, so only the order within each entity is promised.
    const shown = (type: string) => admin.changes.filter((c: any) => c.entityType === type).map((c: any) => [c.operation, c.actor]);
    expect(admin.changes).toHaveLength(6);
    expect(shown('token')).toEqual([['CREATE', 'urn:li:corpuser:tester'], ['MODIFY', 'urn:li:corpuser:tester']]);
    expect(shown('policy')).toEqual([['CREATE', 'urn:li:corpuser:tester'], ['MODIFY', 'urn:li:corpuser:tester'], ['REMOVE', 'urn:li:corpuser:tester']]);
    expect(shown('group')).toEqual([['CREATE', 'urn:li:corpuser:tester']]);
    const of = (type: string, operation: string) => admin.changes.find((c: any) => c.entityType === type && c.operation === operation);
    expect(of('token', 'MODIFY').after.revokedAt).toBeGreaterThan(0);
    expect(JSON.stringify(admin.changes)).not.toMatch(/"(hash|salt)"/);
    expect(of('policy', 'MODIFY')).toMatchObject({ urn: policy.urn, before: { name: 'Audited' }, after: { name: 'Audited too' } });
    // The policy's own history; readers see neither.
    expect((await ok(app.get(`/openapi/v3/history?urn=${encodeURIComponent(policy.urn)}`))).count).toBe(3);
    const reader = await startTestApp('history-admin-reader', { INDEX_PREFIX: app.prefix, DEFAULT_ROLE: 'Reader', CHANGE_RELAY_ENABLED: 'false' });
    try {
      expect((await reader.get(`/openapi/v3/history?category=ADMIN`)).status).toBe(403);
      const visible = await ok(reader.get(`/openapi/v3/history?startTime=${since}`));
      expect(visible.changes.filter((c: any) => c.category === 'ADMIN')).toEqual([]);
    } finally {
      await reader.close({ keepIndices: true });
    }
  });
});

describe('GraphQL and the CLI', () => {
  it("answers getTimeline in the original's shape, history across the catalog, and history on a dataset", async () => {
    const urn = await fresh();
    await ok(app.request('POST', `/openapi/v3/entity/dataset/${enc(urn)}/structuredProperties?createIfNotExists=false`, { value: { properties: [{ propertyUrn: RETENTION, values: [{ double: 90 }] }] } }));
    await app.graphql(`mutation { addTag(input: {tagUrn: "urn:li:tag:gold", resourceUrn: "${urn}"}) }`);
    await relay();
    const data = await graphqlData(app, `{
      getTimeline(input: {urn: "${urn}", changeCategories: [STRUCTURED_PROPERTY, TAG]}) { changeTransactions { timestampMillis lastSemanticVersion changeType changes { urn category operation modifier parameters { key value } auditStamp { actor } before after via seq } } }
      dataset(urn: "${urn}") { history(input: {count: 2}) { count cursor changes { category operation modifier after } } }
      history(input: {urn: "${urn}", categories: [STRUCTURED_PROPERTY]}) { count changes { after version } }
    }`);
    const transactions = data.getTimeline.changeTransactions;
    expect(transactions.map((t: any) => t.changes[0].category)).toEqual(['STRUCTURED_PROPERTY', 'TAG']);
    expect(transactions[0].changes[0]).toMatchObject({ operation: 'ADD', modifier: RETENTION, after: '[90]', via: 'REST_V3' });
    expect(transactions[0].changes[0].parameters).toEqual([{ key: 'propertyUrn', value: RETENTION }, { key: 'propertyValues', value: '["90"]' }]);
    expect(transactions[1].changes[0]).toMatchObject({ operation: 'ADD', modifier: 'urn:li:tag:gold', via: 'GRAPHQL' });
    // On the dataset: newest first, paged.
    expect(data.dataset.history.changes.map((c: any) => c.category)).toEqual(['TAG', 'STRUCTURED_PROPERTY']);
    expect(data.dataset.history.cursor).not.toBeNull();
    expect(data.history.changes).toEqual([{ after: '[90]', version: 2 }]);
  });

  it('prints history with tessera history, and the past with --as-of', async () => {
    const urn = await fresh();
    await ok(app.request('POST', `/openapi/v3/entity/dataset/${enc(urn)}/globalTags?createIfNotExists=false`, { value: { tags: [{ tag: 'urn:li:tag:pii' }] } }));
    const env = cliEnv(app, tempHome(), { TESSERA_TOKEN: app.token });
    // A soft delete through the CLI is recorded as made through the CLI.
    expect((await runCli(['delete', '--urn', urn, '-f'], env)).code).toBe(0);
    const shown = await runCli(['history', '--urn', urn], env);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toMatch(/^SEQ\tTIME\tACTOR\tVIA\tCHANGE\tWHAT\tBEFORE\tAFTER$/m);
    expect(shown.stdout).toMatch(/\turn:li:corpuser:tester\tREST_V3\tTAG ADD\turn:li:tag:pii\t\t"urn:li:tag:pii"$/m);
    expect(shown.stdout).toMatch(/\turn:li:corpuser:tester\tCLI\tSTATUS SOFT_DELETE\tstatus\t\t\{"removed":true\}$/m);
    const json = JSON.parse((await runCli(['history', '--urn', urn, '--category', 'TAG', '--json'], env)).stdout);
    expect(json.changes).toHaveLength(1);
    const past = JSON.parse((await runCli(['history', '--urn', urn, '--as-of', String(json.changes[0].time - 1)], env)).stdout);
    expect(past.aspects.globalTags).toBeUndefined();
    expect(past.aspects.datasetProperties).toBeDefined();
    const none = await runCli(['history', '--urn', urn, '--category', 'OWNER'], env);
    expect(none.stderr).toMatch(/No changes of urn:li:dataset/);
  });
});

describe('concurrent writes', () => {
  it('merged into one stored write, each acknowledged write keeps its own version, actor and value in the timeline', async () => {
    const urn = await fresh();
    const tags = Array.from({ length: 12 }, (_, i) => `urn:li:tag:c${i}`);
    for (const t of tags) await ok(app.request('POST', `/openapi/v3/entity/tag/${enc(t)}/tagProperties`, { value: { name: t.slice(11) } }));
    const mergedBefore = Number(/^tessera_merged_writes_total (\d+)/m.exec((await app.get('/metrics')).text)?.[1] ?? 0);
    // Twelve actors at once, each adding its own tag: the writes queue behind one another in this process and are
    // stored together.
    await Promise.all(
      tags.map(async (t, i) => {
        const token = await mintToken(TEST_SECRET, `urn:li:corpuser:writer${i}`, 600);
        const patch = { patch: [{ op: 'add', path: `/tags/${t}`, value: { tag: t } }] };
        await ok(app.request('PATCH', `/openapi/v3/entity/dataset/${enc(urn)}/globalTags`, patch, { token }));
      }),
    );
    const merged = Number(/^tessera_merged_writes_total (\d+)/m.exec((await app.get('/metrics')).text)?.[1] ?? 0) - mergedBefore;
    expect(merged, 'the writes were merged').toBeGreaterThan(0);
    const added = (await timeline(urn)).changes.filter((c: any) => c.category === 'TAG');
    expect(added).toHaveLength(12);
    // One version per write, each with its own actor and tag: the write of writer i added tag c<i>.
    expect(new Set(added.map((c: any) => c.version)).size).toBe(12);
    for (const c of added) expect(c.actor).toBe(`urn:li:corpuser:writer${c.modifier.slice('urn:li:tag:c'.length)}`);
    const versions = added.map((c: any) => c.version);
    expect(versions).toEqual([...versions].sort((a: number, b: number) => a - b));
  });
});

describe('event poll', () => {
  it("serves MetadataChangeLog_Versioned_v1: one change log per aspect a version changed, whole aspects after and before", async () => {
    await relay();
    const start = await ok(app.get('/openapi/v1/events/poll?topic=MetadataChangeLog_Versioned_v1&pollTimeoutSeconds=0'));
    const urn = await fresh();
    const setRetention = (days: number) => ok(app.request('POST', `/openapi/v3/entity/dataset/${enc(urn)}/structuredProperties?createIfNotExists=false`, { value: { properties: [{ propertyUrn: RETENTION, values: [{ double: days }] }] } }));
    await setRetention(365);
    await setRetention(30);
    await ok(app.request('POST', `/openapi/v3/entity/dataset/${enc(urn)}/globalTags?createIfNotExists=false`, { value: { tags: [{ tag: 'urn:li:tag:pii' }] } }));
    await relay();
    // Read in two pages, so the second page's values are rebuilt from records an earlier page held.
    const first = await ok(app.get(`/openapi/v1/events/poll?topic=MetadataChangeLog_Versioned_v1&offsetId=${start.offsetId}&limit=2&pollTimeoutSeconds=0`));
    const second = await ok(app.get(`/openapi/v1/events/poll?topic=MetadataChangeLog_Versioned_v1&offsetId=${first.offsetId}&limit=100&pollTimeoutSeconds=0`));
    const logs = [...first.events, ...second.events].map((e: any) => JSON.parse(e.value)).filter((l: any) => l.entityUrn === urn);
    expect(logs.map((l: any) => [l.aspectName, l.changeType, l.entityVersion])).toEqual([
      ['datasetProperties', 'UPSERT', 1],
      ['structuredProperties', 'UPSERT', 2],
      ['structuredProperties', 'UPSERT', 3],
      ['globalTags', 'UPSERT', 4],
    ]);
    const value = (g: any) => (g === undefined ? undefined : JSON.parse(g.value));
    expect(logs[1].previousAspectValue).toBeUndefined();
    expect(value(logs[2].previousAspectValue)).toEqual({ properties: [expect.objectContaining({ propertyUrn: RETENTION, values: [{ double: 365 }] })] });
    expect(value(logs[2].aspect)).toEqual({ properties: [expect.objectContaining({ propertyUrn: RETENTION, values: [{ double: 30 }] })] });
    expect(logs[3]).toMatchObject({ entityType: 'dataset', created: { actor: expect.stringMatching(/^urn:li:corpuser:/) }, systemMetadata: { version: '4' } });
    // The last change log's aspect is what a read answers now.
    const stored = await ok(app.get(`/openapi/v3/entity/dataset/${enc(urn)}/globalTags`));
    expect(value(logs[3].aspect)).toEqual(stored.globalTags.value);

    // A hard delete is a DELETE change log for every aspect the entity had.
    await ok(app.request('DELETE', `/openapi/v3/entity/dataset/${enc(urn)}`), 200);
    await relay();
    const gone = await ok(app.get(`/openapi/v1/events/poll?topic=MetadataChangeLog_Versioned_v1&offsetId=${second.offsetId}&pollTimeoutSeconds=0`));
    const deletes = gone.events.map((e: any) => JSON.parse(e.value)).filter((l: any) => l.entityUrn === urn);
    expect(deletes.map((l: any) => [l.aspectName, l.changeType]).sort()).toEqual([['datasetProperties', 'DELETE'], ['globalTags', 'DELETE'], ['structuredProperties', 'DELETE']]);
    expect(value(deletes.find((l: any) => l.aspectName === 'globalTags').previousAspectValue).tags).toHaveLength(1);
  });

  it('gives a record carried in outboxes long after it was relayed no new number: the sequence keeps no gap', async () => {
    await relay();
    const start = await ok(app.get('/openapi/v1/events/poll?pollTimeoutSeconds=0'));
    const urn = await fresh();
    // A process whose copy of the relay's positions is old keeps every record in the outboxes it writes (allowed: an
    // old copy only keeps more); here the writes keep them while the relay goes round several times.
    const store = app.services.store;
    const known = store.relayed;
    store.relayed = { version: () => false, upTo: () => 0, fresh: () => undefined, pace: async () => undefined };
    try {
      for (let i = 0; i < 5; i++) {
        await relay();
        await ok(app.patch(`/openapi/v3/entity/dataset/${enc(urn)}/datasetProperties`, [{ op: 'add', path: `/customProperties/k${i}`, value: String(i) }]));
      }
      await relay();
      await relay();
    } finally {
      store.relayed = known;
    }
    const polled = await ok(app.get(`/openapi/v1/events/poll?offsetId=${start.offsetId}&limit=1000&pollTimeoutSeconds=0`));
    const events = polled.events.map((e: any) => JSON.parse(JSON.parse(e.value).payload.value));
    expect(events.map((e: any) => e.seq)).toEqual(events.map((_: unknown, i: number) => Number(start.offsetId) + i + 1));
    const mine = events.filter((e: any) => e.entityUrn === urn);
    expect(mine.map((e: any) => e.entityVersion)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(new Set(mine.map((e: any) => e.eventId)).size).toBe(6);
    // Nothing is left pending: each record is in the sequence once.
    expect((await ok(app.get(`/openapi/v3/timeline/${enc(urn)}?count=100`))).changes.filter((c: any) => c.pending)).toEqual([]);
  });

  it('a long poll answers what its caller may see when it answers: a right revoked while it waits refuses the answer', async () => {
    const urn = await fresh();
    await relay();
    const watcher = 'urn:li:corpuser:event.watcher';
    const token = await mintToken(TEST_SECRET, watcher, 3600);
    const start = await ok(app.request('GET', '/openapi/v1/events/poll?pollTimeoutSeconds=0', undefined, { token }));
    const waiting = app.request('GET', `/openapi/v1/events/poll?offsetId=${start.offsetId}&pollTimeoutSeconds=30`, undefined, { token });
    // The poll is let in (and waits) before the right goes; were it the other way round, it would be refused at once.
    await new Promise((r) => setTimeout(r, 300));
    const denied = await ok(app.request('POST', '/openapi/v3/policies', { name: 'no events', effect: 'DENY', privileges: ['GET_PLATFORM_EVENTS'], actors: { users: [watcher] } }), 201);
    try {
      await ok(app.request('POST', `/openapi/v3/entity/dataset/${enc(urn)}/globalTags?createIfNotExists=false`, { value: { tags: [{ tag: 'urn:li:tag:pii' }] } }));
      await relay();
      const answer = await waiting;
      expect(answer.status, answer.text).toBe(403);
      expect(answer.body.message).toMatch(/GET_PLATFORM_EVENTS/);
    } finally {
      await app.del(`/openapi/v3/policies/${enc(denied.urn)}`);
    }
  });

  it("answers the original's shape in sequence order, long-polls, and keeps named consumers' offsets", async () => {
    const urn = await fresh();
    await relay();
    const start = await ok(app.get('/openapi/v1/events/poll?topic=PlatformEvent_v1&pollTimeoutSeconds=0'));
    expect(start).toMatchObject({ count: 0, events: [] });
    await ok(app.request('POST', `/openapi/v3/entity/dataset/${enc(urn)}/structuredProperties?createIfNotExists=false`, { value: { properties: [{ propertyUrn: OWNER, values: [{ string: 'sales' }, { string: 'finance' }] }] } }));
    await relay();
    const polled = await ok(app.get(`/openapi/v1/events/poll?topic=PlatformEvent_v1&offsetId=${start.offsetId}&limit=10&pollTimeoutSeconds=1`));
    expect(polled.count).toBe(1);
    const event = JSON.parse(polled.events[0].value);
    expect(event).toMatchObject({ name: 'entityChangeEvent', payload: { contentType: 'application/json' } });
    const ece = JSON.parse(event.payload.value);
    expect(ece).toMatchObject({ entityUrn: urn, entityType: 'dataset', category: 'STRUCTURED_PROPERTY', operation: 'ADD', modifier: OWNER, after: ['sales', 'finance'] });
    expect(ece.parameters).toEqual({ propertyUrn: OWNER, propertyValues: '["sales","finance"]' });
    expect(Number(polled.offsetId)).toBe(Number(start.offsetId) + 1);

    // A long poll answers as soon as an event arrives.
    const waiting = app.get(`/openapi/v1/events/poll?offsetId=${polled.offsetId}&pollTimeoutSeconds=10`);
    await new Promise((r) => setTimeout(r, 300));
    await ok(app.request('POST', `/openapi/v3/entity/dataset/${enc(urn)}/globalTags?createIfNotExists=false`, { value: { tags: [{ tag: 'urn:li:tag:gold' }] } }));
    await relay();
    const woke = (await waiting).body;
    expect(woke.count).toBe(1);

    // Named consumers resume from their own stored offsets.
    await ok(app.request('PUT', '/openapi/v1/events/consumers/audit-sink', { offsetId: start.offsetId }));
    await ok(app.request('PUT', '/openapi/v1/events/consumers/chat-bot', { offsetId: polled.offsetId }));
    expect((await ok(app.get('/openapi/v1/events/poll?consumer=audit-sink&pollTimeoutSeconds=0'))).count).toBe(2);
    expect((await ok(app.get('/openapi/v1/events/poll?consumer=chat-bot&pollTimeoutSeconds=0'))).count).toBe(1);
    expect((await ok(app.get('/openapi/v1/events/consumers/chat-bot'))).offsetId).toBe(polled.offsetId);
  });

  it('removes records past their retention only when the job runs, and then answers 410 for what they held', async () => {
    const urn = await fresh();
    await ok(app.request('POST', `/openapi/v3/entity/dataset/${enc(urn)}/globalTags?createIfNotExists=false`, { value: { tags: [{ tag: 'urn:li:tag:gold' }] } }));
    await relay();
    expect((await app.post('/openapi/v3/events/retention/run', {})).status).toBe(400); // EVENTS_RETENTION_DAYS=0: kept for ever
    // Every record so far is made 40 days old; a process with a 30-day retention runs the job.
    await app.raw.updateByQuery({ index: app.services.names.events(), refresh: true, body: { script: { source: 'ctx._source.time = params.t', params: { t: Date.now() - 40 * 86_400_000 } } } } as any);
    const pruner = await startTestApp('history-pruner', { INDEX_PREFIX: app.prefix, EVENTS_RETENTION_DAYS: '30', CHANGE_RELAY_ENABLED: 'false' });
    try {
      const done = await ok(pruner.post('/openapi/v3/events/retention/run', {}));
      expect(done.removed).toBeGreaterThan(0);
      expect((await app.get('/openapi/v1/events/poll?offsetId=0&pollTimeoutSeconds=0')).status).toBe(410);
      await ok(app.request('POST', `/openapi/v3/entity/dataset/${enc(urn)}/globalTags?createIfNotExists=false`, { value: { tags: [] } }));
      await relay();
      const gone = await app.get(`/openapi/v3/timeline/${enc(urn)}/as-of?time=${Date.now()}`);
      expect(gone.status).toBe(410);
      expect(gone.body.message).toMatch(/removed by retention/);
    } finally {
      await pruner.close({ keepIndices: true });
    }
  });

  it('never sends a change again after retention removed its event, when a rebuild makes the relay read every document again', async () => {
    await fresh();
    await relay();
    // Every record is made 40 days old, in the events index and in the documents that still carry them.
    const t = Date.now() - 40 * 86_400_000;
    await app.raw.updateByQuery({ index: app.services.names.events(), refresh: true, body: { script: { source: 'ctx._source.time = params.t', params: { t } } } } as any);
    const aged = 'if (ctx._source.outbox != null) { for (def r : ctx._source.outbox) { if (r.time != null) { r.time = params.t; } } }';
    await app.raw.updateByQuery({ index: app.services.names.entity('dataset'), refresh: true, body: { script: { source: aged, params: { t } } } } as any);
    await relay(); // the documents moved: read again while their events are still there
    const pruner = await startTestApp('history-pruner2', { INDEX_PREFIX: app.prefix, EVENTS_RETENTION_DAYS: '30', CHANGE_RELAY_ENABLED: 'false' });
    try {
      expect((await ok(pruner.post('/openapi/v3/events/retention/run', {}))).removed).toBeGreaterThan(0);
    } finally {
      await pruner.close({ keepIndices: true });
    }
    // Two rounds with writes: the relay no longer remembers having seen those groups lately.
    for (let i = 0; i < 2; i++) {
      await fresh();
      await relay();
    }
    await app.services.events.refresh();
    const last = await app.services.events.lastSeq();
    // A field no definition uses makes the rebuild happen: the documents move to a new index, read from its start.
    const orphan = { properties: { structuredProperties: { properties: { orphan_for_rebuild: { type: 'double' } } } } };
    await app.raw.indices.putMapping({ index: app.services.names.entity('dataset'), body: orphan } as any);
    expect((await reindexEntityTypes(app.services, ['dataset'], { log: () => undefined })).indices[0].action).toBe('rebuilt');
    await relay();
    await app.services.events.refresh();
    expect(await app.services.events.lastSeq()).toBe(last);
    // A change made now is still sent.
    const urn = await fresh();
    await relay();
    await app.services.events.refresh();
    expect(await app.services.events.lastSeq()).toBe(last + 1);
    expect((await timeline(urn)).changes.map((c: any) => c.aspect)).toEqual(['datasetProperties']);
  });

  it('refuses bad offsets, unknown topics and callers without the privilege', async () => {
    expect((await app.get('/openapi/v1/events/poll?offsetId=abc')).status).toBe(400);
    expect((await app.get('/openapi/v1/events/poll?topic=Nope')).status).toBe(400);
    expect((await app.request('PUT', '/openapi/v1/events/consumers/bad%20name', { offsetId: '1' })).status).toBe(400);
    const reader = await startTestApp('history-reader', { INDEX_PREFIX: app.prefix, DEFAULT_ROLE: 'Reader' });
    try {
      expect((await reader.get('/openapi/v1/events/poll?pollTimeoutSeconds=0')).status).toBe(403);
      expect((await reader.get(`/openapi/v3/timeline/${enc(ds('d1'))}`)).status).toBe(200);
    } finally {
      await reader.close({ keepIndices: true });
    }
  });
});
