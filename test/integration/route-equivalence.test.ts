/**
 * Every route of the OpenAPI documents and every GraphQL operation of the schema, walked through every way in — with
 * and without `/gms`, with a trailing slash, in other letter case, v2 and v3 — with good and bad input, must answer
 * alike: the same status, the headers that matter and the same body. One route table and one pipeline serve them all
 * (src/http/routes.ts, src/http/pipeline.ts); this walk is what keeps a second way in from drifting. Every probe of every
 * operation is sent as documented; the other ways in are walked with every probe of the first operation of each route
 * shape (the same pattern for every entity type and aspect), since a way in is undone before the one table is asked.
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { buildSchema, isNonNullType, isObjectType, isScalarType, getNamedType, type GraphQLField } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '../../src/http/openapi/document.js';
import { findEntityType, type KeyField } from '../../src/model/entity-types.js';
import { loadTypeDefs } from '../../src/graphql/handler.js';
import { enc, startTestApp, type TestApp, type TestResponse } from './harness.js';

const DS = 'urn:li:dataset:(urn:li:dataPlatform:hive,walk.users,PROD)';
const TAG = 'urn:li:tag:walk';
const SP = 'urn:li:structuredProperty:io.walk.retention';
const MISSING = 'urn:li:dataset:(urn:li:dataPlatform:hive,walk.nothing,PROD)';
const HEADERS = ['content-type', 'not-found-reason', 'www-authenticate', 'retry-after', 'allow', 'cache-control', 'content-security-policy'];

/** A URN of each entity type a path names; the seeded ones exist, the rest are well-formed and absent. */
const SAMPLE_URNS: Record<string, string> = {
  dataset: DS,
  tag: TAG,
  structuredproperty: SP,
  schemafield: `urn:li:schemaField:(${DS},user_id)`,
  dataflow: 'urn:li:dataFlow:(airflow,walk_flow,PROD)',
  datajob: 'urn:li:dataJob:(urn:li:dataFlow:(airflow,walk_flow,PROD),walk_task)',
  corpuser: 'urn:li:corpuser:walker',
  corpgroup: 'urn:li:corpGroup:walkers',
  dataplatform: 'urn:li:dataPlatform:hive',
  glossaryterm: 'urn:li:glossaryTerm:walk',
  domain: 'urn:li:domain:walk',
  container: 'urn:li:container:walk',
  chart: 'urn:li:chart:(looker,walk)',
  dashboard: 'urn:li:dashboard:(looker,walk)',
};

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp('route-walk');
  const seeds: [string, unknown][] = [
    [`/openapi/v3/entity/structuredproperty/${enc(SP)}/propertyDefinition`, { value: { qualifiedName: 'io.walk.retention', valueType: 'urn:li:dataType:datahub.number', entityTypes: ['urn:li:entityType:datahub.dataset'], cardinality: 'SINGLE' } }],
    [`/openapi/v3/entity/tag/${enc(TAG)}/tagProperties`, { value: { name: 'walk' } }],
    [`/openapi/v3/entity/dataset/${enc(DS)}/datasetProperties`, { value: { name: 'users', description: 'walked', customProperties: { n: '1' } } }],
    [`/openapi/v3/entity/dataset/${enc(DS)}/globalTags`, { value: { tags: [{ tag: TAG }] } }],
    [`/openapi/v3/entity/dataset/${enc(DS)}/structuredProperties`, { value: { properties: [{ propertyUrn: SP, values: [{ double: 30 }] }] } }],
  ];
  for (const [path, body] of seeds) {
    const w = await app.post(`${path}?createIfNotExists=false`, body);
    expect(w.status, `${path} ${w.text}`).toBe(200);
  }
  await app.refresh();
});
afterAll(async () => app?.close());

/** Answers differ only where time passes between the variants: epoch-millisecond stamps and request ids. */
function normalised(r: TestResponse): unknown {
  const walk = (v: unknown): unknown => {
    if (typeof v === 'number' && v > 1e12 && v < 1e14) return '<time>';
    // A 404 for no route names the path as it was sent.
    if (typeof v === 'string' && v.startsWith('No route for ')) return v.replace(/^(No route for \S+) \S+$/, '$1 <path>');
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, /^(runId|requestId)$/.test(k) ? '<id>' : walk(x)]));
    return v;
  };
  return {
    status: r.status,
    headers: Object.fromEntries(HEADERS.map((h) => [h, r.headers.get(h)])),
    // Metrics change with every request; any other text (pages, scripts) must be the same bytes but for the /gms base it names.
    body: r.body !== undefined ? walk(r.body) : /version=0\.0\.4/.test(r.headers.get('content-type') ?? '') ? '<metrics>' : createHash('sha1').update(r.text.replace(/\/gms(?=\/)/gi, '')).digest('hex'),
  };
}

/** The ways into one path: as documented, under /gms, with a trailing slash, with its first segment in upper case. */
function waysIn(path: string): string[] {
  const [p, q] = path.split('?');
  const query = q === undefined ? '' : `?${q}`;
  const upper = p.replace(/^\/([a-z]+)/, (_, s: string) => `/${s.toUpperCase()}`);
  return [path, `/gms${path}`, `${p}/${query}`, `${upper}${query}`, `/gms${p}/${query}`];
}

interface Probe {
  method: string;
  path: string;
  body?: unknown;
  contentType?: string;
  token?: string | null;
  headers?: Record<string, string>;
}

const answers: Record<string, unknown> = {};

/** Route shapes walked every way in already: method and template with the entity type and aspect left open. */
const shapesWalked = new Set<string>();
function firstOfShape(method: string, template: string): boolean {
  const shape = `${method} ${template.replace(/\/entity\/[a-z]+/, '/entity/{type}').replace(/(\{urn\}\/)[A-Za-z0-9]+/, '$1{aspect}')}`;
  if (shapesWalked.has(shape)) return false;
  shapesWalked.add(shape);
  return true;
}

async function expectAlike(probe: Probe, allWays = true): Promise<TestResponse> {
  let first: { way: string; answer: unknown; res: TestResponse } | undefined;
  for (const way of allWays ? waysIn(probe.path) : [probe.path]) {
    const res = await app.request(probe.method, way, probe.body, { token: probe.token, contentType: probe.contentType, headers: probe.headers });
    const answer = normalised(res);
    if (!first) first = { way, answer, res };
    else expect(answer, `${probe.method} ${way} differs from ${first.way}`).toEqual(first.answer);
    expect(res.status, `${probe.method} ${way}: ${res.text.slice(0, 300)}`).toBeLessThan(500);
  }
  answers[`${probe.method} ${probe.path} ${probe.token === null ? 'anonymous' : ''} ${JSON.stringify(probe.headers ?? {})} ${probe.contentType ?? ''} ${JSON.stringify(probe.body ?? null).slice(0, 200)}`] = first!.answer;
  return first!.res;
}

/** A well-formed URN of a type without a sample above, from its key fields in the registry (an absent entity). */
function sampleOf(type: string): string | undefined {
  const def = findEntityType(type);
  if (!def) return undefined;
  const part = (k: KeyField) => (k.kind === 'fabric' ? 'PROD' : k.kind === 'urn' ? SAMPLE_URNS[(k.entityType ?? 'dataset').toLowerCase()] ?? DS : 'walk');
  return def.key.length === 1 ? `urn:li:${def.name}:walk` : `urn:li:${def.name}:(${def.key.map(part).join(',')})`;
}

function concrete(template: string): string {
  const type = /\/entity\/([a-z]+)/.exec(template)?.[1];
  return template
    .replace('{urn}', enc(SAMPLE_URNS[type ?? ''] ?? sampleOf(type ?? '') ?? DS))
    .replace('{id}', 'no-such-job')
    .replace(/\{[^}]+\}/g, 'x');
}

/** What each documented operation is sent: its good input (read back from the store where it writes) and bad input. */
async function probesOf(method: string, template: string): Promise<Probe[]> {
  const path = concrete(template);
  const m = method.toUpperCase();
  const anonymous: Probe = { method: m, path, token: null };
  if (m === 'GET' || m === 'HEAD') {
    // The event poll answers at once when asked not to wait for new events (it would hold each probe 5 s).
    const read = template.endsWith('/events/poll') ? `${path}?pollTimeoutSeconds=0` : path;
    const bad = template.includes('{urn}') ? read.replace(/\/[^/]*urn%3A[^/?]*/, '/not-a-urn') : `${read}${read.includes('?') ? '&' : '?'}count=-1`;
    return [{ method: m, path: read }, { method: m, path: bad }, { ...anonymous, path: read }];
  }
  if (m === 'DELETE') {
    // Deletes go to an absent entity: the answer is the same however often it is sent.
    return [{ method: m, path: path.replace(enc(DS), enc(MISSING)) }, { method: m, path: path.replace(/\/[^/]*urn%3A[^/?]*/, '/not-a-urn') }, anonymous];
  }
  const probes: Probe[] = [
    { method: m, path, body: '{"broken json', contentType: 'application/json' },
    { method: m, path, body: [{ nonsense: true }], contentType: m === 'PATCH' ? 'application/json-patch+json' : 'application/json' },
    { method: m, path, body: 'x', contentType: 'text/plain' },
    anonymous,
  ];
  // Good input for single-aspect writes: the stored value written back (an unchanged write answers the same each time).
  const aspectRoute = /^\/openapi\/(v2|v3)\/entity\/[a-z]+\/\{urn\}\/([A-Za-z]+)$/.exec(template);
  if (aspectRoute && m === 'POST') {
    const read = await app.get(`/openapi/v3/entity/dataset/${enc(DS)}/${aspectRoute[2]}`);
    if (read.status === 200 && path.includes(enc(DS))) {
      const value = read.body.value;
      probes.push({ method: m, path: `${path}?createIfNotExists=false`, body: aspectRoute[1] === 'v3' ? { value } : value });
    }
  }
  if (aspectRoute && m === 'PATCH' && path.includes(enc(DS))) {
    probes.push({ method: m, path, body: [{ op: 'test', path: '/name', value: 'users' }], contentType: 'application/json-patch+json' });
  }
  return probes;
}

describe('every route, every way in', () => {
  for (const version of ['v2', 'v3'] as const) {
    it(`answers alike on every ${version} OpenAPI operation, good and bad input, with and without a token`, async () => {
      const doc = openApiDocument(version) as { paths: Record<string, Record<string, unknown>> };
      let walked = 0;
      for (const [template, item] of Object.entries(doc.paths)) {
        for (const method of Object.keys(item).filter((k) => k !== 'parameters')) {
          const allWays = firstOfShape(method, template);
          for (const probe of await probesOf(method, template)) {
            await expectAlike(probe, allWays);
            walked++;
          }
        }
      }
      expect(walked).toBeGreaterThan(200);
      expect(shapesWalked.size).toBeGreaterThan(50);
    }, 600_000);
  }

  it('answers alike on every GraphQL query and mutation field, good and bad input, on every GraphQL path', async () => {
    const schema = buildSchema(loadTypeDefs().join('\n'));
    const urnFor = (field: string) => (/tag/i.test(field) ? TAG : /propert/i.test(field) ? SP : DS);
    const selectionOf = (f: GraphQLField<unknown, unknown>) => (isScalarType(getNamedType(f.type)) || !isObjectType(getNamedType(f.type)) && !('getFields' in getNamedType(f.type)) ? '' : '{ __typename }');
    const documents: { query: string; variables?: object }[] = [];
    for (const [kind, type] of [['query', schema.getQueryType()], ['mutation', schema.getMutationType()]] as const) {
      for (const f of Object.values(type!.getFields())) {
        // Bad: required arguments missing (or an unknown one), refused by validation before anything runs.
        documents.push({ query: `${kind} { ${f.name}(noSuchArgument: 1) ${selectionOf(f)} }` });
        const required = f.args.filter((a) => isNonNullType(a.type) && a.defaultValue === undefined);
        // Good: reads whose required arguments are URNs, with a seeded URN and a wrong-typed one.
        if (kind === 'query' && required.every((a) => a.name === 'urn' && isScalarType(getNamedType(a.type)))) {
          const args = required.length ? `(urn: $urn)` : '';
          const vars = required.length ? '($urn: String!)' : '';
          documents.push({ query: `query q${vars} { ${f.name}${args} ${selectionOf(f)} }`, variables: { urn: urnFor(f.name) } });
          if (required.length) documents.push({ query: `query q${vars} { ${f.name}${args} ${selectionOf(f)} }`, variables: { urn: 7 } });
        }
      }
    }
    documents.push({ query: '{ searchAcrossEntities(input: {types: [DATASET], query: "*", start: 0, count: 5}) { total searchResults { entity { urn } } } }' });
    documents.push({ query: '{ scrollAcrossEntities(input: {types: [DATASET], query: "*", count: 5}) { count searchResults { entity { urn } } } }' });
    documents.push({ query: `mutation { addTag(input: {tagUrn: "${TAG}", resourceUrn: "${DS}"}) }` });
    expect(documents.length).toBeGreaterThan(40);
    for (const body of documents) {
      for (const path of ['/api/graphql', '/api/v2/graphql']) await expectAlike({ method: 'POST', path, body });
    }
    await expectAlike({ method: 'POST', path: '/api/graphql', body: { query: '{ __typename }' }, token: null });
    await expectAlike({ method: 'GET', path: '/api/graphql?query=%7B__typename%7D' });
    // The HTTP edges of GraphQL: methods, media types the client accepts, malformed parameters, GraphiQL.
    const q = (text: string) => encodeURIComponent(text);
    const edges: Probe[] = [
      { method: 'GET', path: `/api/graphql?query=${q(`mutation { addTag(input: {tagUrn: "${TAG}", resourceUrn: "${DS}"}) }`)}` },
      { method: 'GET', path: `/api/graphql?query=${q('query q($u: String!) { entityExists(urn: $u) }')}&variables=${q('{broken')}` },
      { method: 'GET', path: `/api/graphql?query=${q('query q($u: String!) { entityExists(urn: $u) }')}&variables=${q(JSON.stringify({ u: DS }))}&operationName=q` },
      { method: 'GET', path: '/api/graphql' },
      { method: 'GET', path: '/api/graphql?query=%7B__typename%7D', headers: { accept: 'text/html' }, token: null },
      { method: 'POST', path: '/api/graphql', body: {} },
      { method: 'POST', path: '/api/graphql', body: [] },
      { method: 'POST', path: '/api/graphql', body: [{ query: '{ __typename }' }] },
      { method: 'POST', path: '/api/graphql', body: { query: 7 } },
      { method: 'POST', path: '/api/graphql', body: { query: '{ __typename }', variables: 'x', operationName: 3 } },
      { method: 'POST', path: '/api/graphql', body: { query: '{ __typename }', unexpected: 1 } },
      { method: 'POST', path: '/api/graphql', body: { query: '{ nope }' } },
      { method: 'POST', path: '/api/graphql', body: { query: '{ __typename' } },
      { method: 'POST', path: '/api/graphql', body: { query: '{ __typename }' }, contentType: 'application/graphql+json' },
      { method: 'POST', path: '/api/graphql', body: '{ __typename }', contentType: 'application/graphql' },
      ...['application/graphql-response+json', 'application/graphql-response+json, application/json', '*/*', 'text/plain', 'text/event-stream', 'multipart/mixed'].flatMap((accept) => [
        { method: 'POST', path: '/api/graphql', body: { query: '{ __typename }' }, headers: { accept } },
        { method: 'POST', path: '/api/graphql', body: { query: '{ nope }' }, headers: { accept } },
      ]),
    ];
    for (const probe of edges) await expectAlike(probe);
  }, 600_000);

  afterAll(() => {
    if (process.env.ROUTE_WALK_DUMP) writeFileSync(process.env.ROUTE_WALK_DUMP, JSON.stringify(answers, null, 1));
  });
});
