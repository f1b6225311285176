// Concurrent tag adds on one dataset and on one column all survive, within one process and across two store instances.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { addTags } from '../../src/catalog/tags/add-tags.js';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/logger.js';
import { createServices, type Services } from '../../src/services.js';
import { enc, startTestApp, type TestApp } from './harness.js';
import { column, schemaOf } from './schema-fixtures.js';

const DS = 'urn:li:dataset:(urn:li:dataPlatform:hive,busy,PROD)';
const COLUMN = 'user_name';
const N = 32;
const tagUrns = (prefix: string) => Array.from({ length: N }, (_, i) => `urn:li:tag:${prefix}${i}`);
let app: TestApp;
/** A second, independent store on the same indices: its writes meet app's only through OpenSearch's seq_no checks. */
let other: Services;

const tagged = async (aspect: 'globalTags' | 'editableSchemaMetadata') => (await app.get(`/openapi/v2/entity/dataset/${enc(DS)}/${aspect}`)).body.value;

async function createTags(urns: string[]) {
  const create = (u: string) => app.graphql('mutation ($id: String!) { createTag(input: {id: $id, name: $id}) }', { id: u.slice('urn:li:tag:'.length) });
  const results = await Promise.all(urns.map(create));
  expect(results.map((r) => r.data?.createTag), JSON.stringify(results.find((r) => r.errors)?.errors)).toEqual(urns);
}

const addOne = (tag: string, column?: string) =>
  app.graphql(`mutation ($tag: String!, $ds: String!${column ? ', $col: String' : ''}) {
    addTags(input: {tagUrns: [$tag], resourceUrn: $ds${column ? ', subResourceType: DATASET_FIELD, subResource: $col' : ''}}) }`, { tag, ds: DS, col: column });

beforeAll(async () => {
  app = await startTestApp('tags-concurrency');
  const config = loadConfig({ INDEX_PREFIX: app.prefix, AUTH_MODE: 'none', LOG_LEVEL: 'silent', JOBS_ENABLED: 'false', OPENSEARCH_URL: inject('opensearchUrl') });
  other = await createServices(config, createLogger('silent'), config.OPENSEARCH_URL!);
  const schema = schemaOf('busy', 'urn:li:dataPlatform:hive', [column(COLUMN)]);
  expect((await app.post(`/openapi/v3/entity/dataset/${enc(DS)}/schemaMetadata?createIfNotExists=false`, { value: schema })).status).toBe(200);
  await createTags([...tagUrns('d'), ...tagUrns('c'), ...tagUrns('x'), ...tagUrns('y')]);
});
afterAll(async () => {
  await other?.close();
  await app?.close();
});

describe('concurrent addTags', () => {
  it(`keeps all ${N} tags added at the same moment to one dataset`, async () => {
    const results = await Promise.all(tagUrns('d').map((t) => addOne(t)));
    expect(results.every((r) => r.data?.addTags === true)).toBe(true);
    const tags = (await tagged('globalTags')).tags.map((t: any) => t.tag);
    expect(tags.sort()).toEqual(tagUrns('d').sort());
  });

  it(`keeps all ${N} tags added at the same moment to one column, in a single entry`, async () => {
    const results = await Promise.all(tagUrns('c').map((t) => addOne(t, COLUMN)));
    expect(results.every((r) => r.data?.addTags === true)).toBe(true);
    const infos = (await tagged('editableSchemaMetadata')).editableSchemaFieldInfo;
    expect(infos).toHaveLength(1);
    expect(infos[0].globalTags.tags.map((t: any) => t.tag).sort()).toEqual(tagUrns('c').sort());
  });

  it('merges adds from two independent stores racing on the same dataset and column', async () => {
    const direct = (tag: string, column?: string) =>
      addTags(other, { tagUrns: [tag], resources: [{ resourceUrn: DS, ...(column ? { subResourceType: 'DATASET_FIELD', subResource: column } : {}) }], actor: 'urn:li:corpuser:other' });
    await Promise.all([
      ...tagUrns('x').map((t, i) => (i % 2 ? addOne(t) : direct(t))),
      ...tagUrns('y').map((t, i) => (i % 2 ? direct(t, COLUMN) : addOne(t, COLUMN))),
    ]);
    const tags: string[] = (await tagged('globalTags')).tags.map((t: any) => t.tag);
    expect(tags.filter((t) => t.startsWith('urn:li:tag:x')).sort()).toEqual(tagUrns('x').sort());
    expect(tags).toHaveLength(2 * N);
    const infos = (await tagged('editableSchemaMetadata')).editableSchemaFieldInfo;
    expect(infos).toHaveLength(1);
    expect(infos[0].globalTags.tags).toHaveLength(2 * N);
  });
});

describe('concurrent createTag', () => {
  it('lets exactly one of several simultaneous createTag calls with the same id win; the others get CONFLICT', async () => {
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => app.graphql(`mutation { createTag(input: {id: "race", name: "Racer ${i}"}) }`)));
    expect(results.filter((r) => r.data?.createTag === 'urn:li:tag:race')).toHaveLength(1);
    const losers = results.filter((r) => r.errors);
    expect(losers).toHaveLength(7);
    for (const r of losers) expect(r.errors[0].message).toBe('Tag urn:li:tag:race already exists');
  });
});
