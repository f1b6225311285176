import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enc, startTestApp, type TestApp } from './harness.js';
import { datasetUrn, defineProperty, NUMBER, propertyUrn } from './search-helpers.js';

// A batch item that creates an entity may set its annotation aspects in the same item: the entity exists by then.
let app: TestApp;
const SIZE = propertyUrn('batch.size');
const value = (n: number) => ({ properties: [{ propertyUrn: SIZE, values: [{ double: n }] }] });

beforeAll(async () => {
  app = await startTestApp('batch-annotations');
  await defineProperty(app, 'batch.size', NUMBER);
});
afterAll(async () => app?.close());

describe('creating an entity and annotating it in one batch item', () => {
  it('is accepted by the REST batch (bulk create path) and reads back both aspects', async () => {
    const items = [1, 2, 3].map((i) => ({ urn: datasetUrn(`db.both${i}`), datasetProperties: { value: { name: `both${i}` } }, structuredProperties: { value: value(i) } }));
    const r = await app.post('/openapi/v3/entity/dataset?async=false', items);
    expect(r.status, r.text).toBe(200);
    for (const i of [1, 2, 3]) {
      const got = await app.get(`/openapi/v3/entity/dataset/${enc(datasetUrn(`db.both${i}`))}`);
      expect(got.body.datasetProperties.value.name).toBe(`both${i}`);
      expect(got.body.structuredProperties.value).toEqual(value(i));
    }
  });

  it('is accepted by ingestProposalBatch when the creating proposal comes first', async () => {
    const urn = datasetUrn('db.wired');
    const proposal = (aspectName: string, v: unknown) => ({ entityType: 'dataset', entityUrn: urn, changeType: 'UPSERT', aspectName, aspect: { value: JSON.stringify(v), contentType: 'application/json' } });
    const r = await app.post('/aspects?action=ingestProposalBatch', { proposals: [proposal('datasetProperties', { name: 'wired' }), proposal('structuredProperties', value(7))] });
    expect(r.status, r.text).toBe(200);
    expect((await app.get(`/openapi/v3/entity/dataset/${enc(urn)}/structuredProperties`)).body.structuredProperties.value).toEqual(value(7));
  });

  it('still refuses annotation aspects alone on a missing entity (404)', async () => {
    const r = await app.post('/openapi/v3/entity/dataset?async=false', [{ urn: datasetUrn('db.only_annotation'), structuredProperties: { value: value(1) } }]);
    expect(r.status).toBe(404);
    expect(r.body.message).toMatch(/does not exist/);
  });
});

describe('REST v3 aspect envelopes carry nothing that is ignored', () => {
  it('stores the writer systemMetadata (object or JSON string) and refuses headers and unknown fields by name', async () => {
    const urn = datasetUrn('db.envelope');
    const r = await app.post('/openapi/v3/entity/dataset?async=false', [
      { urn, datasetProperties: { value: { name: 'env' }, systemMetadata: { runId: 'run-1', properties: { source: 'test' } } }, status: { value: { removed: false }, systemMetadata: '{"runId":"run-2"}' } },
    ]);
    expect(r.status, r.text).toBe(200);
    const v2 = await app.get(`/gms/entitiesV2/${enc(urn)}?aspects=List(datasetProperties,status)`);
    expect(v2.status, v2.text).toBe(200);
    expect(v2.body.aspects.datasetProperties.systemMetadata).toMatchObject({ runId: 'run-1', properties: { source: 'test' } });
    expect(v2.body.aspects.status.systemMetadata).toMatchObject({ runId: 'run-2' });
    // Conditions are headers of the envelope (conditional-writes.test.ts); a header Tessera does not know is refused by name.
    const headers = await app.post('/openapi/v3/entity/dataset?async=false', [{ urn, status: { value: { removed: false }, headers: { 'X-Trace': '3' } } }]);
    expect(headers.status).toBe(400);
    expect(headers.body.message).toMatch(/header X-Trace is not supported/);
    const unknown = await app.post('/openapi/v3/entity/dataset?async=false', [{ urn, status: { value: { removed: false }, color: 'red' } }]);
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/unknown field\(s\) 'color'/);
  });
});
