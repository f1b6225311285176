/**
 * Labels that follow the data: a rule on a tag or a structured property (the `labelPropagation` aspect) propagates it
 * along lineage by a durable job through the one write path — marked with its origin, never over a value set on the
 * entity itself, removed when the origin's value, the edge or the rule goes, stopped at platforms, bounded by hops,
 * ending in cycles, with the rights of the person who set the rule, recorded in history with its origin.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mintToken } from '../../src/auth/tokens.js';
import { sweepPropagation } from '../../src/jobs/label-propagation.js';
import { enc, graphqlData, startTestApp, TEST_SECRET, type TestApp } from './harness.js';

const ds = (platform: string, name: string) => `urn:li:dataset:(urn:li:dataPlatform:${platform},${name},PROD)`;
const [RAW, CLEAN, REPORT, FINAL] = [ds('hive', 'prop.raw'), ds('hive', 'prop.clean'), ds('hive', 'prop.report'), ds('hive', 'prop.final')];
const JOB = 'urn:li:dataJob:(urn:li:dataFlow:(airflow,prop,prod),build_report)';
const PII = 'urn:li:tag:prop-pii';
const SENSITIVITY = 'urn:li:structuredProperty:io.acme.prop.sensitivity';
const [SRC, MID, LAKE, OUT] = [ds('hive', 'prop.src'), ds('hive', 'prop.mid'), ds('s3', 'prop.lake'), ds('hive', 'prop.out')];
const col = (d: string, p: string) => `urn:li:schemaField:(${d},${p})`;
const STEWARD = 'urn:li:corpuser:prop-steward';
const SOURCE = 'urn:li:dataHubAction:tessera-propagation';

let app: TestApp;
let steward: { token: string };
const put = async (urn: string, aspect: string, value: unknown, opts: { token?: string } = {}) => {
  const r = await app.request('POST', `/openapi/v3/entity/${urn.split(':')[2]}/${enc(urn)}/${aspect}?createIfNotExists=false`, { value }, opts);
  expect(r.status, r.text).toBe(200);
};
const tagsOf = async (urn: string) => {
  const r = await app.get(`/openapi/v3/entity/${urn.split(':')[2]}/${enc(urn)}/globalTags`);
  return r.status === 404 ? [] : ((r.body.globalTags?.value?.tags ?? []) as { tag: string; attribution?: { actor: string; source?: string; sourceDetail?: Record<string, string> } }[]);
};
const piiOf = async (urn: string) => (await tagsOf(urn)).find((t) => t.tag === PII);
/** What a sweep finds changed is propagated: the sweep records the jobs, the runner runs them. */
const propagate = async () => {
  await app.refresh();
  await sweepPropagation(app.services, undefined);
  while ((await app.runJobs()) > 0);
  await app.refresh();
};
const lastJob = async () => (await app.get('/openapi/v3/jobs?type=labelPropagation')).body;

beforeAll(async () => {
  app = await startTestApp('propagation');
  steward = { token: await mintToken(TEST_SECRET, STEWARD, 3600) };
  await put(PII, 'tagProperties', { name: 'prop-pii' });
  for (const urn of [RAW, CLEAN, REPORT, FINAL]) await put(urn, 'datasetProperties', { name: urn.split(',')[1] });
  await put(RAW, 'globalTags', { tags: [{ tag: PII }] });
  await put(CLEAN, 'upstreamLineage', { upstreams: [{ dataset: RAW, type: 'TRANSFORMED' }] });
  await put(JOB, 'dataJobInfo', { name: 'build report', type: { string: 'SQL' } });
  await put(JOB, 'dataJobInputOutput', { inputDatasets: [CLEAN], outputDatasets: [REPORT] });
  await put(FINAL, 'upstreamLineage', { upstreams: [{ dataset: REPORT, type: 'TRANSFORMED' }] });
  // A cycle: the final table feeds the raw one again.
  await put(RAW, 'upstreamLineage', { upstreams: [{ dataset: FINAL, type: 'TRANSFORMED' }] });
  // FINAL carries the tag itself, set by a person.
  await put(FINAL, 'globalTags', { tags: [{ tag: PII, context: 'set by hand' }] });
  await app.refresh();
});
afterAll(async () => app?.close());

describe('a tag that follows lineage', () => {
  it('is propagated downstream within the hops of its rule, marked with its origin and the way, by the rule setter', async () => {
    await put(PII, 'labelPropagation', { direction: 'DOWNSTREAM', maxHops: 2 });
    // The rule's write recorded its job; sweeps meanwhile (the catalog changing under them) add none behind it.
    await sweepPropagation(app.services, undefined);
    await sweepPropagation(app.services, 'an older version');
    const pending = await app.get(`/openapi/v3/jobs?type=labelPropagation&status=pending&key=${enc(PII)}`);
    expect(pending.body.jobs).toHaveLength(1);
    await propagate();
    expect(await piiOf(CLEAN)).toMatchObject({ tag: PII, attribution: { actor: 'urn:li:corpuser:tester', source: SOURCE, sourceDetail: { rule: PII, origin: RAW, via: `${RAW} > ${CLEAN}` } } });
    expect((await piiOf(JOB))?.attribution?.sourceDetail).toEqual({ rule: PII, origin: RAW, via: `${RAW} > ${CLEAN} > ${JOB}` });
    // Three hops away: beyond the rule.
    expect(await piiOf(REPORT)).toBeUndefined();
    // Set by a person: untouched (no attribution added), and itself an origin.
    expect(await piiOf(FINAL)).toEqual({ tag: PII, context: 'set by hand' });
    // The job says what it did.
    expect(JSON.stringify(await lastJob())).toContain('"added":2');
  });

  it('is recorded in history as the rule setter, with its origin, and shown in GraphQL as propagated', async () => {
    const h = await app.get(`/openapi/v3/history?urn=${enc(CLEAN)}&tagUrn=${enc(PII)}`);
    expect(h.status, h.text).toBe(200);
    const entries = JSON.stringify(h.body);
    expect(entries).toContain(SOURCE);
    expect(entries).toContain(`"origin":"${RAW}"`);
    const q = `query t($urn: String!) { dataset(urn: $urn) { tags { tags { tag { urn } attribution { actor { urn } source { urn } sourceDetail { key value } } } } } }`;
    expect((await graphqlData(app, q, { urn: CLEAN })).dataset.tags.tags).toEqual([
      { tag: { urn: PII }, attribution: { actor: { urn: 'urn:li:corpuser:tester' }, source: null, sourceDetail: [{ key: 'rule', value: PII }, { key: 'origin', value: RAW }, { key: 'via', value: `${RAW} > ${CLEAN}` }] } },
    ]);
  });

  it('reaches further when the rule says so, ends in the cycle, and a second run changes nothing', async () => {
    await put(PII, 'labelPropagation', { direction: 'DOWNSTREAM', maxHops: 10 });
    await propagate();
    expect((await piiOf(REPORT))?.attribution?.sourceDetail?.origin).toBe(RAW);
    // FINAL is an origin itself: RAW (through the cycle) is reached from it, but RAW's own tag wins.
    expect(await piiOf(RAW)).toEqual({ tag: PII });
    const before = await app.get(`/openapi/v3/history?urn=${enc(REPORT)}`);
    await propagate();
    const after = await app.get(`/openapi/v3/history?urn=${enc(REPORT)}`);
    expect(JSON.stringify(after.body)).toBe(JSON.stringify(before.body));
  });

  it('is removed where the origin no longer carries it, and everywhere when the rule is removed', async () => {
    // RAW loses its tag: what only RAW gave goes; FINAL (its own tag) now gives RAW, CLEAN, … through the cycle.
    await put(RAW, 'globalTags', { tags: [] });
    await propagate();
    expect((await piiOf(RAW))?.attribution?.sourceDetail?.origin).toBe(FINAL);
    expect((await piiOf(CLEAN))?.attribution?.sourceDetail?.via).toBe(`${FINAL} > ${RAW} > ${CLEAN}`);
    // The edge from FINAL to RAW goes: nothing reaches RAW any more.
    await put(RAW, 'upstreamLineage', { upstreams: [] });
    await propagate();
    for (const urn of [RAW, CLEAN, JOB, REPORT]) expect(await piiOf(urn)).toBeUndefined();
    await put(RAW, 'globalTags', { tags: [{ tag: PII }] });
    await propagate();
    expect(await piiOf(CLEAN)).toBeDefined();
    const del = await app.del(`/openapi/v3/entity/tag/${enc(PII)}/labelPropagation`);
    expect(del.status, del.text).toBeLessThan(300);
    while ((await app.runJobs()) > 0);
    await app.refresh();
    for (const urn of [CLEAN, JOB, REPORT]) expect(await piiOf(urn)).toBeUndefined();
    expect(await piiOf(FINAL)).toEqual({ tag: PII, context: 'set by hand' });
  });

  it('writes with the rights of the person who set the rule: what they may not change is refused and named', async () => {
    const admin = (query: string) => graphqlData(app, query);
    await admin(`mutation { batchAssignRole(input: {roleUrn: "urn:li:dataHubRole:Editor", actors: ["${STEWARD}"]}) }`);
    const deny = await app.post('/openapi/v3/policies', { name: 'No job tags', effect: 'DENY', privileges: ['EDIT_ENTITY_TAGS'], actors: { users: [STEWARD] }, resources: { urns: [JOB] } });
    expect(deny.status, deny.text).toBe(201);
    const manage = await app.post('/openapi/v3/policies', { name: 'Steward keeps the pii tag', privileges: ['MANAGE_TAGS'], actors: { users: [STEWARD] }, resources: { urns: [PII] } });
    expect(manage.status, manage.text).toBe(201);
    await put(PII, 'labelPropagation', { maxHops: 2 }, steward);
    await propagate();
    expect((await piiOf(CLEAN))?.attribution?.actor).toBe(STEWARD);
    expect(await piiOf(JOB)).toBeUndefined();
    const jobs = await app.get('/openapi/v3/jobs?type=labelPropagation');
    expect(JSON.stringify(jobs.body)).toContain(JOB);
  });
  it('a person tagging an entity the tag reached makes it the entity\'s own: it stays when the origin loses the tag', async () => {
    expect((await piiOf(CLEAN))?.attribution?.source).toBe(SOURCE);
    await graphqlData(app, `mutation { addTag(input: {tagUrn: "${PII}", resourceUrn: "${CLEAN}"}) }`);
    expect(await piiOf(CLEAN)).toEqual({ tag: PII });
    const whole = await app.request('POST', `/openapi/v3/entity/dataset/${enc(REPORT)}/globalTags?createIfNotExists=false`, { value: { tags: [{ tag: PII }] } });
    expect(whole.status, whole.text).toBe(200);
    await put(RAW, 'globalTags', { tags: [] });
    await propagate();
    expect(await piiOf(CLEAN)).toEqual({ tag: PII });
    // A whole globalTags written without the propagated marker is the entity's own as well.
    expect(await piiOf(REPORT)).toEqual({ tag: PII });
    await put(RAW, 'globalTags', { tags: [{ tag: PII }] });
    await propagate();
    expect(await piiOf(CLEAN)).toEqual({ tag: PII });
  });
});

describe('a column property that follows column lineage', () => {
  it('propagates a value to the columns its data flows to, stops at a platform, and never overrides a value set on the column', async () => {
    const definition = { qualifiedName: 'io.acme.prop.sensitivity', valueType: 'urn:li:dataType:datahub.string', entityTypes: ['urn:li:entityType:datahub.schemaField', 'urn:li:entityType:datahub.dataset'], cardinality: 'SINGLE' };
    await put(SENSITIVITY, 'propertyDefinition', definition);
    const fgl = (up: string, down: string) => ({ upstreamType: 'FIELD_SET', upstreams: [up], downstreamType: 'FIELD', downstreams: [down] });
    await put(MID, 'upstreamLineage', { upstreams: [{ dataset: SRC, type: 'TRANSFORMED' }], fineGrainedLineages: [fgl(col(SRC, 'email'), col(MID, 'email')), fgl(col(SRC, 'phone'), col(MID, 'phone'))] });
    await put(LAKE, 'upstreamLineage', { upstreams: [{ dataset: MID, type: 'COPY' }], fineGrainedLineages: [fgl(col(MID, 'email'), col(LAKE, 'email'))] });
    await put(OUT, 'upstreamLineage', { upstreams: [{ dataset: LAKE, type: 'COPY' }], fineGrainedLineages: [fgl(col(LAKE, 'email'), col(OUT, 'email'))] });
    for (const urn of [SRC, MID, LAKE, OUT]) await put(urn, 'datasetProperties', { name: urn.split(',')[1] });
    const value = (v: string) => ({ properties: [{ propertyUrn: SENSITIVITY, values: [{ string: v }] }] });
    await put(col(SRC, 'email'), 'structuredProperties', value('high'));
    await put(col(SRC, 'phone'), 'structuredProperties', value('high'));
    await put(col(MID, 'phone'), 'structuredProperties', value('low'));
    await put(SENSITIVITY, 'labelPropagation', { level: 'COLUMN', maxHops: 5, stopAtPlatforms: ['urn:li:dataPlatform:s3'] });
    await propagate();
    const valueOf = async (urn: string) => {
      const r = await app.get(`/openapi/v3/entity/schemaField/${enc(urn)}/structuredProperties`);
      return r.status === 404 ? undefined : ((r.body.structuredProperties?.value?.properties ?? []) as { propertyUrn: string; values: unknown[]; attribution?: { sourceDetail?: Record<string, string> } }[]).find((p) => p.propertyUrn === SENSITIVITY);
    };
    expect(await valueOf(col(MID, 'email'))).toMatchObject({ values: [{ string: 'high' }], attribution: { sourceDetail: { origin: col(SRC, 'email'), via: `${col(SRC, 'email')} > ${col(MID, 'email')}` } } });
    expect((await valueOf(col(MID, 'phone')))?.values).toEqual([{ string: 'low' }]);
    expect((await valueOf(col(MID, 'phone')))?.attribution).toBeUndefined();
    // s3 stops it: neither the lake's column nor what is built from it.
    expect(await valueOf(col(LAKE, 'email'))).toBeUndefined();
    expect(await valueOf(col(OUT, 'email'))).toBeUndefined();
    // The origin's value changes: the propagated one follows.
    await put(col(SRC, 'email'), 'structuredProperties', value('medium'));
    await propagate();
    expect((await valueOf(col(MID, 'email')))?.values).toEqual([{ string: 'medium' }]);
    const q = `query f($urn: String!) { schemaField(urn: $urn) { structuredProperties { properties { values { ... on StringValue { stringValue } } attribution { sourceDetail { key value } } } } } }`;
    const entry = (await graphqlData(app, q, { urn: col(MID, 'email') })).schemaField.structuredProperties.properties[0];
    expect(entry.values).toEqual([{ stringValue: 'medium' }]);
    expect(entry.attribution.sourceDetail).toContainEqual({ key: 'origin', value: col(SRC, 'email') });
    // A person setting the value the column carries by propagation makes it the column's own.
    const set = `mutation { upsertStructuredProperties(input: {assetUrn: "${col(MID, 'email')}", structuredPropertyInputParams: [{structuredPropertyUrn: "${SENSITIVITY}", values: [{stringValue: "medium"}]}]}) { properties { values { ... on StringValue { stringValue } } } } }`;
    await graphqlData(app, set);
    expect(await valueOf(col(MID, 'email'))).toMatchObject({ propertyUrn: SENSITIVITY, values: [{ string: 'medium' }] });
    expect((await valueOf(col(MID, 'email')))?.attribution).toBeUndefined();
    await put(col(SRC, 'email'), 'structuredProperties', value('low'));
    await propagate();
    expect((await valueOf(col(MID, 'email')))?.values).toEqual([{ string: 'medium' }]);
  });
});
