/** The generated API documents and the Swagger UI explorer: every mounted route documented, valid OpenAPI 3.1, served without a token. */
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRoutes } from '../../src/http/routes.js';
import { createRouter } from '../../src/http/router.js';
import { aspectSchemas } from '../../src/model/aspects/index.js';
import { ENTITY_TYPES } from '../../src/model/entity-types.js';
import { encodeUrn } from '../../src/model/urn.js';
import { startTestApp, type TestApp } from './harness.js';

let app: TestApp;
const docs: Record<'v2' | 'v3', any> = { v2: undefined, v3: undefined };

beforeAll(async () => {
  app = await startTestApp('openapi');
  for (const v of ['v2', 'v3'] as const) docs[v] = (await app.request('GET', `/openapi/${v}/api-docs`, undefined, { token: null })).body;
});
afterAll(() => app?.close());

const templateRegex = (template: string) => new RegExp(`^${template.replace(/\/:[A-Za-z_]+/g, '/[^/]+')}$`, 'i');

describe('GET /openapi/v3|v2/api-docs', () => {
  it('serves valid OpenAPI 3.1 documents without a token', async () => {
    for (const v of ['v2', 'v3'] as const) {
      expect(docs[v].openapi).toBe('3.1.0');
      const result = await new Validator().validate(docs[v]);
      expect(result.errors, JSON.stringify(result.errors)?.slice(0, 2000)).toBeUndefined();
      expect(result.valid).toBe(true);
    }
    const gms = await app.request('GET', '/gms/openapi/v3/api-docs', undefined, { token: null });
    expect(gms.status).toBe(200);
    expect(gms.body).toEqual(docs.v3);
  });

  it('documents every mounted route (with or without /gms) with its method', () => {
    // The one route table, as the router compiles it: every path with every method it takes.
    const routes = createRouter(createRoutes(app.services)).routes.flatMap((r) => r.methods.map((m) => ({ method: m.toLowerCase(), path: r.path })));
    expect(routes.length).toBeGreaterThan(20);
    const documented = [docs.v2, docs.v3].flatMap((d) => Object.entries(d.paths).map(([path, item]) => ({ path, methods: Object.keys(item as object) })));
    const missing = routes
      .map((r) => ({ ...r, path: r.path.replace(/^\/gms(?=\/)/, '') }))
      // The explorer's and GraphiQL's own files (scripts, styles, icons) and the web page under /ui are pages, not API routes.
      .filter((r) => !r.path.startsWith('/openapi/swagger-ui/') && !/^\/ui(\/|$)/.test(r.path) && !r.path.includes('/graphql-assets/'))
      .filter((r) => {
        const re = templateRegex(r.path);
        return !documented.some((d) => re.test(d.path) && (r.method === '*' || d.methods.includes(r.method)));
      });
    expect(missing, 'add these routes to src/http/openapi/').toEqual([]);
  });

  it('names each aspect\'s schema and uses it for the bodies and answers of its routes', () => {
    for (const def of ENTITY_TYPES) {
      for (const aspect of [def.keyAspect, ...def.aspects].filter((a) => aspectSchemas[a])) {
        const name = aspect[0].toUpperCase() + aspect.slice(1);
        expect(docs.v3.components.schemas[name], name).toBeDefined();
        const v3 = docs.v3.paths[`/openapi/v3/entity/${def.name.toLowerCase()}/{urn}/${aspect}`];
        expect(v3.post.requestBody.content['application/json'].schema).toEqual({ $ref: `#/components/schemas/${name}Envelope` });
        expect(v3.get.responses['200'].content['application/json'].schema.properties[aspect]).toEqual({ $ref: `#/components/schemas/${name}Envelope` });
        const v2 = docs.v2.paths[`/openapi/v2/entity/${def.name.toLowerCase()}/{urn}/${aspect}`];
        expect(v2.post.requestBody.content['application/json'].schema).toEqual({ $ref: `#/components/schemas/${name}` });
      }
    }
    // A schema converted from its zod source: strict objects refuse unknown keys, required fields are listed.
    expect(docs.v3.components.schemas.GlobalTags).toMatchObject({ type: 'object', required: ['tags'], additionalProperties: false });
    expect(docs.v3.components.schemas.PropertyDefinition.required).toEqual(expect.arrayContaining(['qualifiedName', 'valueType', 'entityTypes']));
  });

  it('gives every operation the error envelope, and every authenticated one 401 and 503', () => {
    const error = docs.v3.components.schemas.Error;
    expect(error).toMatchObject({ type: 'object', required: ['error', 'message'] });
    for (const [path, item] of Object.entries<any>(docs.v3.paths)) {
      for (const [method, op] of Object.entries<any>(item)) {
        if (method === 'parameters') continue;
        const isPublic = Array.isArray(op.security) && op.security.length === 0;
        if (!isPublic) expect(Object.keys(op.responses), `${method} ${path}`).toEqual(expect.arrayContaining(['401', '503', '500']));
      }
    }
    expect(docs.v3.components.responses.Unavailable.headers['Retry-After']).toBeDefined();
  });

  it('answers a real error in the documented shape and status', async () => {
    const res = await app.get('/openapi/v3/entity/nosuchtype/urn%3Ali%3Atag%3Ax');
    expect(res.status).toBe(400);
    expect(Object.keys(res.body).sort()).toEqual(['error', 'message']);
    expect(Object.keys(docs.v3.paths['/openapi/v3/entity/tag/{urn}'].get.responses)).toContain('400');
  });
});

describe('documented query parameters', () => {
  const DS = 'urn:li:dataset:(urn:li:dataPlatform:hive,openapi_params,PROD)';
  const invalidValue = (schema: { type?: string; enum?: unknown[] }) =>
    schema.enum ? 'NOT_AN_OPTION' : schema.type === 'boolean' ? 'maybe' : schema.type === 'integer' ? 'ten' : undefined;
  const resolve = (p: any) => (p.$ref ? docs.v3.components.parameters[p.$ref.split('/').pop()] : p);

  it('are the ones the routes read: a bad boolean, integer or enum value is a 400 naming the parameter', async () => {
    expect((await app.post(`/openapi/v3/entity/dataset/${encodeUrn(DS)}/datasetProperties?createIfNotExists=false`, { value: { description: 'x' } })).status).toBe(200);
    const checked: string[] = [];
    const targets: [string, string][] = [
      ['/openapi/v3/entity/dataset', 'get'],
      ['/openapi/v3/entity/dataset/{urn}', 'get'],
      ['/openapi/v3/entity/dataset/{urn}/datasetProperties', 'get'],
      ['/openapi/v3/entity/dataset/{urn}/datasetProperties', 'delete'],
      ['/openapi/v3/jobs', 'get'],
    ];
    for (const [path, method] of targets) {
      for (const param of docs.v3.paths[path][method].parameters.map(resolve).filter((p: any) => p.in === 'query')) {
        const bad = invalidValue(param.schema);
        if (!bad) continue;
        const url = `${path.replace('{urn}', encodeUrn(DS))}?${param.name}=${bad}`;
        const res = await app.request(method.toUpperCase(), url);
        expect(res.status, `${method} ${url}`).toBe(400);
        expect(res.body.message, `${method} ${url}`).toContain(param.name);
        checked.push(`${method} ${path} ${param.name}`);
      }
    }
    expect(checked.length).toBeGreaterThan(8);
  });
});

describe('GET /openapi/v3|v2/api-docs/{group}', () => {
  it('serves the documents in valid parts (service routes, one per entity type) that together hold every path, each with only the components it uses', async () => {
    for (const v of ['v3', 'v2'] as const) {
      const whole = docs[v];
      const wholeBytes = JSON.stringify(whole).length;
      const seen: string[] = [];
      for (const group of ['service', ...ENTITY_TYPES.map((d) => d.name)]) {
        const r = await app.request('GET', `/gms/openapi/${v}/api-docs/${group}`, undefined, { token: null });
        expect(r.status, `${v} ${group}`).toBe(200);
        const result = await new Validator().validate(r.body);
        expect(result.errors, `${v} ${group}: ${JSON.stringify(result.errors)?.slice(0, 1000)}`).toBeUndefined();
        expect(JSON.stringify(r.body).length, `${v} ${group}`).toBeLessThan(wholeBytes / 3);
        for (const [path, item] of Object.entries(r.body.paths)) {
          expect(item, path).toEqual(whole.paths[path]);
          seen.push(path);
        }
      }
      expect(seen.sort()).toEqual(Object.keys(whole.paths).sort());
    }
    const unknown = await app.request('GET', '/openapi/v3/api-docs/nonsense', undefined, { token: null });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toMatch(/^No API document part nonsense: the parts are service, dataset, /);
    // Forty-odd documents validated whole: seconds alone, minutes on a machine busy with other suites.
  }, 300_000);
});

describe('GET /openapi/swagger-ui', () => {
  it('serves the bundled explorer and its assets without a token, under / and /gms', async () => {
    for (const base of ['', '/gms']) {
      const page = await app.request('GET', `${base}/openapi/swagger-ui`, undefined, { token: null, headers: { accept: 'text/html' } });
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/text\/html/);
      const assets = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
      expect(assets).toContain(`${base}/openapi/swagger-ui/swagger-ui-bundle.js`);
      for (const asset of assets) {
        const res = await fetch(`${app.url}${asset}`);
        expect(res.status, asset).toBe(200);
        expect((await res.arrayBuffer()).byteLength, asset).toBeGreaterThan(100);
      }
      const init = await (await fetch(`${app.url}${base}/openapi/swagger-ui/swagger-initializer.js`)).text();
      expect(init).toContain(`"${base}/openapi/v3/api-docs"`);
      // It opens on a small part: the service routes first, then one entity type at a time.
      expect(init).toContain(`urls: [{"url":"${base}/openapi/v3/api-docs/service"`);
      expect(init).toContain(`"${base}/openapi/v2/api-docs/dataset"`);
      expect(init).toContain('persistAuthorization: true');
    }
  });

  it('still refuses API calls without a token', async () => {
    const res = await app.request('GET', '/openapi/v3/entity/tag', undefined, { token: null });
    expect(res.status).toBe(401);
  });
});
