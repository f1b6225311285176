// Lifecycle of structured properties: soft delete and restore, versioned breaking change, hard delete with durable clean-up.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobHandlers } from '../../src/jobs/handlers.js';
import { JobRunner } from '../../src/jobs/job-queue.js';
import { createLogger } from '../../src/logger.js';
import { createServices } from '../../src/services.js';
import { enc, startTestApp, type TestApp } from './harness.js';

const DS1 = 'urn:li:dataset:(urn:li:dataPlatform:hive,lifecycle_a,PROD)';
const DS2 = 'urn:li:dataset:(urn:li:dataPlatform:hive,lifecycle_b,PROD)';
const FLOW = 'urn:li:dataFlow:(airflow,lifecycle,prod)';
const sp = (name: string) => `urn:li:structuredProperty:lc.${name}`;
const DATASET = 'urn:li:entityType:service.dataset';

let app: TestApp;

const define = (name: string, def: Record<string, unknown>) =>
  app.post(`/openapi/v2/entity/structuredProperty/${enc(sp(name))}/propertyDefinition`, { qualifiedName: `lc.${name}`, entityTypes: [DATASET], ...def });
const patchAdd = (urn: string, propertyUrn: string, values: unknown[], type = 'dataset') =>
  app.patch(`/openapi/v3/entity/${type}/${enc(urn)}/structuredProperties`, { patch: [{ op: 'add', path: `/properties/${propertyUrn}`, value: { propertyUrn, values } }] });
const visible = async (urn: string) => (await app.get(`/openapi/v2/entity/dataset/${enc(urn)}/structuredProperties`)).body.value.properties as { propertyUrn: string; values: unknown[] }[];
const stored = async (urn: string, type = 'dataset') =>
  (((await app.services.store.get(type, urn))?.aspects.structuredProperties?.value as any)?.properties ?? []) as { propertyUrn: string; values: unknown[] }[];
async function countWithField(field: string): Promise<number> {
  await app.refresh();
  const res = await app.raw.count({ index: app.services.names.entity('dataset'), body: { query: { exists: { field } } } });
  return (res.body as any).count;
}

beforeAll(async () => {
  app = await startTestApp('sp-lifecycle');
  for (const urn of [DS1, DS2]) await app.post(`/openapi/v3/entity/dataset/${enc(urn)}/status?createIfNotExists=false`, { value: { removed: false } });
  await app.post(`/openapi/v3/entity/dataFlow/${enc(FLOW)}/dataFlowInfo?createIfNotExists=false`, { value: { name: 'lifecycle' } });
});
afterAll(async () => app?.close());

describe('soft delete and restore', () => {
  it('hides values, denies writes and definition updates, and restores everything with removed:false or by deleting status', async () => {
    expect((await define('soft', { valueType: 'urn:li:dataType:service.string', cardinality: 'SINGLE' })).status).toBe(200);
    expect((await define('other', { valueType: 'urn:li:dataType:service.number', cardinality: 'MULTIPLE' })).status).toBe(200);
    expect((await patchAdd(DS1, sp('soft'), [{ string: 'keep me' }])).status).toBe(200);

    const off = await app.post(`/openapi/v3/entity/structuredProperty/${enc(sp('soft'))}/status?systemMetadata=false&createIfNotExists=false`, { value: { removed: true } });
    expect(off.body).toEqual({ urn: sp('soft'), status: { value: { removed: true } } });
    expect(await visible(DS1)).toEqual([]);
    const g = await app.graphql(`query { dataset(urn: "${DS1}") { structuredProperties { properties { structuredProperty { urn } } } } }`);
    expect(g.data.dataset.structuredProperties).toEqual({ properties: [] });

    const write = await patchAdd(DS1, sp('soft'), [{ string: 'new' }]);
    expect(write.status).toBe(400);
    expect(write.body.message).toContain(`Cannot apply a soft deleted Structured Property value: ${sp('soft')}`);
    const redefine = await define('soft', { valueType: 'urn:li:dataType:service.string', cardinality: 'SINGLE', description: 'changed' });
    expect(redefine.status).toBe(400);
    expect(redefine.body.message).toContain(`Cannot mutate a soft deleted Structured Property Definition: ${sp('soft')}`);
    const gUpdate = await app.graphql(`mutation { updateStructuredProperty(input: { urn: "${sp('soft')}", displayName: "x" }) { urn } }`);
    expect(gUpdate.errors[0].message).toContain('Cannot mutate a soft deleted Structured Property Definition');
    // Other properties stay writable on the same entity, and the hidden value survives those writes.
    expect((await patchAdd(DS1, sp('other'), [{ double: 1 }])).status).toBe(200);
    await app.refresh();
    expect((await app.get('/openapi/v3/entity/structuredproperty?query=*&count=50')).body.entities.map((e: any) => e.urn)).not.toContain(sp('soft'));
    expect((await app.get('/openapi/v3/entity/structuredproperty?query=*&count=50&includeSoftDelete=true')).body.entities.map((e: any) => e.urn)).toContain(sp('soft'));

    expect((await app.post(`/openapi/v2/entity/structuredProperty/${enc(sp('soft'))}/status`, { removed: false })).status).toBe(200);
    expect(await visible(DS1)).toEqual([
      { propertyUrn: sp('soft'), values: [{ string: 'keep me' }] },
      { propertyUrn: sp('other'), values: [{ double: 1 }] },
    ]);

    await app.post(`/openapi/v2/entity/structuredProperty/${enc(sp('soft'))}/status`, { removed: true });
    expect((await visible(DS1)).map((p) => p.propertyUrn)).toEqual([sp('other')]);
    expect((await app.del(`/openapi/v3/entity/structuredProperty/${enc(sp('soft'))}/status`)).status).toBe(200);
    expect((await visible(DS1)).map((p) => p.propertyUrn)).toEqual([sp('soft'), sp('other')]);
    expect((await define('soft', { valueType: 'urn:li:dataType:service.string', cardinality: 'SINGLE', description: 'changed' })).status).toBe(200);
  });
});

describe('versioned breaking change', () => {
  it('is rejected without a version, accepted with one; old values vanish at once and a job deletes them', async () => {
    const def = { valueType: 'urn:li:dataType:service.number', cardinality: 'MULTIPLE' };
    expect((await define('retention', def)).status).toBe(200);
    expect((await patchAdd(DS1, sp('retention'), [{ double: 30 }, { double: 90 }])).status).toBe(200);
    expect((await patchAdd(DS2, sp('retention'), [{ double: 60 }])).status).toBe(200);
    expect(await countWithField('structuredProperties.lc_retention')).toBe(2);

    const url = `/openapi/v3/entity/structuredProperty/${enc(sp('retention'))}/propertyDefinition?createIfNotExists=false`;
    const next = { qualifiedName: 'lc.retention', entityTypes: [DATASET], ...def, cardinality: 'SINGLE' };
    const refused = await app.post(url, { value: next });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('cardinality cannot be changed from MULTIPLE to SINGLE');
    const accepted = await app.post(url, { value: { ...next, version: '20240614080000' } });
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.body).toEqual({ urn: sp('retention'), propertyDefinition: { value: { ...next, version: '20240614080000' } } });

    expect((await visible(DS1)).map((p) => p.propertyUrn)).not.toContain(sp('retention'));
    expect((await visible(DS2)).map((p) => p.propertyUrn)).not.toContain(sp('retention'));
    expect((await stored(DS2)).map((p) => p.propertyUrn)).toContain(sp('retention'));
    expect((await patchAdd(DS2, sp('retention'), [{ double: 365 }])).status).toBe(200);
    expect(await visible(DS2)).toEqual([{ propertyUrn: sp('retention'), values: [{ double: 365 }] }]);
    expect(await countWithField('structuredProperties._versioned.lc_retention.20240614080000.number')).toBe(1);

    // Re-indexing DS1 through another aspect drops the stale field from its search document; the job must still find it.
    expect((await app.post(`/openapi/v3/entity/dataset/${enc(DS1)}/datasetProperties?createIfNotExists=false`, { value: { name: 'rewritten' } })).status).toBe(200);
    const jobs = (await app.get(`/openapi/v3/jobs?type=structuredPropertyVersionCleanup&key=${encodeURIComponent(sp('retention'))}`)).body.jobs;
    expect(jobs).toHaveLength(1);
    expect(jobs[0].status).toBe('pending');
    expect(await app.runJobs()).toBeGreaterThanOrEqual(1);
    expect((await app.get(`/openapi/v3/jobs/${jobs[0].id}`)).body).toMatchObject({ status: 'done', progress: { phase: 'done' } });
    expect((await stored(DS1)).map((p) => p.propertyUrn)).not.toContain(sp('retention'));
    expect(await stored(DS2)).toEqual([expect.objectContaining({ propertyUrn: sp('retention'), values: [{ double: 365 }] })]);
    expect(await countWithField('structuredProperties.lc_retention')).toBe(0);
  });

  it('refuses deleting the definition aspect on its own (its values could never be cleaned up)', async () => {
    expect((await define('lonely', { valueType: 'urn:li:dataType:service.string', cardinality: 'SINGLE' })).status).toBe(200);
    const r = await app.del(`/openapi/v3/entity/structuredProperty/${enc(sp('lonely'))}/propertyDefinition`);
    expect(r.status).toBe(400);
    expect(r.body.message).toContain('cannot be deleted on its own');
    expect((await app.get(`/openapi/v3/entity/structuredProperty/${enc(sp('lonely'))}/propertyDefinition`)).status).toBe(200);
  });

  it('keeps a value re-posted under the new version even when it equals the hidden old one', async () => {
    const def = { valueType: 'urn:li:dataType:service.number', cardinality: 'SINGLE' };
    expect((await define('repost', def)).status).toBe(200);
    expect((await patchAdd(DS1, sp('repost'), [{ double: 7 }])).status).toBe(200);
    const url = `/openapi/v3/entity/structuredProperty/${enc(sp('repost'))}/propertyDefinition?createIfNotExists=false`;
    const bumped = await app.post(url, { value: { qualifiedName: 'lc.repost', entityTypes: [DATASET], ...def, version: '20250101000000' } });
    expect(bumped.status, bumped.text).toBe(200);
    expect((await visible(DS1)).map((p) => p.propertyUrn)).not.toContain(sp('repost'));
    // The same assignment as the hidden old one: an explicit write under the new version, so it is kept and visible.
    const again = await patchAdd(DS1, sp('repost'), [{ double: 7 }]);
    expect(again.status, again.text).toBe(200);
    expect(await visible(DS1)).toContainEqual({ propertyUrn: sp('repost'), values: [{ double: 7 }] });
    expect(await countWithField('structuredProperties._versioned.lc_repost.20250101000000.number')).toBeGreaterThanOrEqual(1);
  });
});

describe('hard delete', () => {
  it('removes the property at once, hides its values, cleans them with a durable job in another process, and frees the name for another type', async () => {
    expect((await define('gone', { valueType: 'urn:li:dataType:service.number', cardinality: 'SINGLE', entityTypes: [DATASET, 'urn:li:entityType:service.dataFlow'] })).status).toBe(200);
    expect((await patchAdd(DS1, sp('gone'), [{ double: 10 }])).status).toBe(200);
    expect((await patchAdd(DS2, sp('gone'), [{ double: 20 }])).status).toBe(200);
    expect((await patchAdd(FLOW, sp('gone'), [{ double: 5 }], 'dataFlow')).status).toBe(200);

    const del = await app.del(`/openapi/v3/entity/structuredProperty/${enc(sp('gone'))}`);
    expect(del.status).toBe(200);
    expect(del.text).toBe('');
    expect((await app.get(`/openapi/v3/entity/structuredProperty/${enc(sp('gone'))}/propertyDefinition`)).status).toBe(404);
    expect((await app.graphql(`query { structuredProperty(urn: "${sp('gone')}") { urn } }`)).data.structuredProperty).toBeNull();
    expect((await visible(DS1)).map((p) => p.propertyUrn)).not.toContain(sp('gone'));
    expect((await visible(DS1)).map((p) => p.propertyUrn)).toContain(sp('soft'));

    const early = await define('gone', { valueType: 'urn:li:dataType:service.string', cardinality: 'SINGLE' });
    expect(early.status).toBe(409);
    expect(early.body.message).toContain(`the clean-up of the hard-deleted property ${sp('gone')} is still running`);
    const [job] = (await app.get(`/openapi/v3/jobs?type=structuredPropertyHardDelete&key=${encodeURIComponent(sp('gone'))}`)).body.jobs;
    expect(job).toMatchObject({ status: 'pending', key: sp('gone') });
    expect((await app.get('/openapi/v3/jobs/no-such-job')).status).toBe(404);
    expect((await app.get('/openapi/v3/jobs?status=sleeping')).status).toBe(400);

    // A second process (as after a restart) picks the durable job up and finishes it.
    const other = await createServices(app.services.config, createLogger('silent'), app.services.config.OPENSEARCH_URL!, app.services.config.AUTH_SECRET);
    try {
      expect(await new JobRunner(other, jobHandlers).runOnce()).toBeGreaterThanOrEqual(1);
    } finally {
      await other.close();
    }
    const done = (await app.get(`/openapi/v3/jobs/${job.id}`)).body;
    expect(done.error).toBeUndefined();
    expect(done.status).toBe('done');
    for (const [urn, type] of [[DS1, 'dataset'], [DS2, 'dataset'], [FLOW, 'dataFlow']]) {
      expect((await stored(urn, type)).map((p) => p.propertyUrn)).not.toContain(sp('gone'));
    }
    expect((await stored(DS1)).map((p) => p.propertyUrn)).toContain(sp('soft'));

    // A filter on the hard-deleted property's field finds nothing, as the original answers (its own hard-delete smoke
    // test); a name that never existed is still refused.
    await app.refresh();
    const search = (field: string) =>
      app.graphql(`{ searchAcrossEntities(input: {types: [DATASET], query: "*", orFilters: [{and: [{field: "${field}", values: ["10"]}]}]}) { total } }`);
    const filtered = await search('structuredProperties.lc.gone');
    expect(filtered.errors).toBeUndefined();
    expect(filtered.data.searchAcrossEntities.total).toBe(0);
    const rest = await app.get(`/openapi/v3/entity/dataset?query=${encodeURIComponent('structuredProperties.lc.gone:10')}`);
    expect(rest.status, rest.text).toBe(200);
    expect(rest.body.entities).toEqual([]);
    const never = await search('structuredProperties.lc.never');
    expect(never.errors[0].extensions.code).toBe(400);
    expect(never.errors[0].message).toContain('no structured property is named lc.never');

    const again = await define('gone', { valueType: 'urn:li:dataType:service.string', cardinality: 'SINGLE' });
    expect(again.status, again.text).toBe(200);
    expect((await patchAdd(DS1, sp('gone'), [{ string: 'now-a-string' }])).status).toBe(200);
    await app.refresh();
    const hits = await app.raw.search({ index: app.services.names.entity('dataset'), body: { query: { term: { 'structuredProperties.lc_gone': 'now-a-string' } } } });
    expect((hits.body as any).hits.hits.map((h: any) => h._source.urn)).toEqual([DS1]);
  });

  it('a job whose holder died is taken over and finished; GraphQL deleteStructuredProperty works too', async () => {
    expect((await define('orphan', { valueType: 'urn:li:dataType:service.string', cardinality: 'SINGLE' })).status).toBe(200);
    expect((await patchAdd(DS2, sp('orphan'), [{ string: 'x' }])).status).toBe(200);
    const r = await app.graphql(`mutation { deleteStructuredProperty(input: { urn: "${sp('orphan')}" }) }`);
    expect(r).toEqual({ data: { deleteStructuredProperty: true }, extensions: {} });
    const again = await app.graphql(`mutation { deleteStructuredProperty(input: { urn: "${sp('orphan')}" }) }`);
    expect(again.errors[0].message).toContain(`Structured property ${sp('orphan')} does not exist`);

    const [job] = (await app.get(`/openapi/v3/jobs?type=structuredPropertyHardDelete&key=${encodeURIComponent(sp('orphan'))}`)).body.jobs;
    const jobs = app.services.names.jobs();
    await app.raw.update({ index: jobs, id: job.id, refresh: 'wait_for', body: { doc: { status: 'running', leaseOwner: 'a-dead-process', leaseUntil: Date.now() - 1000, attempts: 1 } } });
    expect(await app.runJobs()).toBeGreaterThanOrEqual(1);
    expect((await app.get(`/openapi/v3/jobs/${job.id}`)).body).toMatchObject({ status: 'done', attempts: 2 });
    expect((await stored(DS2)).map((p) => p.propertyUrn)).not.toContain(sp('orphan'));
  });
});
