/** The original's Python SDK (emitter, patch builder, DataHubGraph, DataHubClient), unchanged, against Tessera with CREATE_MISSING_ENTITIES off and on. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enc, graphqlData, startTestApp, type TestApp } from '../integration/harness.js';
import { datahubFor, type Datahub } from './datahub.js';

const sp = (id: string) => `urn:li:structuredProperty:compat.${id}`;
const ds = (name: string) => `urn:li:dataset:(urn:li:dataPlatform:hive,sdk.${name},PROD)`;
const TYPES = ['string', 'number', 'date', 'urn', 'rich_text'] as const;

/** One definition per value type and cardinality, written with the client's own brand. */
const definitions = TYPES.flatMap((type) =>
  (['SINGLE', 'MULTIPLE'] as const).map((cardinality) => ({
    urn: sp(`${type}.${cardinality.toLowerCase()}`),
    aspectName: 'propertyDefinition',
    aspect: {
      qualifiedName: `compat.${type}.${cardinality.toLowerCase()}`,
      valueType: `urn:li:dataType:datahub.${type}`,
      cardinality,
      entityTypes: ['urn:li:entityType:datahub.dataset'],
      ...(type === 'string' && cardinality === 'SINGLE' ? { allowedValues: [{ value: { string: 'gold' } }, { value: { string: 'silver' } }] } : {}),
    },
  })),
);
const valuesOf: Record<string, [unknown[], unknown[]]> = {
  string: [['gold'], ['a', 'b']],
  number: [[30], [1, 2.5]],
  date: [['2024-01-31'], ['2024-01-01', '2024-12-31']],
  urn: [['urn:li:corpuser:jdoe'], ['urn:li:corpuser:a', 'urn:li:corpuser:b']],
  rich_text: [['*bold*'], ['one', 'two']],
};
const wire = (v: unknown) => (typeof v === 'number' ? { double: v } : { string: v });
const assignments = TYPES.flatMap((type) => [
  { propertyUrn: sp(`${type}.single`), values: valuesOf[type][0] },
  { propertyUrn: sp(`${type}.multiple`), values: valuesOf[type][1] },
]);
const mcp = (urn: string, aspectName: string, aspect: unknown) => ({ urn, aspectName, aspect });

describe.each([
  ['off', false],
  ['on', true],
])('Python SDK with CREATE_MISSING_ENTITIES %s', (label, createMissing) => {
  let app: TestApp;
  let dh: Datahub;
  const v3 = async (urn: string, aspect: string) => (await app.get(`/openapi/v3/entity/dataset/${enc(urn)}/${aspect}`)).body?.[aspect]?.value;

  beforeAll(async () => {
    app = await startTestApp(`compat-sdk-${label}`, { CREATE_MISSING_ENTITIES: String(createMissing) });
    dh = datahubFor(app);
    const [defined] = await dh.sdk([{ op: 'emitBatch', mcps: definitions }]);
    expect(defined).toBe('ok');
  });
  afterAll(async () => {
    await app?.close();
  });

  it('the emitter writes globalTags and structuredProperties one by one and in a batch', async () => {
    const one = ds(`one.${label}`);
    const two = ds(`two.${label}`);
    const tags = { tags: [{ tag: 'urn:li:tag:gold' }] };
    const props = { properties: [{ propertyUrn: sp('string.single'), values: ['gold'] }] };
    const [single, batch] = await dh.sdk([
      { op: 'emit', mcps: [mcp(one, 'status', { removed: false }), mcp(one, 'globalTags', tags), mcp(one, 'structuredProperties', props)] },
      { op: 'emitBatch', mcps: [mcp(two, 'status', { removed: false }), mcp(two, 'globalTags', tags), mcp(two, 'structuredProperties', props)] },
    ]);
    expect([single, batch]).toEqual(['ok', 'ok']);
    for (const urn of [one, two]) {
      expect(await v3(urn, 'globalTags')).toEqual(tags);
      expect(await v3(urn, 'structuredProperties')).toEqual({ properties: [{ propertyUrn: sp('string.single'), values: [{ string: 'gold' }] }] });
      const gql = await graphqlData(app, `{ dataset(urn: "${urn}") { tags { tags { tag { urn } } } structuredProperties { properties { values { ... on StringValue { stringValue } } } } } }`);
      expect(gql.dataset.tags.tags).toEqual([{ tag: { urn: 'urn:li:tag:gold' } }]);
      expect(gql.dataset.structuredProperties.properties).toEqual([{ values: [{ stringValue: 'gold' }] }]);
    }
  });

  it('works with a stored access token: a service account Editor emits tags; what needs Admin is refused', async () => {
    const urn = ds(`stored.${label}`);
    await dh.sdk([{ op: 'emit', mcps: [mcp(urn, 'status', { removed: false })] }]);
    const account = await app.request('POST', '/openapi/v3/service-accounts', { id: `sdk-${label}` });
    expect(account.status).toBe(201);
    expect((await app.request('POST', '/openapi/v3/roles/assignments', { role: 'Editor', actors: [account.body.urn] })).status).toBe(200);
    const issued = await app.request('POST', '/openapi/v3/tokens', { actorUrn: account.body.urn, name: 'sdk', duration: 'ONE_DAY' });
    expect(issued.status, issued.text).toBe(201);
    expect(issued.body.accessToken).toMatch(/^tsr_pat_/);
    const tags = { tags: [{ tag: 'urn:li:tag:silver' }] };
    expect(await dh.sdk([{ op: 'emit', mcps: [mcp(urn, 'globalTags', tags)] }], issued.body.accessToken)).toEqual(['ok']);
    expect(await v3(urn, 'globalTags')).toEqual(tags);
    const [refused] = await dh.sdk([{ op: 'emit', mcps: [mcp(urn, 'datasetProperties', { name: 'not mine' })] }], issued.body.accessToken);
    expect(JSON.stringify(refused)).toMatch(/lacks the privilege EDIT_ENTITY/);
  });

  it('stores values of each type and cardinality, read back by the SDK, REST v3 and GraphQL', async () => {
    const urn = ds(`types.${label}`);
    const [written, read] = await dh.sdk([
      { op: 'emit', mcps: [mcp(urn, 'status', { removed: false }), mcp(urn, 'structuredProperties', { properties: assignments })] },
      { op: 'getAspect', urn, aspect: 'structuredProperties' },
    ]);
    expect(written).toBe('ok');
    // The SDK's to_obj() answers the wire form, union members keyed by name.
    expect(read.properties.map((p: any) => [p.propertyUrn, p.values])).toEqual(assignments.map((a) => [a.propertyUrn, a.values.map(wire)]));
    const stored = await v3(urn, 'structuredProperties');
    expect(stored.properties.map((p: any) => p.values)).toEqual(assignments.map((a) => a.values.map(wire)));
    const gql = await graphqlData(app, `{ dataset(urn: "${urn}") { structuredProperties { properties { structuredProperty { urn } values { ... on StringValue { stringValue } ... on NumberValue { numberValue } } } } } }`);
    expect(gql.dataset.structuredProperties.properties).toHaveLength(assignments.length);
  });

  it('refuses a value outside the allowed values and a second value on a SINGLE property, with the reason', async () => {
    const urn = ds(`one.${label}`);
    const [notAllowed, tooMany] = await dh.sdk([
      { op: 'emit', mcps: [mcp(urn, 'structuredProperties', { properties: [{ propertyUrn: sp('string.single'), values: ['bronze'] }] })] },
      { op: 'emit', mcps: [mcp(urn, 'structuredProperties', { properties: [{ propertyUrn: sp('number.single'), values: [1, 2] }] })] },
    ]);
    expect(notAllowed.error).toContain('value: {string=bronze} should be one of [{string=gold}, {string=silver}]');
    expect(tooMany.error).toContain(sp('number.single'));
    expect(await v3(urn, 'structuredProperties')).toEqual({ properties: [{ propertyUrn: sp('string.single'), values: [{ string: 'gold' }] }] });
  });

  it('the patch builder adds a tag and sets a property, keeping what was there', async () => {
    const urn = ds(`one.${label}`);
    const [patched, tags, props] = await dh.sdk([
      { op: 'patch', urn, addTags: ['urn:li:tag:silver'], setProperties: { [sp('number.single')]: 7 } },
      { op: 'getAspect', urn, aspect: 'globalTags' },
      { op: 'getAspect', urn, aspect: 'structuredProperties' },
    ]);
    expect(patched).toBe('ok');
    expect(tags.tags.map((t: any) => t.tag)).toEqual(['urn:li:tag:gold', 'urn:li:tag:silver']);
    expect(props.properties.map((p: any) => [p.propertyUrn, p.values])).toEqual([[sp('string.single'), [{ string: 'gold' }]], [sp('number.single'), [{ double: 7 }]]]);
    expect((await v3(urn, 'globalTags')).tags).toHaveLength(2);
    const [removed] = await dh.sdk([{ op: 'patch', urn, removeTags: ['urn:li:tag:gold'] }]);
    expect(removed).toBe('ok');
    expect(await v3(urn, 'globalTags')).toEqual({ tags: [{ tag: 'urn:li:tag:silver' }] });
  });

  it('every patch the builder makes (tags, terms, owners, custom properties, lineage with columns, column tags and terms) applies over Rest.li and OpenAPI', async () => {
    for (const openapi of [false, true]) {
      const urn = ds(`patched.${openapi ? 'openapi' : 'restli'}.${label}`);
      const up = ds(`patched.upstream.${label}`);
      const [made] = await dh.sdk([{ op: 'emitBatch', mcps: [mcp(urn, 'datasetProperties', { name: 'patched', customProperties: { keep: 'yes', drop: 'me' } }), mcp(urn, 'ownership', { owners: [{ owner: 'urn:li:corpuser:old', type: 'DATAOWNER' }] })] }]);
      expect(made).toBe('ok');
      const [patched] = await dh.sdk([
        {
          op: 'patch', urn, openapi,
          addTags: ['urn:li:tag:gold'], addTerms: ['urn:li:glossaryTerm:Finance.Revenue'], addOwners: ['urn:li:corpuser:jdoe'], removeOwners: ['urn:li:corpuser:old'],
          addCustomProperties: { team: 'sales' }, removeCustomProperties: ['drop'], addUpstreams: [up],
          addFineGrained: [{ upstreams: [`urn:li:schemaField:(${up},id)`], downstreams: [`urn:li:schemaField:(${urn},order_id)`], transformOperation: 'IDENTITY' }],
          fieldTags: { order_id: ['urn:li:tag:pii'] }, fieldTerms: { order_id: ['urn:li:glossaryTerm:Finance.Key'] },
        },
      ]);
      expect(patched, JSON.stringify(patched)).toBe('ok');
      expect((await v3(urn, 'globalTags')).tags).toEqual([{ tag: 'urn:li:tag:gold' }]);
      expect((await v3(urn, 'glossaryTerms')).terms.map((t: { urn: string }) => t.urn)).toEqual(['urn:li:glossaryTerm:Finance.Revenue']);
      expect((await v3(urn, 'ownership')).owners.map((o: { owner: string }) => o.owner)).toEqual(['urn:li:corpuser:jdoe']);
      expect((await v3(urn, 'datasetProperties')).customProperties).toEqual({ keep: 'yes', team: 'sales' });
      const lineage = await v3(urn, 'upstreamLineage');
      expect(lineage.upstreams.map((u: { dataset: string }) => u.dataset)).toEqual([up]);
      expect(lineage.fineGrainedLineages).toMatchObject([{ upstreams: [`urn:li:schemaField:(${up},id)`], downstreams: [`urn:li:schemaField:(${urn},order_id)`], transformOperation: 'IDENTITY' }]);
      const column = (await v3(urn, 'editableSchemaMetadata')).editableSchemaFieldInfo.find((f: { fieldPath: string }) => f.fieldPath === 'order_id');
      expect(column.globalTags.tags).toEqual([{ tag: 'urn:li:tag:pii' }]);
      expect(column.glossaryTerms.terms.map((t: { urn: string }) => t.urn)).toEqual(['urn:li:glossaryTerm:Finance.Key']);
    }
  });

  it('finds datasets by a property value with get_urns_by_filter', async () => {
    await app.refresh();
    const [byNumber, byString] = await dh.sdk([
      { op: 'urnsByFilter', entityTypes: ['dataset'], filters: [{ field: 'structuredProperties.compat.number.single', condition: 'EQUAL', values: ['7'] }] },
      { op: 'urnsByFilter', entityTypes: ['dataset'], filters: [{ field: 'structuredProperties.compat.string.multiple', condition: 'EQUAL', values: ['b'] }] },
    ]);
    expect(byNumber).toEqual([ds(`one.${label}`)]);
    expect(byString).toEqual([ds(`types.${label}`)]);
  });

  it(`annotations written before their dataset exists ${createMissing ? 'create it' : 'are refused'}`, async () => {
    const urn = ds(`early.${label}`);
    const [written, exists] = await dh.sdk([
      { op: 'emit', mcps: [mcp(urn, 'structuredProperties', { properties: [{ propertyUrn: sp('number.single'), values: [30] }] })] },
      { op: 'exists', urn },
    ]);
    if (createMissing) {
      expect(written).toBe('ok');
      expect(exists).toBe(true);
      expect((await app.get(`/openapi/v3/entity/dataset/${enc(urn)}`)).body.datasetKey.value.name).toBe(`sdk.early.${label}`);
    } else {
      expect(written.error).toContain(`Entity ${urn} does not exist`);
      expect(exists).toBe(false);
      expect((await app.get(`/openapi/v3/entity/dataset/${enc(urn)}`)).status).toBe(404);
    }
  });

  it('DataHubClient upserts and reads a dataset', async () => {
    const [urn] = await dh.sdk([{ op: 'clientUpsert', platform: 'hive', name: `client.${label}`, description: 'from the client', tags: ['urn:li:tag:gold'], subtype: 'Table' }]);
    expect(urn).toBe(ds(`client.${label}`).replace('sdk.', ''));
    const [read] = await dh.sdk([{ op: 'clientGet', urn }]);
    expect(read).toEqual({ description: 'from the client', tags: ['urn:li:tag:gold'] });
    expect((await v3(urn, 'subTypes')).typeNames).toEqual(['Table']);
  });

  it('hard deleting a property rolls its values out of reads and search', async () => {
    const urn = ds(`one.${label}`);
    const filter = [{ field: 'structuredProperties.compat.number.single', condition: 'EQUAL', values: ['7'] }];
    const [deleted] = await dh.sdk([{ op: 'hardDelete', urn: sp('number.single') }]);
    expect(deleted[0]).toBeGreaterThan(0);
    expect((await v3(urn, 'structuredProperties')).properties.map((p: any) => p.propertyUrn)).toEqual([sp('string.single')]);
    await app.runJobs(); // the durable clean-up job that removes the stored values
    await app.refresh();
    const [found] = await dh.sdk([{ op: 'urnsByFilter', entityTypes: ['dataset'], filters: filter }]);
    // A search by the hard-deleted property finds nothing, as the original answers; the stored document no longer
    // carries the value either.
    expect(found).toEqual([]);
    const raw = await app.raw.get({ index: `${app.prefix}dataset`, id: urn });
    const source = raw.body._source as Record<string, any>;
    expect(source.aspects.structuredProperties.value.properties.map((p: any) => p.propertyUrn)).toEqual([sp('string.single')]);
    expect(JSON.stringify(source.structuredProperties ?? {})).not.toContain('compat_number_single');
  });

  it('soft delete through the SDK hides the dataset from search; hard delete removes it', async () => {
    const urn = ds(`types.${label}`);
    const [soft] = await dh.sdk([{ op: 'softDelete', urn }]);
    expect(soft).toBe('ok');
    await app.refresh();
    const filter = [{ field: 'structuredProperties.compat.string.multiple', condition: 'EQUAL', values: ['b'] }];
    const [hidden, onlyDeleted] = await dh.sdk([
      { op: 'urnsByFilter', entityTypes: ['dataset'], filters: filter },
      { op: 'urnsByFilter', entityTypes: ['dataset'], filters: filter, status: 'ONLY_SOFT_DELETED' },
    ]);
    expect(hidden).toEqual([]);
    expect(onlyDeleted).toEqual([urn]);
    const [hard] = await dh.sdk([{ op: 'hardDelete', urn }]);
    expect(hard[0]).toBeGreaterThan(0);
    await app.refresh();
    const [gone] = await dh.sdk([{ op: 'urnsByFilter', entityTypes: ['dataset'], filters: filter, status: 'ALL' }]);
    expect(gone).toEqual([]);
  });
});
