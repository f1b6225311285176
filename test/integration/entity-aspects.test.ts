import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enc, startTestApp, type TestApp } from './harness.js';

const DS = 'urn:li:dataset:(urn:li:dataPlatform:hive,db.users,PROD)';
const DS2 = 'urn:li:dataset:(urn:li:dataPlatform:hive,db.orders,PROD)';
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp('entity-aspects');
});
afterAll(async () => app?.close());

describe('generic aspect REST API', () => {
  it('creates a dataset with datasetProperties (v3, createIfNotExists=false) and reads it back through v2 and v3', async () => {
    const w = await app.post(`/openapi/v3/entity/dataset/${enc(DS)}/datasetProperties?createIfNotExists=false`, { value: { name: 'users', description: 'All users' } });
    expect(w.status).toBe(200);
    expect(w.body).toEqual({ urn: DS, datasetProperties: { value: { name: 'users', description: 'All users' } } });

    const v2 = await app.get(`/openapi/v2/entity/dataset/${enc(DS)}/datasetProperties`);
    expect(v2.status).toBe(200);
    expect(v2.body).toEqual({ value: { name: 'users', description: 'All users' } });
    const v3 = await app.get(`/openapi/v3/entity/dataset/${enc(DS)}/datasetProperties`);
    expect(v3.body).toEqual({ urn: DS, datasetProperties: { value: { name: 'users', description: 'All users' } } });

    const key = await app.get(`/openapi/v3/entity/dataset/${enc(DS)}/datasetKey`);
    expect(key.body.datasetKey.value).toEqual({ platform: 'urn:li:dataPlatform:hive', name: 'db.users', origin: 'PROD' });

    await app.refresh();
    const list = await app.get('/openapi/v3/entity/dataset?aspects=datasetKey');
    expect(list.status).toBe(200);
    expect(list.body.entities).toEqual([{ urn: DS, datasetKey: { value: { name: 'db.users', platform: 'urn:li:dataPlatform:hive', origin: 'PROD' } } }]);
    const listV2 = await app.get('/openapi/v2/entity/dataset');
    expect(listV2.body.results.map((e: any) => e.urn)).toEqual([DS]);
  });

  it('is create-only by default on v3 (409 naming the aspect) and upserts by default on v2', async () => {
    const again = await app.post(`/openapi/v3/entity/dataset/${enc(DS)}/datasetProperties`, { value: { name: 'x' } });
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('datasetProperties');
    const s1 = await app.post(`/openapi/v2/entity/dataset/${enc(DS)}/status`, { removed: true });
    expect(s1.status).toBe(200);
    const s2 = await app.post(`/openapi/v2/entity/dataset/${enc(DS)}/status`, { removed: false });
    expect(s2.status).toBe(200);
    expect((await app.get(`/openapi/v2/entity/dataset/${enc(DS)}/status`)).body).toEqual({ value: { removed: false } });
    const create = await app.post(`/openapi/v2/entity/dataset/${enc(DS)}/status?createIfNotExists=true`, { removed: true });
    expect(create.status).toBe(409);
  });

  it('refuses structuredProperties, globalTags and editableSchemaMetadata on a missing entity with 404', async () => {
    const missing = enc('urn:li:dataset:(urn:li:dataPlatform:hive,nope,PROD)');
    for (const [aspect, value] of [
      ['structuredProperties', { properties: [] }],
      ['globalTags', { tags: [] }],
      ['editableSchemaMetadata', { editableSchemaFieldInfo: [] }],
    ] as const) {
      const r = await app.post(`/openapi/v3/entity/dataset/${missing}/${aspect}?createIfNotExists=false`, { value });
      expect(r.status, aspect).toBe(404);
      expect(r.body.error).toBe('Not Found');
    }
    expect((await app.get(`/openapi/v3/entity/dataset/${missing}`)).status).toBe(404);
  });

  it('answers bad input with precise 400s', async () => {
    const bad = await app.post(`/openapi/v3/entity/dataset/${enc(DS)}/datasetProperties?createIfNotExists=false`, { value: { name: 'x', colour: 'red' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("'colour'");
    const wrongType = await app.post(`/openapi/v3/entity/dataset/${enc(DS)}/datasetProperties?createIfNotExists=false`, { value: { name: 5 } });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.message).toContain('datasetProperties.name');
    const unknownAspect = await app.post(`/openapi/v3/entity/dataset/${enc(DS)}/nonsense`, { value: {} });
    expect(unknownAspect.status).toBe(400);
    expect(unknownAspect.body.message).toContain('Unknown aspect nonsense');
    const badUrn = await app.get(`/openapi/v3/entity/dataset/${enc('urn:li:dataset:(hive,x)')}`);
    expect(badUrn.status).toBe(400);
    expect(badUrn.body.message).toContain('Invalid urn');
    const badEnv = await app.get(`/openapi/v3/entity/dataset/${enc('urn:li:dataset:(urn:li:dataPlatform:hive,x,INVALID)')}`);
    expect(badEnv.status).toBe(400);
    const malformed = await app.request('POST', `/openapi/v3/entity/dataset/${enc(DS)}/status`, '{"value": {', {});
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toBe('Validation Error');
    const unknownEntity = await app.get('/openapi/v3/entity/chartz');
    expect(unknownEntity.status).toBe(400);
    const badCount = await app.get('/openapi/v3/entity/dataset?count=abc');
    expect(badCount.status).toBe(400);
    // Prototype keys are data, never a way into the server's objects.
    const proto = await app.patch(`/openapi/v3/entity/dataset/${enc(DS)}/datasetProperties`, { patch: [{ op: 'add', path: '/__proto__/polluted', value: 'yes' }] });
    expect(proto.status).toBe(400);
    expect(proto.body.message).toContain("'__proto__' is not allowed");
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const sortProto = await app.get('/openapi/v3/entity/dataset?sortCriteria=__proto__');
    expect(sortProto.status).toBe(400);
    expect(sortProto.body.message).toContain('Cannot sort by __proto__');
    const fieldProto = await app.get(`/openapi/v3/entity/dataset?query=${encodeURIComponent('constructor:x')}`);
    expect(fieldProto.status).toBe(400);
    expect(fieldProto.body.message).toContain('constructor');
    const emptyBatchPatch = await app.request('PATCH', '/openapi/v3/entity/dataset', [{ urn: 5 }]);
    expect(emptyBatchPatch.status).toBe(400);
  });

  it('treats entity and aspect names case-insensitively and serves everything under /gms too', async () => {
    const r = await app.get(`/openapi/v3/entity/DATASET/${enc(DS)}/DatasetProperties`);
    expect(r.status).toBe(200);
    const g = await app.get(`/gms/openapi/v2/entity/dataset/${enc(DS)}/datasetProperties`);
    expect(g.status).toBe(200);
    expect(g.body.value.name).toBe('users');
  });

  it('reports system metadata with audit stamps and a version counter', async () => {
    const r = await app.get(`/openapi/v3/entity/dataset/${enc(DS)}/status?systemMetadata=true`);
    expect(r.body.status.systemMetadata.aspectCreated.actor).toBe('urn:li:corpuser:tester');
    expect(Number(r.body.status.systemMetadata.version)).toBeGreaterThanOrEqual(2);
  });

  it('HEAD and DELETE work on entities and aspects', async () => {
    await app.post(`/openapi/v3/entity/dataset/${enc(DS2)}/status?createIfNotExists=false`, { value: { removed: false } });
    expect((await app.request('HEAD', `/openapi/v3/entity/dataset/${enc(DS2)}`)).status).toBe(204);
    expect((await app.request('HEAD', `/openapi/v3/entity/dataset/${enc(DS2)}/datasetProperties`)).status).toBe(404);
    expect((await app.del(`/openapi/v3/entity/dataset/${enc(DS2)}/status`)).status).toBe(200);
    expect((await app.get(`/openapi/v3/entity/dataset/${enc(DS2)}/status`)).status).toBe(404);
    const del = await app.del(`/openapi/v3/entity/dataset/${enc(DS2)}`);
    expect(del.status).toBe(200);
    expect(del.text).toBe('');
    expect((await app.request('HEAD', `/openapi/v3/entity/dataset/${enc(DS2)}`)).status).toBe(404);
  });

  it('pages the list with scrollId in urn order', async () => {
    const urns = Array.from({ length: 5 }, (_, i) => `urn:li:dataset:(urn:li:dataPlatform:kafka,topic${i},PROD)`);
    const batch = await app.request('POST', '/openapi/v3/entity/dataset?async=false', urns.map((urn) => ({ urn, status: { value: { removed: false } } })));
    expect(batch.status).toBe(200);
    expect(batch.body).toHaveLength(5);
    await app.refresh();
    const seen: string[] = [];
    let scrollId: string | undefined;
    do {
      const page = await app.get(`/openapi/v3/entity/dataset?count=2${scrollId ? `&scrollId=${scrollId}` : ''}`);
      seen.push(...page.body.entities.map((e: any) => e.urn));
      scrollId = page.body.scrollId;
    } while (scrollId);
    expect(seen).toEqual([...seen].sort());
    expect(seen).toEqual(expect.arrayContaining(urns));
  });

  it('batch writes create new entities in bulk and upsert existing ones, duplicates included', async () => {
    const existing = 'urn:li:dataset:(urn:li:dataPlatform:hive,db.batch0,PROD)';
    await app.post(`/openapi/v3/entity/dataset/${enc(existing)}/datasetProperties?createIfNotExists=false`, { value: { name: 'old', description: 'kept' } });
    const fresh = ['db.batch1', 'db.batch2'].map((n) => `urn:li:dataset:(urn:li:dataPlatform:hive,${n},PROD)`);
    const body = [
      { urn: existing, status: { value: { removed: false } } },
      { urn: fresh[0], datasetProperties: { value: { name: 'one' } } },
      { urn: fresh[1], datasetProperties: { value: { name: 'two' } } },
      { urn: fresh[1], status: { value: { removed: false } } },
    ];
    const r = await app.request('POST', '/openapi/v3/entity/dataset?async=false', body);
    expect(r.status, r.text).toBe(200);
    expect(r.body.map((e: any) => e.urn)).toEqual([existing, fresh[0], fresh[1], fresh[1]]);
    const read = async (urn: string) => (await app.get(`/openapi/v3/entity/dataset/${enc(urn)}`)).body;
    expect((await read(existing)).datasetProperties.value).toEqual({ name: 'old', description: 'kept' });
    expect((await read(existing)).status.value).toEqual({ removed: false });
    expect((await read(fresh[0])).datasetProperties.value).toEqual({ name: 'one' });
    expect((await read(fresh[0])).datasetKey.value).toEqual({ platform: 'urn:li:dataPlatform:hive', name: 'db.batch1', origin: 'PROD' });
    expect(Object.keys(await read(fresh[1]))).toEqual(expect.arrayContaining(['datasetProperties', 'status']));
    // A refused item refuses the whole batch before anything is written.
    const bad = await app.request('POST', '/openapi/v3/entity/dataset?async=false', [
      { urn: 'urn:li:dataset:(urn:li:dataPlatform:hive,db.batch3,PROD)', datasetProperties: { value: { name: 'three' } } },
      { urn: 'urn:li:dataset:(urn:li:dataPlatform:hive,db.batch4,PROD)', datasetProperties: { value: { name: 4 } } },
    ]);
    expect(bad.status).toBe(400);
    expect((await app.get(`/openapi/v3/entity/dataset/${enc('urn:li:dataset:(urn:li:dataPlatform:hive,db.batch3,PROD)')}`)).status).toBe(404);
  });

  it('bulk writes report entities created or changed since they were read, so the batch falls back to read-modify-write', async () => {
    const urn = 'urn:li:dataset:(urn:li:dataPlatform:hive,db.race,PROD)';
    await app.post(`/openapi/v3/entity/dataset/${enc(urn)}/status?createIfNotExists=false`, { value: { removed: false } });
    const doc = { urn, entityType: 'dataset', aspects: {} };
    const created = await app.services.store.bulkWrite([{ doc }, { doc: { ...doc, urn: 'urn:li:dataset:(urn:li:dataPlatform:hive,db.race2,PROD)' } }]);
    expect([...created]).toEqual([urn]);
    const read = (await app.services.store.mgetVersioned('dataset', [urn])).get(urn)!;
    await app.post(`/openapi/v3/entity/dataset/${enc(urn)}/status?createIfNotExists=false`, { value: { removed: true } });
    const stale = await app.services.store.bulkWrite([{ doc: read.doc, at: { seqNo: read.seqNo, primaryTerm: read.primaryTerm } }]);
    expect([...stale]).toEqual([urn]);
    expect((await app.get(`/openapi/v3/entity/dataset/${enc(urn)}/status`)).body.status.value).toEqual({ removed: true });
  });

  it('32 concurrent PATCH requests adding different entries to one aspect all succeed and none is lost', async () => {
    const ds = 'urn:li:dataset:(urn:li:dataPlatform:hive,db.concurrent,PROD)';
    await app.post(`/openapi/v3/entity/dataset/${enc(ds)}/datasetProperties?createIfNotExists=false`, { value: { name: 'c' } });
    const results = await Promise.all(
      Array.from({ length: 32 }, (_, i) =>
        app.patch(`/openapi/v3/entity/dataset/${enc(ds)}/datasetProperties`, { patch: [{ op: 'add', path: `/customProperties/k${i}`, value: `v${i}` }] }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(32).fill(200));
    const props = (await app.get(`/openapi/v3/entity/dataset/${enc(ds)}/datasetProperties`)).body.datasetProperties.value;
    expect(Object.keys(props.customProperties)).toHaveLength(32);
  });

  it('stays correct when two processes write the same entity concurrently (optimistic concurrency across processes)', async () => {
    const { createServices } = await import('../../src/services.js');
    const { createLogger } = await import('../../src/logger.js');
    const { patchAspect } = await import('../../src/catalog/patch-aspect.js');
    const { resolveTarget } = await import('../../src/catalog/entity-target.js');
    const other = await createServices(app.services.config, createLogger('silent'), app.services.config.OPENSEARCH_URL!, app.services.config.AUTH_SECRET);
    const ds = 'urn:li:dataset:(urn:li:dataPlatform:hive,db.twoproc,PROD)';
    await app.post(`/openapi/v3/entity/dataset/${enc(ds)}/datasetProperties?createIfNotExists=false`, { value: { name: 't' } });
    const target = resolveTarget('dataset', ds);
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        patchAspect(i % 2 ? other : app.services, { target, aspect: 'datasetProperties', actor: 'urn:li:corpuser:x', patch: [{ op: 'add', path: `/customProperties/p${i}`, value: 'v' }] }),
      ),
    );
    const props = (await app.get(`/openapi/v3/entity/dataset/${enc(ds)}/datasetProperties`)).body.datasetProperties.value;
    expect(Object.keys(props.customProperties)).toHaveLength(20);
    await other.close();
  });
});
