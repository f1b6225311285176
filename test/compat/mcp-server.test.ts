/**
 * The original's MCP server (mcp-server-datahub, pinned in the compat virtualenv), unchanged, pointed at Tessera's
 * `/gms` with a stored token, and driven by a real MCP client (the official TypeScript SDK) over stdio — then over
 * HTTP, where the server checks each request's token against Tessera. Every tool it offers is called, and what the
 * edit tools write is read back through Tessera's own API.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { enc, startTestApp, type TestApp } from '../integration/harness.js';
import { seedEntity } from './datahub.js';

let app: TestApp;
let client: Client;

const serverEnv = (extra: Record<string, string>) => ({
  PATH: process.env.PATH ?? '',
  HOME: '/tmp',
  DATAHUB_TELEMETRY_ENABLED: 'false',
  TOOLS_IS_MUTATION_ENABLED: 'true',
  TOOLS_IS_USER_ENABLED: 'true',
  ...extra,
});

const UP = 'urn:li:dataset:(urn:li:dataPlatform:postgres,mcp.raw_orders,PROD)';
const DS = 'urn:li:dataset:(urn:li:dataPlatform:postgres,mcp.orders,PROD)';
const TAG = 'urn:li:tag:pii';
const TERM = 'urn:li:glossaryTerm:Order';
const DOMAIN = 'urn:li:domain:sales';
const USER = 'urn:li:corpuser:grace';
const PROPERTY = 'urn:li:structuredProperty:mcp.retention';

const seed = (type: string, urn: string, aspects: Record<string, unknown>) => seedEntity(app, type, urn, aspects);

const column = (fieldPath: string) => ({ fieldPath, nativeDataType: 'text', type: { type: { 'com.linkedin.schema.StringType': {} } } });

beforeAll(async () => {
  app = await startTestApp('compat-mcp-server');
  await seed('tag', TAG, { tagProperties: { name: 'pii' } });
  await seed('glossaryTerm', TERM, { glossaryTermInfo: { name: 'Order', definition: 'A customer order', termSource: 'INTERNAL' } });
  await seed('domain', DOMAIN, { domainProperties: { name: 'Sales' } });
  await seed('corpuser', USER, { corpUserInfo: { active: true, displayName: 'Grace Hopper', email: 'grace@example.com' } });
  const def = { qualifiedName: 'mcp.retention', valueType: 'urn:li:dataType:service.number', cardinality: 'SINGLE', entityTypes: ['urn:li:entityType:service.dataset'] };
  expect((await app.post(`/openapi/v3/entity/structuredProperty/${enc(PROPERTY)}/propertyDefinition?createIfNotExists=false`, { value: def })).status).toBe(200);
  await seed('dataset', UP, { datasetProperties: { name: 'raw_orders' }, schemaMetadata: { schemaName: 'raw_orders', platform: 'urn:li:dataPlatform:postgres', version: 0, hash: '', platformSchema: { 'com.linkedin.schema.OtherSchema': { rawSchema: '' } }, fields: [column('id'), column('email')] } });
  await seed('dataset', DS, {
    datasetProperties: { name: 'orders', description: 'Every order placed in the shop' },
    schemaMetadata: { schemaName: 'orders', platform: 'urn:li:dataPlatform:postgres', version: 0, hash: '', platformSchema: { 'com.linkedin.schema.OtherSchema': { rawSchema: '' } }, fields: [column('id'), column('customer_email'), column('total')] },
    upstreamLineage: { upstreams: [{ dataset: UP, type: 'TRANSFORMED', auditStamp: { time: 0, actor: 'urn:li:corpuser:etl' } }], fineGrainedLineages: [{ upstreamType: 'FIELD_SET', upstreams: [`urn:li:schemaField:(${UP},email)`], downstreamType: 'FIELD', downstreams: [`urn:li:schemaField:(${DS},customer_email)`] }] },
  });
  await app.refresh();
}, 120_000);
afterAll(async () => {
  await client?.close();
  await app?.close();
});

/** Calls a tool and answers its JSON result; a tool error fails the test with the server's message. */
async function call(c: Client, name: string, args: Record<string, unknown>): Promise<any> {
  const res = (await c.callTool({ name, arguments: args })) as { isError?: boolean; content: { type: string; text?: string }[]; structuredContent?: unknown };
  const text = res.content.map((p) => p.text ?? '').join('');
  expect(res.isError ?? false, `${name}: ${text}`).toBe(false);
  if (res.structuredContent !== undefined) return (res.structuredContent as { result?: unknown }).result ?? res.structuredContent;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const aspect = async (urn: string, name: string) => (await app.get(`/openapi/v3/entity/${urn.split(':')[2]}/${enc(urn)}/${name}`)).body?.[name]?.value;

/** Every tool a Core is offered, called through `connect`'s client; each edit read back through Tessera's REST. */
function everyTool(transport: string, connect: () => Promise<Client>): void {
  describe(`the original MCP server over ${transport}`, () => {
    beforeAll(async () => {
      client = await connect();
    }, 120_000);
    afterAll(async () => {
      await client?.close();
    });

    it('offers every tool of a DataHub Core at the version Tessera advertises', async () => {
      const names = (await client.listTools()).tools.map((t) => t.name).sort();
      expect(names).toEqual(expect.arrayContaining(['search', 'get_entities', 'list_schema_fields', 'get_lineage', 'get_lineage_paths_between', 'get_dataset_queries', 'get_aspect_history', 'get_me',
        'add_tags', 'remove_tags', 'add_terms', 'remove_terms', 'add_owners', 'remove_owners', 'set_domains', 'remove_domains', 'update_description', 'add_structured_properties', 'remove_structured_properties', 'save_document']));
      // Document search appears once the catalog holds a document (see below).
      expect(names).not.toContain('search_documents');
    });

    it('search finds a dataset by a word of its description, and by /q with a field', async () => {
      const found = await call(client, 'search', { query: 'shop', num_results: 5 });
      expect(JSON.stringify(found)).toContain(DS);
      const structured = await call(client, 'search', { query: '/q name:orders', filter: 'entity_type = dataset' });
      expect(JSON.stringify(structured)).toContain(DS);
      for (const sort_by of ['lastOperationTime', 'name']) {
        const sorted = await call(client, 'search', { query: '*', filter: 'entity_type = dataset', sort_by, sort_order: 'desc' });
        expect(JSON.stringify(sorted), sort_by).toContain(DS);
      }
    });

    it('get_entities, list_schema_fields and get_me read what Tessera stores', async () => {
      const entities = await call(client, 'get_entities', { urns: [DS] });
      expect(JSON.stringify(entities)).toContain('Every order placed in the shop');
      const fields = await call(client, 'list_schema_fields', { urn: DS, keywords: ['email'] });
      expect(fields).toMatchObject({ matchingCount: 1, totalFields: 3 });
      expect(fields.fields[0].fieldPath).toBe('customer_email');
      const me = await call(client, 'get_me', {});
      expect(JSON.stringify(me)).toContain('urn:li:corpuser:');
    });

    it('get_lineage and get_lineage_paths_between follow the upstream table and column', async () => {
      const lineage = await call(client, 'get_lineage', { urn: DS, upstream: true, max_hops: 1 });
      expect(JSON.stringify(lineage)).toContain(UP);
      const paths = await call(client, 'get_lineage_paths_between', { source_urn: UP, target_urn: DS });
      expect(JSON.stringify(paths)).toContain(DS);
    });

    it('get_dataset_queries and get_aspect_history answer for the dataset', async () => {
      const queries = await call(client, 'get_dataset_queries', { urn: DS });
      expect(queries).toBeDefined();
      const history = await call(client, 'get_aspect_history', { urns: [DS], aspect_names: ['datasetProperties'] });
      expect(JSON.stringify(history)).toContain('Every order placed in the shop');
    });

    it('edits tags, terms, owners, domain, description and structured properties, and Tessera stores each', async () => {
      await call(client, 'add_tags', { tag_urns: [TAG], entity_urns: [DS] });
      expect((await aspect(DS, 'globalTags')).tags.map((t: { tag: string }) => t.tag)).toEqual([TAG]);
      await call(client, 'add_tags', { tag_urns: [TAG], entity_urns: [DS], column_paths: ['customer_email'] });
      expect(JSON.stringify(await aspect(DS, 'editableSchemaMetadata'))).toContain(TAG);
      await call(client, 'remove_tags', { tag_urns: [TAG], entity_urns: [DS] });
      expect((await aspect(DS, 'globalTags')).tags).toEqual([]);

      await call(client, 'add_terms', { term_urns: [TERM], entity_urns: [DS] });
      expect((await aspect(DS, 'glossaryTerms')).terms.map((t: { urn: string }) => t.urn)).toEqual([TERM]);
      await call(client, 'remove_terms', { term_urns: [TERM], entity_urns: [DS] });
      expect((await aspect(DS, 'glossaryTerms')).terms).toEqual([]);

      await call(client, 'add_owners', { owner_urns: [USER], entity_urns: [DS], ownership_type: 'urn:li:ownershipType:__system__technical_owner' });
      expect((await aspect(DS, 'ownership')).owners.map((o: { owner: string }) => o.owner)).toEqual([USER]);
      await call(client, 'remove_owners', { owner_urns: [USER], entity_urns: [DS] });
      expect((await aspect(DS, 'ownership')).owners).toEqual([]);

      await call(client, 'set_domains', { domain_urn: DOMAIN, entity_urns: [DS] });
      expect((await aspect(DS, 'domains')).domains).toEqual([DOMAIN]);
      await call(client, 'remove_domains', { entity_urns: [DS] });
      expect((await aspect(DS, 'domains')).domains).toEqual([]);

      await call(client, 'update_description', { entity_urn: DS, operation: 'replace', description: 'Orders, one row each' });
      await call(client, 'update_description', { entity_urn: DS, operation: 'append', description: 'Refunds are separate.' });
      const edited = (await aspect(DS, 'editableDatasetProperties')).description as string;
      expect(edited).toContain('Orders, one row each');
      expect(edited).toContain('Refunds are separate.');
      await call(client, 'update_description', { entity_urn: DS, operation: 'replace', description: 'The email the order was placed with', column_path: 'customer_email' });
      expect(JSON.stringify(await aspect(DS, 'editableSchemaMetadata'))).toContain('The email the order was placed with');

      await call(client, 'add_structured_properties', { property_values: { [PROPERTY]: ['30'] }, entity_urns: [DS] });
      expect(JSON.stringify(await aspect(DS, 'structuredProperties'))).toContain(PROPERTY);
      await call(client, 'remove_structured_properties', { property_urns: [PROPERTY], entity_urns: [DS] });
      expect(JSON.stringify((await aspect(DS, 'structuredProperties')) ?? {})).not.toContain(PROPERTY);
    });
  });
}

/** A loopback port nothing listens on now. */
async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const port = (server.address() as { port: number }).port;
  await new Promise((r) => server.close(r));
  return port;
}


/** The original's MCP server as a child process speaking stdio, with the app's token. */
const overStdio = async (): Promise<Client> => {
  const c = new Client({ name: 'tessera-compat', version: '1.0.0' });
  await c.connect(new StdioClientTransport({ command: join(inject('datahubVenv'), 'bin', 'mcp-server-datahub'), env: serverEnv({ DATAHUB_GMS_URL: `${app.url}/gms`, DATAHUB_GMS_TOKEN: app.token }), stderr: 'pipe' }));
  return c;
};

/** Its HTTP mode (`mcp-server-datahub-http`): no token of its own, each request's token checked against Tessera. */
let httpServer: ChildProcess | undefined;
let httpUrl = '';
async function startHttpServer(): Promise<void> {
  const port = await freePort();
  httpUrl = `http://127.0.0.1:${port}/mcp`;
  httpServer = spawn(join(inject('datahubVenv'), 'bin', 'mcp-server-datahub-http'), [], {
    env: serverEnv({ DATAHUB_GMS_URL: `${app.url}/gms`, FASTMCP_HOST: '127.0.0.1', FASTMCP_PORT: String(port) }),
    stdio: 'ignore',
  });
  // Up when its health route answers (it starts in a few seconds; a minute is far beyond that).
  for (const until = Date.now() + 60_000; (await fetch(`http://127.0.0.1:${port}/health`).catch(() => undefined))?.status !== 200; ) {
    if (Date.now() > until) throw new Error('mcp-server-datahub-http did not answer /health within a minute');
    await new Promise((r) => setTimeout(r, 250));
  }
}
const overHttp = async (token: string): Promise<Client> => {
  if (!httpServer) await startHttpServer();
  const c = new Client({ name: 'tessera-compat-http', version: '1.0.0' });
  await c.connect(new StreamableHTTPClientTransport(new URL(httpUrl), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
  return c;
};
afterAll(() => {
  httpServer?.kill();
});

everyTool('stdio', overStdio);
everyTool('HTTP, each request token checked against Tessera', () => overHttp(app.token));

describe('the original MCP server over HTTP', () => {
  it('refuses a client whose token Tessera does not accept', async () => {
    await expect(overHttp('not-a-token')).rejects.toThrow(/401|nauthori[sz]ed|invalid_token/i);
  });
});

describe("the original MCP server's knowledge documents", () => {
  it('save_document stores a document over HTTP and stdio; servers started after the first (stdio and HTTP) offer search_documents and grep_documents, which find them', async () => {
    // Saved over HTTP: the tool through the running server that checks each request's token.
    const httpWriter = await overHttp(app.token);
    const saved = await call(httpWriter, 'save_document', { document_type: 'FAQ', title: 'Where do refunds go?', content: 'Refunds are kept in shop.refunds, one row per refund; orders keep the original total.', related_assets: [DS] });
    await httpWriter.close();
    const urn = JSON.stringify(saved).match(/urn:li:document:[^"\\]+/)?.[0];
    expect(urn, JSON.stringify(saved)).toBeDefined();
    expect((await aspect(urn!, 'documentInfo')).title).toBe('Where do refunds go?');
    await app.refresh();
    // The server decides once a minute whether the catalog has documents: a new one decides now.
    httpServer?.kill();
    httpServer = undefined;
    const fresh = await overStdio();
    const freshHttp = await overHttp(app.token);
    try {
      // Saved over stdio too, through the new server.
      const note = await call(fresh, 'save_document', { document_type: 'Note', title: 'Refund ledger owner', content: 'The finance team owns shop.refunds.' });
      const noteUrn = JSON.stringify(note).match(/urn:li:document:[^"\\]+/)?.[0];
      expect((await aspect(noteUrn!, 'documentInfo')).title).toBe('Refund ledger owner');
      await app.refresh();
      for (const c of [fresh, freshHttp]) {
        const names = (await c.listTools()).tools.map((t) => t.name);
        expect(names).toEqual(expect.arrayContaining(['search_documents', 'grep_documents']));
        expect(JSON.stringify(await call(c, 'search_documents', { query: 'refunds' }))).toContain(urn!);
        expect(JSON.stringify(await call(c, 'search_documents', { query: 'finance' }))).toContain(noteUrn!);
        const grep = await call(c, 'grep_documents', { urns: [urn!], pattern: 'one row per \\w+' });
        expect(JSON.stringify(grep)).toContain('one row per refund');
      }
      // The document is one of the dataset's related documents.
      const related = await app.graphql(`query($urn: String!) { dataset(urn: $urn) { relatedDocuments(input: { start: 0, count: 10 }) { total documents { urn info { title } } } } }`, { urn: DS });
      expect(related.errors).toBeUndefined();
      expect(related.data.dataset.relatedDocuments.documents).toEqual([{ urn, info: { title: 'Where do refunds go?' } }]);
    } finally {
      await fresh.close();
      await freshHttp.close();
    }
  });
});
