import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enc, graphqlData, startTestApp, type TestApp } from './harness.js';

// Entity indices are made when first needed: a fresh catalog has the indices of its built-in types only; the first
// write of a type (or the first property listing it) makes that type's index.
const aliasesOf = async (app: TestApp) => {
  const res = await app.raw.indices.getAlias({ index: `${app.prefix}*` }, { ignore: [404] });
  return Object.values(res.body as Record<string, { aliases: Record<string, unknown> }>)
    .flatMap((i) => Object.keys(i.aliases))
    .map((a) => a.slice(app.prefix.length))
    .sort();
};
const dataset = (name: string) => `urn:li:dataset:(urn:li:dataPlatform:hive,${name},PROD)`;

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp('on-demand', { INDEX_PREFIX: `t_ondemand_${randomBytes(3).toString('hex')}_` });
});
afterAll(async () => app?.close());

describe('entity indices made on demand', () => {
  it('a fresh catalog holds the catalog indices and those of its built-in types, and searches of other types answer empty in their usual shape', async () => {
    expect(await aliasesOf(app)).toEqual(['access', 'accesstokens', 'datatype', 'entitytype', 'events', 'jobs', 'webhooks']);
    const rest = await app.get('/openapi/v3/entity/chart?query=*&count=5');
    expect(rest.status, rest.text).toBe(200);
    expect(rest.body.entities).toEqual([]);
    const data = await graphqlData(app, `{ searchAcrossEntities(input: { types: [CHART, DASHBOARD], query: "*", count: 5 }) { total searchResults { entity { urn } } facets { field aggregations { value count } } } }`);
    expect(data.searchAcrossEntities.total).toBe(0);
    expect(data.searchAcrossEntities.searchResults).toEqual([]);
    expect(Array.isArray(data.searchAcrossEntities.facets)).toBe(true);
    const agg = await graphqlData(app, `{ aggregateAcrossEntities(input: { types: [CHART], query: "*", facets: ["platform"] }) { facets { field aggregations { value count } } } }`);
    expect(agg.aggregateAcrossEntities.facets.every((f: { aggregations: unknown[] }) => f.aggregations.length === 0)).toBe(true);
    expect((await app.get(`/openapi/v3/entity/chart/${enc('urn:li:chart:(looker,none)')}`)).status).toBe(404);
    expect(await aliasesOf(app)).not.toContain('chart');
  });

  it('the first write of a type makes its index, mapped as every entity index, and the entity is read and found', async () => {
    const urn = dataset('first.one');
    const res = await app.post(`/openapi/v3/entity/dataset?async=false`, [{ urn, datasetProperties: { value: { name: 'first one', description: 'made the index' } } }]);
    expect(res.status, res.text).toBe(200);
    expect(await aliasesOf(app)).toContain('dataset');
    const mapping = (await app.raw.indices.getMapping({ index: `${app.prefix}dataset` })).body as Record<string, any>;
    const [live] = Object.values(mapping);
    expect(live.mappings.properties.urn).toEqual({ type: 'keyword' });
    expect(live.mappings.dynamic_templates.length).toBeGreaterThan(0);
    await app.refresh();
    const found = await graphqlData(app, `{ searchAcrossEntities(input: { types: [DATASET], query: "first", count: 5 }) { total searchResults { entity { urn } } } }`);
    expect(found.searchAcrossEntities.searchResults.map((r: { entity: { urn: string } }) => r.entity.urn)).toEqual([urn]);
  });

  it('a structured property makes the indices of its entity types with its field mapped, before any entity of them exists', async () => {
    const value = { qualifiedName: 'io.ondemand.rank', valueType: 'urn:li:dataType:datahub.number', entityTypes: ['urn:li:entityType:datahub.chart'], cardinality: 'SINGLE' };
    const res = await app.post(`/openapi/v3/entity/structuredProperty/${enc('urn:li:structuredProperty:io.ondemand.rank')}/propertyDefinition`, { value });
    expect(res.status, res.text).toBe(200);
    const field = await app.raw.indices.getFieldMapping({ index: `${app.prefix}chart`, fields: 'structuredProperties.io_ondemand_rank' });
    const [live] = Object.values(field.body as Record<string, any>);
    expect(live.mappings['structuredProperties.io_ondemand_rank'].mapping.io_ondemand_rank.type).toBe('double');
  });

  it('two processes writing the first entities of a type at once leave one index behind its alias and every write', async () => {
    const other = await startTestApp('on-demand-2', { INDEX_PREFIX: app.prefix });
    try {
      const writes = Array.from({ length: 8 }, (_, i) => {
        const urn = `urn:li:dashboard:(looker,race${i})`;
        return (i % 2 ? app : other).post(`/openapi/v3/entity/dashboard?async=false`, [{ urn, dashboardInfo: { value: { title: `race ${i}`, description: '', lastModified: { created: { time: 0, actor: 'urn:li:corpuser:x' }, lastModified: { time: 0, actor: 'urn:li:corpuser:x' } } } } }]);
      });
      for (const r of await Promise.all(writes)) expect(r.status, r.text).toBe(200);
      const behind = Object.keys((await app.raw.indices.getAlias({ name: `${app.prefix}dashboard` })).body as object);
      expect(behind).toHaveLength(1);
      for (let i = 0; i < 8; i++) expect((await app.get(`/openapi/v3/entity/dashboard/${enc(`urn:li:dashboard:(looker,race${i})`)}`)).status).toBe(200);
    } finally {
      await other.close({ keepIndices: true });
    }
  });

  it('an index removed behind the service is made again by the next write, never guessed by the engine', async () => {
    await app.raw.indices.delete({ index: `${app.prefix}dataset_*` });
    const urn = dataset('after.removal');
    const res = await app.post(`/openapi/v3/entity/dataset?async=false`, [{ urn, datasetProperties: { value: { name: 'after removal' } } }]);
    expect(res.status, res.text).toBe(200);
    const single = await app.post(`/openapi/v3/entity/dataset/${enc(dataset('single.write'))}/datasetProperties`, { value: { name: 'single' } });
    expect(single.status, single.text).toBe(200);
    const indices = Object.keys((await app.raw.indices.getAlias({ name: `${app.prefix}dataset` })).body as object);
    expect(indices).toHaveLength(1);
    expect(indices[0]).toMatch(new RegExp(`^${app.prefix}dataset_\\d+$`));
    expect((await app.get(`/openapi/v3/entity/dataset/${enc(urn)}`)).status).toBe(200);
  });
});
