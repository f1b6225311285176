/**
 * Value migration on a breaking definition change (issue 23): a new version with a value map and a cardinality rule;
 * the dry run answers how many entities and values change, with samples, and writes nothing; applied, a durable job
 * (leased: taken over when its holder dies) rewrites every carrier, and the migrated values are readable and
 * searchable under the new version when it ends. Without a migration the values go, as the specification says.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enc, graphqlData, startTestApp, type TestApp } from './harness.js';

let app: TestApp;
const TIER = 'io.mig.tier';
const TEAMS = 'io.mig.teams';
const DAYS = 'io.mig.days';
const sp = (qn: string) => `urn:li:structuredProperty:${qn}`;
const ds = (i: number) => `urn:li:dataset:(urn:li:dataPlatform:hive,mig.t${i},PROD)`;
const V1 = '20260101000000';
const V2 = '20260201000000';

async function define(qn: string, type: string, cardinality: string, allowed?: string[]) {
  const value = {
    qualifiedName: qn, valueType: `urn:li:dataType:datahub.${type}`, entityTypes: ['urn:li:entityType:datahub.dataset'], cardinality, version: V1,
    ...(allowed && { allowedValues: allowed.map((s) => ({ value: { string: s } })) }),
  };
  const r = await app.post(`/openapi/v3/entity/structuredProperty/${enc(sp(qn))}/propertyDefinition`, { value });
  expect(r.status, r.text).toBe(200);
}
const migrate = (body: object) => app.post('/openapi/v3/structuredProperties/migrations?waitForSearch=true', body);
const valuesOf = async (urn: string, qn: string) => {
  const r = await app.get(`/openapi/v3/entity/dataset/${enc(urn)}/structuredProperties`);
  if (r.status === 404) return undefined;
  return r.body.structuredProperties.value.properties.find((p: any) => p.propertyUrn === sp(qn))?.values;
};
async function finish(jobId: string) {
  for (let i = 0; i < 5; i++) {
    await app.runJobs();
    const job = (await app.get(`/openapi/v3/jobs/${jobId}`)).body;
    if (job.status === 'done') return job;
  }
  throw new Error('the migration job did not finish');
}

beforeAll(async () => {
  app = await startTestApp('migrate');
  await define(TIER, 'string', 'SINGLE', ['gold', 'silver', 'bronze']);
  await define(TEAMS, 'string', 'MULTIPLE');
  await define(DAYS, 'string', 'SINGLE');
  const tiers = ['gold', 'gold', 'silver', 'silver', 'bronze', undefined];
  const items = tiers.map((t, i) => ({
    urn: ds(i),
    datasetProperties: { value: { name: `t${i}` } },
    structuredProperties: { value: { properties: [
      ...(t ? [{ propertyUrn: sp(TIER), values: [{ string: t }] }] : []),
      { propertyUrn: sp(TEAMS), values: i % 2 === 0 ? [{ string: `team${i}` }, { string: 'shared' }] : [{ string: `team${i}` }] },
      { propertyUrn: sp(DAYS), values: [{ string: i === 5 ? 'forever' : String(30 * (i + 1)) }] },
    ] } },
  }));
  const r = await app.post('/openapi/v3/entity/dataset?async=false&waitForSearch=true', items);
  expect(r.status, r.text).toBe(200);
}, 120_000);
afterAll(async () => app?.close());

describe('value migration', () => {
  const tierChange = {
    urn: sp(TIER),
    version: V2,
    allowedValues: [{ value: { string: 'platinum' } }, { value: { string: 'standard' } }],
    migration: { values: [{ from: 'gold', to: 'platinum' }, { from: 'silver', to: 'standard' }, { from: 'bronze', to: null }] },
  };

  it('a dry run answers how many entities and values change, with samples, and writes nothing', async () => {
    const r = await migrate({ ...tierChange, dryRun: true });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ dryRun: true, fromVersion: V1, toVersion: V2, entities: 5, migrated: 4, emptied: 1, values: { kept: 4, mapped: 4, converted: 0, dropped: 1 } });
    expect(r.body.samples).toContainEqual({ urn: ds(4), before: ['{string=bronze}'], after: [], dropped: [{ value: '{string=bronze}', reason: 'mapped to nothing' }] });
    expect(r.body.samples).toContainEqual({ urn: ds(0), before: ['{string=gold}'], after: ['{string=platinum}'], dropped: [] });
    const def = await app.get(`/openapi/v3/entity/structuredProperty/${enc(sp(TIER))}/propertyDefinition`);
    expect(def.body.propertyDefinition.value.version).toBe(V1);
    expect(await valuesOf(ds(0), TIER)).toEqual([{ string: 'gold' }]);
  });

  it('refuses what cannot be migrated before writing anything', async () => {
    let r = await migrate({ ...tierChange, version: V1 });
    expect(r.status).toBe(400);
    expect(r.body.message).toContain(`version ${V1} must be higher than the stored version ${V1}`);
    r = await migrate({ urn: sp(TEAMS), version: V2, cardinality: 'SINGLE', migration: {} });
    expect(r.body.message).toContain('changes from MULTIPLE to SINGLE: say what happens to entities with several values');
    r = await migrate({ urn: sp(TEAMS), version: V2, cardinality: 'SINGLE', migration: { cardinality: 'KEEP_ALL' } });
    expect(r.body.message).toContain('KEEP_ALL keeps several values, but the new definition is SINGLE');
    r = await migrate({ ...tierChange, migration: { values: [{ from: 'gold', to: 'a' }, { from: 'gold', to: 'b' }] } });
    expect(r.body.message).toContain('maps "gold" twice');
    r = await migrate({ ...tierChange, migration: { keep: 'all' } });
    expect(r.status).toBe(400);
    expect(r.body.message).toContain("Invalid migration: migration: unknown field(s) 'keep'");
  });

  it('applied, a durable job migrates every value; they are readable and searchable under the new version', async () => {
    const r = await migrate(tierChange);
    expect(r.status, r.text).toBe(202);
    expect(r.body.job.href).toBe(`/openapi/v3/jobs/${r.body.job.id}`);
    // The holder of the job dies before finishing: another run takes the lease over and completes it.
    await app.raw.update({ index: app.services.names.jobs(), id: r.body.job.id, refresh: 'wait_for', body: { doc: { status: 'running', leaseOwner: 'a-dead-process', leaseUntil: Date.now() - 1000, attempts: 1 } } });
    const job = await finish(r.body.job.id);
    expect(job).toMatchObject({ status: 'done', attempts: 2, progress: { phase: 'done', entities: 5, migrated: 4, migratedValues: 4, droppedValues: 1 } });
    expect(await valuesOf(ds(0), TIER)).toEqual([{ string: 'platinum' }]);
    expect(await valuesOf(ds(2), TIER)).toEqual([{ string: 'standard' }]);
    expect(await valuesOf(ds(4), TIER)).toBeUndefined();
    const hits = await graphqlData(app, `{ searchAcrossEntities(input: { types: [DATASET], query: "*", count: 10, orFilters: [{ and: [{ field: "structuredProperties.${TIER}", values: ["platinum"] }] }] }) { total } }`);
    expect(hits.searchAcrossEntities.total).toBe(2);
    // The change records say who migrated, and what.
    const history = await app.get(`/openapi/v3/timeline/${enc(ds(0))}?order=desc&count=5`);
    expect(history.status, history.text).toBe(200);
    const change = history.body.changes.find((c: any) => JSON.stringify(c).includes('platinum'));
    expect(change?.actor).toBe('urn:li:corpuser:tester');
  });

  it('cardinality and type changes: KEEP_FIRST to SINGLE; text to numbers, with what cannot convert dropped', async () => {
    const teams = await migrate({ urn: sp(TEAMS), version: V2, cardinality: 'SINGLE', migration: { cardinality: 'KEEP_FIRST' } });
    expect(teams.status, teams.text).toBe(202);
    await finish(teams.body.job.id);
    expect(await valuesOf(ds(0), TEAMS)).toEqual([{ string: 'team0' }]);
    expect(await valuesOf(ds(1), TEAMS)).toEqual([{ string: 'team1' }]);

    const preview = await migrate({ urn: sp(DAYS), version: V2, valueType: 'urn:li:dataType:datahub.number', constraints: { min: 1, max: 150 }, migration: {}, dryRun: true });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body).toMatchObject({ entities: 6, migrated: 5, emptied: 1, values: { kept: 5, converted: 5, dropped: 1 } });
    expect(preview.body.samples.find((s: any) => s.urn === ds(5)).dropped[0]).toMatchObject({ value: '{string=forever}', reason: 'cannot be a number of the new version' });
    const days = await migrate({ urn: sp(DAYS), version: V2, valueType: 'urn:li:dataType:datahub.number', constraints: { min: 1, max: 150 }, migration: {} });
    expect(days.status, days.text).toBe(202);
    await finish(days.body.job.id);
    expect(await valuesOf(ds(0), DAYS)).toEqual([{ double: 30 }]);
    expect(await valuesOf(ds(4), DAYS)).toEqual([{ double: 150 }]);
    expect(await valuesOf(ds(5), DAYS)).toBeUndefined();
  });

  it('without a migration the old values go, as the specification says', async () => {
    const preview = await migrate({ urn: sp(TIER), version: '20260301000000', dryRun: true });
    expect(preview.body).toMatchObject({ entities: 4, migrated: 0, emptied: 4, values: { kept: 0, dropped: 4 } });
    const r = await migrate({ urn: sp(TIER), version: '20260301000000' });
    expect(r.status, r.text).toBe(202);
    await app.runJobs();
    expect(await valuesOf(ds(0), TIER)).toBeUndefined();
  });

  it('the same through GraphQL: a preview with a value map, then the job', async () => {
    const q = (dryRun: boolean) => `mutation { migrateStructuredProperty(input: { urn: "${sp(DAYS)}", version: "20260401000000", dryRun: ${dryRun},
      migration: { values: [{ from: "30", to: "31" }, { from: "60" }] } }) { dryRun fromVersion toVersion entities migrated emptied keptValues mappedValues droppedValues samples { urn before after } jobId } }`;
    const preview = (await graphqlData(app, q(true))).migrateStructuredProperty;
    expect(preview).toMatchObject({ dryRun: true, fromVersion: V2, entities: 5, migrated: 4, emptied: 1, keptValues: 4, mappedValues: 1, droppedValues: 1, jobId: null });
    expect(preview.samples).toContainEqual({ urn: ds(0), before: ['{double=30.0}'], after: ['{double=31.0}'] });
    const applied = (await graphqlData(app, q(false))).migrateStructuredProperty;
    expect(applied).toMatchObject({ dryRun: false, entities: null });
    await finish(applied.jobId);
    expect(await valuesOf(ds(0), DAYS)).toEqual([{ double: 31 }]);
    expect(await valuesOf(ds(1), DAYS)).toBeUndefined();
  });
});
