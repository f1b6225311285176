/**
 * A type's registry search fields (`searchFields`, kept in documents' `typeFields`) may change between versions: each
 * entity index records in its mapping's `_meta` the search fields its documents were derived with, and a rebuild
 * derives `typeFields` again when the registry's differ — then the index records the new ones and is left alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reindexEntityTypes } from '../../src/jobs/reindex.js';
import { typeFieldsStamp } from '../../src/model/entity-types.js';
import { startTestApp, type TestApp } from './harness.js';
import { wireProposal } from './wire-proposals.js';

let app: TestApp;
const DS = 'urn:li:dataset:(urn:li:dataPlatform:hive,stamp.orders,PROD)';
const QUERY = 'urn:li:query:stamp-q1';

beforeAll(async () => {
  app = await startTestApp('type-fields-stamp');
  const stamp = { time: 1, actor: 'urn:li:corpuser:a' };
  const res = await app.post('/gms/aspects?action=ingestProposalBatch', {
    proposals: [
      wireProposal(QUERY, 'queryProperties', { statement: { value: 'select 1', language: 'SQL' }, source: 'MANUAL', created: stamp, lastModified: stamp }),
      wireProposal(QUERY, 'querySubjects', { subjects: [{ entity: DS }] }),
    ],
  });
  expect(res.status, res.text).toBe(200);
  await app.refresh();
});
afterAll(async () => app?.close());

const liveIndex = async () => Object.keys((await app.raw.indices.getAlias({ name: app.services.names.entity('query') })).body)[0];
const typeFieldsOf = async () => ((await app.raw.search({ index: app.services.names.entity('query'), body: { query: { term: { urn: QUERY } } } })).body.hits.hits[0]._source as { typeFields?: string[] }).typeFields;

describe('the registry search fields an index was derived with', () => {
  it('are recorded when the index is made', async () => {
    const index = await liveIndex();
    const mapping = (await app.raw.indices.getMapping({ index })).body[index].mappings as { _meta?: { typeFields?: string } };
    expect(mapping._meta?.typeFields).toBe(typeFieldsStamp('query'));
    expect(await typeFieldsOf()).toEqual(expect.arrayContaining([`entities=${DS}`, 'source=MANUAL']));
  });

  it('when they differ from the registry, make a rebuild derive typeFields again; once current, the index is left alone', async () => {
    const index = await liveIndex();
    // As an older version left it: other search fields recorded, and documents derived with them.
    await app.raw.indices.putMapping({ index, body: { _meta: { typeFields: '{"entities":"querySubjects.subjects"}' } } });
    await app.raw.updateByQuery({ index, refresh: true, body: { query: { term: { urn: QUERY } }, script: { source: "ctx._source.typeFields = ['entities=stale']" } } });
    expect(await typeFieldsOf()).toEqual(['entities=stale']);
    const first = await reindexEntityTypes(app.services, ['query'], { log: () => undefined });
    expect(first.indices[0].action).toBe('rebuilt');
    expect(await typeFieldsOf()).toEqual(expect.arrayContaining([`entities=${DS}`, 'source=MANUAL']));
    const rebuilt = await liveIndex();
    expect(((await app.raw.indices.getMapping({ index: rebuilt })).body[rebuilt].mappings as { _meta?: { typeFields?: string } })._meta?.typeFields).toBe(typeFieldsStamp('query'));
    const second = await reindexEntityTypes(app.services, ['query'], { log: () => undefined });
    expect(second.indices[0].action).toBe('unchanged');
  });
});
