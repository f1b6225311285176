/**
 * Property rules are exact for stored values of any length: values longer than the keyword index holds (8,191
 * characters) count as present, and length bounds of any size (an automaton regexp is refused past about 1,000) and
 * patterns see them — in the tightening preview, the compliance report, its facet and the filters.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reindexEntityTypes } from '../../src/jobs/reindex.js';
import { enc, graphqlData, startTestApp, type TestApp } from './harness.js';

let app: TestApp;
const NOTE = 'io.long.note';
const sp = `urn:li:structuredProperty:${NOTE}`;
const ds = (i: number) => `urn:li:dataset:(urn:li:dataPlatform:hive,long.t${i},PROD)`;
// 0: short lower case; 1: 9,000 lower case; 2: 1,500 lower case; 3: none; 4: 9,000 upper case.
const VALUES: (string | undefined)[] = ['short ok', 'x'.repeat(9_000), 'y'.repeat(1_500), undefined, 'Z'.repeat(9_000)];

const preview = async (constraints: object) => {
  const r = await app.post('/openapi/v3/structuredProperties/constraints?waitForSearch=true', { urn: sp, constraints, dryRun: true });
  expect(r.status, r.text).toBe(200);
  return r.body.breaking as { entities: number; samples: string[] };
};

beforeAll(async () => {
  app = await startTestApp('rules-long');
  const value = { qualifiedName: NOTE, valueType: 'urn:li:dataType:datahub.string', entityTypes: ['urn:li:entityType:datahub.dataset'], cardinality: 'SINGLE' };
  expect((await app.post(`/openapi/v3/entity/structuredProperty/${enc(sp)}/propertyDefinition`, { value })).status).toBe(200);
  const items = VALUES.map((v, i) => ({
    urn: ds(i),
    datasetProperties: { value: { name: `t${i}` } },
    ...(v !== undefined && { structuredProperties: { value: { properties: [{ propertyUrn: sp, values: [{ string: v }] }] } } }),
  }));
  const r = await app.post('/openapi/v3/entity/dataset?async=false&waitForSearch=true', items);
  expect(r.status, r.text).toBe(200);
}, 120_000);
afterAll(async () => app?.close());

describe('rules on values longer than the keyword index holds', () => {
  it('previews tightening exactly: length bounds of any size and patterns see every stored value', async () => {
    expect(await preview({ maxLength: 1_200 })).toEqual({ entities: 3, samples: [ds(1), ds(2), ds(4)] });
    expect(await preview({ maxLength: 5_000 })).toEqual({ entities: 2, samples: [ds(1), ds(4)] });
    expect(await preview({ minLength: 2_000 })).toEqual({ entities: 2, samples: [ds(0), ds(2)] });
    expect(await preview({ maxLength: 10 })).toEqual({ entities: 3, samples: [ds(1), ds(2), ds(4)] });
    expect(await preview({ pattern: '[a-z ]+' })).toEqual({ entities: 1, samples: [ds(4)] });
  });

  it('counts a long value as present and checks it in the compliance report, the facet and the filters', async () => {
    // A pattern the upper case value breaks is refused as breaking, naming it; bounds every value fits are set.
    const refused = await app.post('/openapi/v3/structuredProperties/constraints?waitForSearch=true', { urn: sp, constraints: { required: true, pattern: '[a-z ]+' } });
    expect(refused.status, refused.text).toBe(400);
    expect(refused.body.message).toContain(ds(4));
    const set = await app.post('/openapi/v3/structuredProperties/constraints?waitForSearch=true', { urn: sp, constraints: { required: true, minLength: 5, maxLength: 9_000 } });
    expect(set.status, set.text).toBe(200);
    const rep = await app.get(`/openapi/v3/structuredProperties/compliance?property=${NOTE}&samples=5`);
    expect(rep.status, rep.text).toBe(200);
    expect(rep.body.properties[0]).toMatchObject({ applicable: 5, compliant: 4, missing: 1, invalid: 0, missingSamples: [ds(3)] });
    const facet = await graphqlData(app, `{ aggregateAcrossEntities(input: { types: [DATASET], query: "*", facets: ["compliance.${NOTE}"] }) { facets { aggregations { value count } } } }`);
    expect(facet.aggregateAcrossEntities.facets[0].aggregations.find((a: any) => a.value === 'MISSING').count).toBe(1);
    const filtered = async (condition: string) => {
      const d = await graphqlData(app, `query($i: SearchAcrossEntitiesInput!) { searchAcrossEntities(input: $i) { searchResults { entity { urn } } } }`, {
        i: { types: ['DATASET'], query: '*', count: 10, orFilters: [{ and: [{ field: `structuredProperties.${NOTE}`, condition }] }] },
      });
      return d.searchAcrossEntities.searchResults.map((r: any) => r.entity.urn).sort();
    };
    expect(await filtered('EXISTS')).toEqual([ds(0), ds(1), ds(2), ds(4)]);
    expect(await filtered('NOT_EXISTS')).toEqual([ds(3)]);
  });

  it('a catalog from before: the rebuild derives lengths and long values from what documents hold, as writes do', async () => {
    const os = app.raw;
    const alias = app.services.names.entity('dataset');
    const live = Object.keys((await os.indices.getAlias({ name: alias })).body)[0];
    const current = (await os.indices.get({ index: live })).body[live] as any;
    const properties = structuredClone(current.mappings.properties);
    delete properties.structuredPropertyLengths;
    delete properties.structuredPropertiesLong;
    const old = `${alias}_19700101000000001`;
    await os.indices.create({ index: old, body: { settings: { index: { number_of_shards: 1, number_of_replicas: 0, analysis: current.settings.index.analysis } }, mappings: { ...current.mappings, properties } } as any });
    const docs = (await os.search({ index: live, body: { size: 100, query: { match_all: {} } } })).body.hits.hits as any[];
    const written = Object.fromEntries(docs.map((d) => [d._id, [d._source.structuredPropertyLengths, d._source.structuredPropertiesLong]]));
    expect(written[ds(1)]).toEqual([{ io_long_note: [9_000] }, { io_long_note: ['x'.repeat(9_000)] }]);
    await os.bulk({ refresh: true, body: docs.flatMap((d) => { const { structuredPropertyLengths: _l, structuredPropertiesLong: _g, ...source } = d._source; return [{ index: { _index: old, _id: d._id } }, source]; }) });
    await os.indices.updateAliases({ body: { actions: [{ remove: { index: live, alias } }, { add: { index: old, alias } }] } });
    await os.indices.delete({ index: live });

    const lines: string[] = [];
    const summary = await reindexEntityTypes(app.services, ['dataset'], { log: (l) => lines.push(l) });
    expect(summary.indices[0].action).toBe('rebuilt');
    expect(lines.join('\n')).toContain('deriving structuredPropertyLengths from the stored aspects');
    const rebuilt = Object.keys((await os.indices.getAlias({ name: alias })).body)[0];
    const after = (await os.search({ index: rebuilt, body: { size: 100, query: { match_all: {} } } })).body.hits.hits as any[];
    // The engine's derivation gives what the service's own gives.
    for (const d of after) expect([d._source.structuredPropertyLengths, d._source.structuredPropertiesLong], d._id).toEqual(written[d._id]);
    expect(await preview({ maxLength: 5_000 })).toEqual({ entities: 2, samples: [ds(1), ds(4)] });
  });
});
