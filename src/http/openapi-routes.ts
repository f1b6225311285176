/** Serves the public OpenAPI document of the REST and ingest interfaces and a static page that renders it. */
import { Router } from 'express';
import type { Services } from '../services.js';
import { sendJson } from '../wire/json.js';

const ok = (description: string) => ({ '200': { description } });
const errors = {
  '400': { $ref: '#/components/responses/Error' },
  '401': { $ref: '#/components/responses/Error' },
  '404': { $ref: '#/components/responses/Error' },
};
const param = (name: string, where: 'path' | 'query', description: string, schema: object = { type: 'string' }) => ({
  name,
  in: where,
  required: where === 'path',
  description,
  schema,
});
const entity = param('entityName', 'path', 'Entity type, case-insensitive (dataset, tag, structuredProperty, …)');
const urn = param('urn', 'path', 'Percent-encoded entity URN');
const aspect = param('aspectName', 'path', 'Aspect name, case-insensitive');
const bool = { type: 'boolean' };

function entityPaths(version: 'v2' | 'v3') {
  const base = `/openapi/${version}/entity`;
  const body = version === 'v3' ? 'the aspect wrapped as {"value": <aspect>}' : 'the aspect JSON';
  return {
    [`${base}/{entityName}`]: {
      get: {
        summary: 'List or search the entities of one type',
        parameters: [entity, param('aspects', 'query', 'Aspects to return (repeatable)'), param('count', 'query', 'Page size', { type: 'integer', default: 10 }),
          param('scrollId', 'query', 'Continuation from the previous page'), param('query', 'query', 'Query-string search'), param('includeSoftDelete', 'query', 'Include soft-deleted', bool)],
        responses: { ...ok('A page of entities'), ...errors },
      },
      post: { summary: 'Batch upsert of whole aspects', parameters: [entity, param('async', 'query', '202 when true', bool)], responses: { ...ok('Written entities'), ...errors } },
    },
    [`${base}/{entityName}/{urn}`]: {
      get: { summary: 'Read an entity', parameters: [entity, urn, param('aspects', 'query', 'Aspects to return')], responses: { ...ok('The entity'), ...errors } },
      head: { summary: 'Does the entity exist (soft-deleted counts as missing)', parameters: [entity, urn], responses: { '204': { description: 'Exists' }, '404': { description: 'Missing' } } },
      delete: { summary: 'Hard delete the entity (or only the listed aspects)', parameters: [entity, urn, param('aspects', 'query', 'Delete only these aspects')], responses: { ...ok('Deleted (empty body)'), ...errors } },
    },
    [`${base}/{entityName}/{urn}/{aspectName}`]: {
      get: { summary: 'Read one aspect', parameters: [entity, urn, aspect, param('systemMetadata', 'query', 'Add system metadata', bool)], responses: { ...ok('{"value": <aspect>}'), ...errors } },
      post: {
        summary: `Write one whole aspect; the body is ${body}`,
        parameters: [entity, urn, aspect, param('createIfNotExists', 'query', 'Create-only when true', { type: 'boolean', default: version === 'v3' })],
        requestBody: { required: true, content: { 'application/json': { schema: { type: 'object' } } } },
        responses: { ...ok('The stored aspect'), ...errors, '409': { $ref: '#/components/responses/Error' } },
      },
      patch: {
        summary: 'JSON patch of one aspect, with optional arrayPrimaryKeys',
        parameters: [entity, urn, aspect],
        requestBody: { required: true, content: { 'application/json-patch+json': { schema: { $ref: '#/components/schemas/Patch' } } } },
        responses: { ...ok('The patched aspect'), ...errors },
      },
      delete: { summary: 'Delete one aspect', parameters: [entity, urn, aspect], responses: { ...ok('Deleted (empty body)'), ...errors } },
    },
  };
}

export function openApiDocument(): Record<string, unknown> {
  return {
    openapi: '3.0.3',
    info: { title: 'Tessera metadata catalog', version: '0.1.0', description: 'REST v2/v3 aspect API and the emitter ingest wire. Every path is also served under /gms. GraphQL: POST /api/graphql.' },
    servers: [{ url: '/' }, { url: '/gms' }],
    security: [{ bearerAuth: [] }],
    paths: {
      ...entityPaths('v2'),
      ...entityPaths('v3'),
      '/aspects': {
        post: {
          summary: 'Emitter wire: ingest one proposal (action=ingestProposal) or several (action=ingestProposalBatch)',
          parameters: [param('action', 'query', 'ingestProposal or ingestProposalBatch', { type: 'string', enum: ['ingestProposal', 'ingestProposalBatch'] })],
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { type: 'object', properties: { proposal: { $ref: '#/components/schemas/Proposal' }, proposals: { type: 'array', items: { $ref: '#/components/schemas/Proposal' } }, async: { type: 'string' } } } } },
          },
          responses: { ...ok('{"value": "<urn>"} (single) or {"value": "success"} (batch)'), '401': errors['401'], '422': { $ref: '#/components/responses/Error' } },
        },
      },
      '/api/graphql': { post: { summary: 'GraphQL; {query, variables}', responses: { ...ok('{data, errors?, extensions}'), '401': errors['401'] } } },
      '/openapi/v3/jobs': {
        get: {
          summary: 'Background jobs (clean-up after hard deletes and version changes, tag removal), newest first',
          parameters: [param('type', 'query', 'Job type'), param('key', 'query', 'Job key, e.g. a property urn'), param('status', 'query', 'pending, running, done or failed')],
          responses: { ...ok('{"jobs": [...]}'), ...errors },
        },
      },
      '/openapi/v3/jobs/{id}': { get: { summary: 'One background job', parameters: [param('id', 'path', 'Job id')], responses: { ...ok('The job'), ...errors } } },
      '/health': { get: { summary: 'Liveness (public)', security: [], responses: ok('Up') } },
      '/ready': { get: { summary: 'Readiness (public)', security: [], responses: ok('Ready') } },
      '/config': { get: { summary: 'Client configuration probe (public)', security: [], responses: ok('Server configuration') } },
    },
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT (HS256, sub = urn:li:corpuser:<id>)' } },
      responses: {
        Error: { description: 'Error', content: { 'application/json': { schema: { type: 'object', required: ['error', 'message'], properties: { error: { type: 'string' }, message: { type: 'string' } } } } } },
      },
      schemas: {
        Patch: { type: 'object', required: ['patch'], properties: { patch: { type: 'array', items: { type: 'object' } }, arrayPrimaryKeys: { type: 'object' } } },
        Proposal: {
          type: 'object',
          required: ['entityUrn', 'changeType', 'aspectName'],
          properties: {
            entityType: { type: 'string' },
            entityUrn: { type: 'string' },
            changeType: { type: 'string', enum: ['UPSERT', 'CREATE', 'PATCH', 'DELETE'] },
            aspectName: { type: 'string' },
            aspect: { type: 'object', properties: { value: { type: 'string', description: 'The aspect (or patch) as a JSON string' }, contentType: { type: 'string' } } },
          },
        },
      },
    },
  };
}

const page = (docUrl: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Tessera API</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;max-width:60rem}code{background:#f3f3f3;padding:0 .2rem}
li{margin:.3rem 0}.m{display:inline-block;width:4.5rem;font-weight:600}</style></head>
<body><h1>Tessera API</h1>
<p>OpenAPI document: <a href="${docUrl}"><code>${docUrl}</code></a>. Every route except this page, the document,
<code>/health</code>, <code>/ready</code> and <code>/config</code> needs <code>Authorization: Bearer &lt;token&gt;</code>.</p>
<ul id="paths"><li>Loading…</li></ul>
<script>
fetch('${docUrl}').then(r => r.json()).then(doc => {
  const ul = document.getElementById('paths'); ul.textContent = '';
  for (const [path, ops] of Object.entries(doc.paths)) for (const [method, op] of Object.entries(ops)) {
    const li = document.createElement('li');
    li.innerHTML = '<span class="m"></span><code></code> ';
    li.children[0].textContent = method.toUpperCase(); li.children[1].textContent = path;
    li.append(op.summary || ''); ul.append(li);
  }
}).catch(e => { document.getElementById('paths').textContent = 'Could not load the document: ' + e; });
</script></body></html>`;

export function createOpenApiRouter(_services: Services): Router {
  const r = Router();
  const doc = openApiDocument();
  r.get('/openapi/v3/api-docs', (_req, res) => sendJson(res, 200, doc));
  r.get(['/openapi/swagger-ui', '/openapi/swagger-ui/index.html'], (req, res) => {
    res.status(200).type('text/html').send(page(`${req.baseUrl}/openapi/v3/api-docs`));
  });
  return r;
}
