/**
 * /mcp: Tessera's MCP endpoint driven by the MCP SDK's own client over streamable HTTP — the tool list (read-only by
 * default, write tools with MCP_WRITES=true), each tool over a small catalog written through REST, answers bounded
 * and flagged when cut, writes decided by the one authorization function, and the same authentication as every route.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mintToken } from '../../src/auth/tokens.js';
import { enc, startTestApp, TEST_SECRET, type TestApp } from './harness.js';
import { column, schemaOf } from './schema-fixtures.js';

const ds = (name: string, platform = 'hive') => `urn:li:dataset:(urn:li:dataPlatform:${platform},mcp.${name},PROD)`;
const [RAW, CLEAN, REPORT, WIDE] = [ds('raw'), ds('clean'), ds('report', 'snowflake'), ds('wide')];
const col = (dataset: string, path: string) => `urn:li:schemaField:(${dataset},${path})`;
const RETENTION = 'io.mcp.retention.days';
const RETENTION_URN = `urn:li:structuredProperty:${RETENTION}`;
const READ_TOOLS = ['compliance', 'get_entity', 'get_lineage', 'history', 'impact', 'list_schema_fields', 'search'];
const WRITE_TOOLS = ['add_tag', 'remove_tag', 'set_structured_property'];
const ANSWER_BYTES = 8 * 1024;

/** Writes MCP_WRITES=true and Readers by default; `readOnly` serves the same indices with the default settings. */
let app: TestApp;
let readOnly: TestApp;
let adminToken: string;
const clients: Client[] = [];

async function connect(target: TestApp, token: string): Promise<Client> {
  const client = new Client({ name: 'tessera-mcp-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${target.url}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
  clients.push(client);
  return client;
}

interface Answer {
  isError: boolean;
  text: string;
  json: any;
}

/** Calls a tool; every answer, error or not, is one text within the budget. */
async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<Answer> {
  const res = (await client.callTool({ name, arguments: args })) as { isError?: boolean; content: { type: string; text: string }[] };
  expect(res.content).toHaveLength(1);
  const text = res.content[0].text;
  expect(Buffer.byteLength(text)).toBeLessThanOrEqual(ANSWER_BYTES);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { isError: res.isError === true, text, json };
}
async function ok(client: Client, name: string, args: Record<string, unknown> = {}): Promise<any> {
  const a = await call(client, name, args);
  expect(a.isError, a.text).toBe(false);
  return a.json;
}

const put = async (urn: string, aspect: string, value: unknown) => {
  const r = await app.request('POST', `/openapi/v3/entity/${urn.split(':')[2]}/${enc(urn)}/${aspect}?createIfNotExists=false`, { value }, { token: adminToken });
  expect(r.status, r.text).toBe(200);
};
const fgl = (ups: string[], downs: string[]) => ({ upstreamType: 'FIELD_SET', upstreams: ups, downstreamType: 'FIELD', downstreams: downs });
const stamp = { time: 1, actor: 'urn:li:corpuser:etl' };

beforeAll(async () => {
  app = await startTestApp('mcp', { MCP_WRITES: 'true', DEFAULT_ROLE: 'Reader' });
  readOnly = await startTestApp('mcp-read-only', { INDEX_PREFIX: app.prefix });
  adminToken = await mintToken(TEST_SECRET, 'urn:li:corpuser:admin', 3600);
  for (const tag of ['pii', 'gold']) await put(`urn:li:tag:${tag}`, 'tagProperties', { name: tag });
  await put(RAW, 'datasetProperties', { name: 'raw events', description: `Raw click events. ${'Lorem ipsum dolor sit amet. '.repeat(20)}` });
  await put(RAW, 'schemaMetadata', schemaOf('raw', 'urn:li:dataPlatform:hive', [column('email', { tags: ['urn:li:tag:pii'], extra: { description: 'who clicked' } }), column('id', { kind: 'NumberType' })]));
  await put(RAW, 'globalTags', { tags: [{ tag: 'urn:li:tag:pii' }] });
  await put(RAW, 'editableSchemaMetadata', { editableSchemaFieldInfo: [{ fieldPath: 'id', description: 'the event id', glossaryTerms: { terms: [{ urn: 'urn:li:glossaryTerm:Id' }], auditStamp: stamp } }] });
  await put(CLEAN, 'datasetProperties', { name: 'clean events' });
  await put(CLEAN, 'schemaMetadata', schemaOf('clean', 'urn:li:dataPlatform:hive', [column('email_hash'), column('id')]));
  await put(CLEAN, 'upstreamLineage', { upstreams: [{ dataset: RAW, type: 'TRANSFORMED', auditStamp: stamp }], fineGrainedLineages: [fgl([col(RAW, 'email')], [col(CLEAN, 'email_hash')])] });
  await put(REPORT, 'datasetProperties', { name: 'weekly report' });
  await put(REPORT, 'upstreamLineage', { upstreams: [{ dataset: CLEAN, type: 'TRANSFORMED', auditStamp: stamp }] });
  // A dataset too large for one answer: 400 described columns, a long description and many custom properties.
  const columns = Array.from({ length: 400 }, (_, i) => column(`col_${String(i).padStart(3, '0')}`, { extra: { description: `Column ${i}: ${'x'.repeat(150)}` } }));
  await put(WIDE, 'datasetProperties', { name: 'wide table', description: 'w'.repeat(5000), customProperties: Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`key${i}`, 'v'.repeat(300)])) });
  await put(WIDE, 'schemaMetadata', schemaOf('wide', 'urn:li:dataPlatform:hive', columns));
  const definition = { qualifiedName: RETENTION, valueType: 'urn:li:dataType:datahub.number', entityTypes: ['urn:li:entityType:datahub.dataset'], cardinality: 'SINGLE' };
  await put(RETENTION_URN, 'propertyDefinition', definition);
  const rules = await app.request('POST', '/openapi/v3/structuredProperties/constraints', { urn: RETENTION_URN, constraints: { required: true, min: 1, max: 3650 } }, { token: adminToken });
  expect(rules.status, rules.text).toBe(200);
  await app.refresh();
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await readOnly?.close({ keepIndices: true });
  await app?.close();
});

describe('/mcp tools', () => {
  it('lists the read tools by default, and the write tools too with MCP_WRITES=true', async () => {
    const plain = await connect(readOnly, readOnly.token);
    const listed = (await plain.listTools()).tools;
    expect(listed.map((t) => t.name).sort()).toEqual(READ_TOOLS);
    expect(listed.every((t) => t.annotations?.readOnlyHint === true && t.description && t.inputSchema.type === 'object')).toBe(true);
    const writing = await connect(app, adminToken);
    expect((await writing.listTools()).tools.map((t) => t.name).sort()).toEqual([...READ_TOOLS, ...WRITE_TOOLS].sort());
    // A write tool of a read-only server is no tool at all.
    const absent = await call(plain, 'add_tag', { urn: RAW, tag: 'gold' });
    expect(absent).toMatchObject({ isError: true });
    expect(absent.text).toContain('add_tag');
  });

  it('searches with the query language, filters and facets, answering compact results and whether more exist', async () => {
    const client = await connect(app, app.token);
    const all = await ok(client, 'search', { query: 'mcp', types: ['dataset'], facets: ['platform', 'tags'], count: 2 });
    expect(all.total).toBe(4);
    expect(all.results).toHaveLength(2);
    expect(all.nextStart).toBe(2);
    expect(all.facets.platform).toEqual({ 'urn:li:dataPlatform:hive': 3, 'urn:li:dataPlatform:snowflake': 1 });
    expect(all.facets.tags).toEqual({ 'urn:li:tag:pii': 1 });
    const raw = await ok(client, 'search', { query: 'raw events', filters: [{ field: 'tags', values: ['pii'] }] });
    expect(raw).toMatchObject({ total: 1, start: 0, results: [{ urn: RAW, type: 'dataset', name: 'raw events', platform: 'urn:li:dataPlatform:hive', tags: ['urn:li:tag:pii'] }] });
    expect(raw.results[0].description.length).toBeLessThanOrEqual(200);
    expect(raw.nextStart).toBeUndefined();
    const refused = await call(client, 'search', { query: 'name:(' });
    expect(refused.isError).toBe(true);
    expect(refused.text).toMatch(/^Validation Error: /);
    expect((await call(client, 'search', { types: ['nosuchtype'] })).text).toContain('Unknown entity type nosuchtype');
  });

  it('reads an entity summarized, and cuts what does not fit with a flag', async () => {
    const client = await connect(app, app.token);
    const raw = await ok(client, 'get_entity', { urn: RAW, aspects: ['upstreamLineage', 'globalTags'] });
    expect(raw).toMatchObject({ urn: RAW, type: 'dataset', name: 'raw events', platform: 'urn:li:dataPlatform:hive', tags: ['urn:li:tag:pii'], columns: 2, included: { upstreamLineage: null, globalTags: { tags: [{ tag: 'urn:li:tag:pii' }] } } });
    expect(raw.description).toMatch(/^Raw click events/);
    expect(Object.keys(raw.aspectSizes)).toEqual(expect.arrayContaining(['datasetProperties', 'schemaMetadata', 'globalTags']));
    const wide = await ok(client, 'get_entity', { urn: WIDE, aspects: ['schemaMetadata'] });
    expect(wide.truncated).toBe(true);
    expect(wide.truncatedFields).toEqual(expect.arrayContaining(['description', 'customProperties']));
    expect(wide.description.length).toBeLessThan(5000);
    expect(wide.included.schemaMetadata).toMatchObject({ truncated: true });
    expect(wide.included.schemaMetadata.bytes).toBeGreaterThan(60_000);
    const missing = await call(client, 'get_entity', { urn: ds('nowhere') });
    expect(missing).toMatchObject({ isError: true, text: `Not Found: Entity ${ds('nowhere')} does not exist` });
    expect((await call(client, 'get_entity', { urn: 'not-an-urn' })).isError).toBe(true);
  });

  it('lists schema fields a page at a time with their tags, terms and descriptions, cut to fit', async () => {
    const client = await connect(app, app.token);
    const raw = await ok(client, 'list_schema_fields', { urn: RAW });
    expect(raw).toEqual({
      urn: RAW, total: 2, start: 0,
      fields: [
        { path: 'email', type: 'string', description: 'who clicked', tags: ['urn:li:tag:pii'] },
        { path: 'id', type: 'NumberType', description: 'the event id', terms: ['urn:li:glossaryTerm:Id'] },
      ],
    });
    expect(await ok(client, 'list_schema_fields', { urn: RAW, count: 1 })).toMatchObject({ total: 2, fields: [{ path: 'email' }], nextStart: 1 });
    const wide = await ok(client, 'list_schema_fields', { urn: WIDE, count: 200 });
    expect(wide).toMatchObject({ total: 400, truncated: true });
    expect(wide.fields.length).toBeGreaterThan(10);
    expect(wide.fields.length).toBeLessThan(200);
    expect(wide.nextStart).toBe(wide.fields.length);
    const next = await ok(client, 'list_schema_fields', { urn: WIDE, start: wide.nextStart, count: 5 });
    expect(next.fields[0].path).toBe(`col_${String(wide.nextStart).padStart(3, '0')}`);
    expect(await ok(client, 'list_schema_fields', { urn: WIDE, query: 'COL_39' })).toMatchObject({ total: 10 });
  });

  it('walks lineage within the hops asked, from an entity or a column, and answers the impact with facets', async () => {
    const client = await connect(app, app.token);
    const down = await ok(client, 'get_lineage', { urn: RAW });
    expect(down).toMatchObject({ urn: RAW, direction: 'DOWNSTREAM', hops: 3, total: 2 });
    expect(down.nodes.map((n: any) => [n.urn, n.degree, n.via])).toEqual([[CLEAN, 1, [RAW]], [REPORT, 2, [CLEAN]]]);
    expect((await ok(client, 'get_lineage', { urn: RAW, hops: 1 })).nodes.map((n: any) => n.urn)).toEqual([CLEAN]);
    const up = await ok(client, 'get_lineage', { urn: REPORT, direction: 'UPSTREAM' });
    expect(up.nodes.map((n: any) => [n.urn, n.degree])).toEqual([[CLEAN, 1], [RAW, 2]]);
    const columns = await ok(client, 'get_lineage', { urn: RAW, column: 'email' });
    expect(columns.urn).toBe(col(RAW, 'email'));
    expect(columns.nodes).toEqual([expect.objectContaining({ urn: CLEAN, degree: 1, columns: [{ column: 'email_hash', degree: 1, via: [col(RAW, 'email')] }] })]);

    const impact = await ok(client, 'impact', { urn: RAW, facets: ['platform'] });
    expect(impact).toMatchObject({ urn: RAW, total: 2, degrees: { '1': 1, '2': 1, '3+': 0 }, facets: { platform: { 'urn:li:dataPlatform:hive': 1, 'urn:li:dataPlatform:snowflake': 1 } } });
    expect(impact.results.map((r: any) => [r.urn, r.name, r.degree]).sort()).toEqual([[CLEAN, 'clean events', 1], [REPORT, 'weekly report', 2]].sort());
    const filtered = await ok(client, 'impact', { urn: RAW, filters: [{ field: 'platform', values: ['snowflake'] }] });
    expect(filtered.results.map((r: any) => r.urn)).toEqual([REPORT]);
  });

  it('adds a tag as an authorized caller, readable through REST and in the history, and removes it', async () => {
    const client = await connect(app, adminToken);
    expect(await ok(client, 'add_tag', { urn: CLEAN, tag: 'gold' })).toMatchObject({ ok: true });
    const tags = await app.request('GET', `/openapi/v3/entity/dataset/${enc(CLEAN)}/globalTags`, undefined, { token: adminToken });
    expect(tags.body.globalTags.value.tags.map((t: { tag: string }) => t.tag)).toEqual(['urn:li:tag:gold']);
    expect(await ok(client, 'add_tag', { urn: CLEAN, tag: 'urn:li:tag:pii', column: 'email_hash' })).toMatchObject({ ok: true });

    const history = await ok(client, 'history', { urn: CLEAN, categories: ['TAG'] });
    expect(history.urn).toBe(CLEAN);
    expect(history.changes[0]).toMatchObject({ actor: 'urn:li:corpuser:admin', category: 'TAG', operation: 'ADD', modifier: 'urn:li:tag:pii', fieldPath: 'email_hash' });
    expect(history.changes[1]).toMatchObject({ actor: 'urn:li:corpuser:admin', category: 'TAG', operation: 'ADD', modifier: 'urn:li:tag:gold' });
    expect(Date.parse(history.changes[1].time)).toBeGreaterThan(Date.now() - 60_000);
    // Once relayed (the relay runs in every served process; here by hand), pages follow the cursor.
    await app.services.relay.tick();
    // The write ran with its request's provenance (the route's mayChange): its record names the request.
    const timeline = await app.request('GET', `/openapi/v3/timeline/${enc(CLEAN)}?category=TAG`, undefined, { token: adminToken });
    expect(timeline.body.changes[0]).toMatchObject({ actor: 'urn:li:corpuser:admin', requestId: expect.any(String), via: 'MCP' });
    const first = await ok(client, 'history', { urn: CLEAN, count: 1, order: 'asc' });
    expect(first.changes).toHaveLength(1);
    const second = await ok(client, 'history', { urn: CLEAN, count: 1, order: 'asc', cursor: first.nextCursor });
    expect(second.changes).toHaveLength(1);
    expect(second.changes[0]).not.toEqual(first.changes[0]);

    expect(await ok(client, 'remove_tag', { urn: CLEAN, tag: 'gold' })).toMatchObject({ ok: true });
    const after = await app.request('GET', `/openapi/v3/entity/dataset/${enc(CLEAN)}/globalTags`, undefined, { token: adminToken });
    expect(after.body.globalTags.value.tags).toEqual([]);
    const missingTag = await call(client, 'add_tag', { urn: CLEAN, tag: 'nosuchtag' });
    expect(missingTag.isError).toBe(true);
    expect(missingTag.text).toContain('urn:li:tag:nosuchtag');
  });

  it('refuses a Reader a write tool with the authorization function\'s message, changing nothing', async () => {
    const reader = await connect(app, app.token);
    const refused = await call(reader, 'add_tag', { urn: RAW, tag: 'gold' });
    expect(refused.isError).toBe(true);
    expect(refused.text).toMatch(/^Forbidden: .*urn:li:corpuser:tester lacks the privilege EDIT_ENTITY_TAGS for tag urn:li:tag:gold/);
    expect(refused.text).not.toContain('    at ');
    const property = await call(reader, 'set_structured_property', { urn: RAW, property: RETENTION, values: [30] });
    expect(property.text).toMatch(/^Forbidden: .*EDIT_ENTITY_PROPERTIES/);
    const tags = await app.request('GET', `/openapi/v3/entity/dataset/${enc(RAW)}/globalTags`, undefined, { token: adminToken });
    expect(tags.body.globalTags.value.tags).toEqual([{ tag: 'urn:li:tag:pii' }]);
  });

  it('sets a structured property value under its rules and reports the property\'s compliance', async () => {
    const client = await connect(app, adminToken);
    expect(await ok(client, 'set_structured_property', { urn: RAW, property: RETENTION, values: [90] })).toEqual({ ok: true, urn: RAW, property: RETENTION_URN, values: [90] });
    const broken = await call(client, 'set_structured_property', { urn: CLEAN, property: RETENTION_URN, values: [5000] });
    expect(broken.isError).toBe(true);
    expect(broken.text).toContain('breaks rule max');
    await app.refresh();
    const report = await ok(client, 'compliance', { properties: [RETENTION], samples: 5 });
    expect(report).toMatchObject({ total: 1, properties: [{ urn: RETENTION_URN, required: true, applicable: 4, compliant: 1, missing: 3, invalid: 0 }] });
    expect(report.properties[0].missingSamples.sort()).toEqual([CLEAN, REPORT, WIDE].sort());
    const everyRequired = await ok(client, 'compliance');
    expect(everyRequired.properties.map((p: { urn: string }) => p.urn)).toEqual([RETENTION_URN]);
  });
});

describe('/mcp over HTTP', () => {
  it('refuses an unauthenticated request with 401, as every route does', async () => {
    const res = await fetch(`${app.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(res.status).toBe(401);
    const client = new Client({ name: 'anonymous', version: '1.0.0' });
    await expect(client.connect(new StreamableHTTPClientTransport(new URL(`${app.url}/mcp`)))).rejects.toThrow(/Unauthorized/);
  });

  it('answers GET and DELETE with 405: the endpoint is stateless', async () => {
    for (const method of ['GET', 'DELETE']) {
      const res = await app.request(method, '/mcp', undefined, { headers: { accept: 'text/event-stream' } });
      expect(res.status, method).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
      expect(res.body.error.message).toContain('stateless');
    }
  });
});
