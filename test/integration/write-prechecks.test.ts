/**
 * Single writes and batches make the same checks before writing (src/catalog/write-prechecks.ts): a column of a
 * dataset that was hard-deleted is refused alike by the single write, the REST batch and the wire's batch.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enc, startTestApp, type TestApp } from './harness.js';

const DS = 'urn:li:dataset:(urn:li:dataPlatform:hive,prechecks.orders,PROD)';
const COL = `urn:li:schemaField:(${DS},customer_id)`;
const COL2 = `urn:li:schemaField:(${DS},order_id)`;
const TAG = 'urn:li:tag:prechecked';
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp('write-prechecks');
  expect((await app.post(`/openapi/v3/entity/tag/${enc(TAG)}/tagProperties?createIfNotExists=false`, { value: { name: 'prechecked' } })).status).toBe(200);
  expect((await app.post(`/openapi/v3/entity/dataset/${enc(DS)}/datasetProperties?createIfNotExists=false`, { value: { name: 'orders' } })).status).toBe(200);
  // The column's own document exists before its dataset goes.
  const tagged = await app.post(`/openapi/v3/entity/schemafield/${enc(COL)}/globalTags?createIfNotExists=false`, { value: { tags: [{ tag: TAG }] } });
  expect(tagged.status, tagged.text).toBe(200);
  expect((await app.del(`/openapi/v3/entity/dataset/${enc(DS)}`)).status).toBe(200);
});
afterAll(async () => app?.close());

describe('a write to a column of a hard-deleted dataset', () => {
  const tags = { tags: [{ tag: TAG }] };
  const gone = new RegExp(`Entity ${DS.replace(/[()]/g, '\\$&')} \\(parent of .*\\) does not exist`);

  it('is a 404 naming the parent as a single write', async () => {
    const r = await app.post(`/openapi/v3/entity/schemafield/${enc(COL)}/globalTags?createIfNotExists=false`, { value: tags });
    expect(r.status).toBe(404);
    expect(r.body.message).toMatch(gone);
  });

  it('is the same 404 in a REST batch, for a column with a document and one without, and writes nothing', async () => {
    for (const urn of [COL, COL2]) {
      const r = await app.post('/openapi/v3/entity/schemafield?async=false', [{ urn, globalTags: { value: tags } }]);
      expect(r.status, r.text).toBe(404);
      expect(r.body.message).toMatch(gone);
    }
    expect((await app.get(`/openapi/v3/entity/schemafield/${enc(COL2)}/globalTags`)).status).toBe(404);
  });

  it('is refused in the wire batch, naming the proposal', async () => {
    const proposal = (urn: string) => ({ entityType: 'schemaField', entityUrn: urn, changeType: 'UPSERT', aspectName: 'globalTags', aspect: { value: JSON.stringify(tags), contentType: 'application/json' } });
    const r = await app.post('/aspects?action=ingestProposalBatch', { proposals: [proposal(COL), proposal(COL2)] });
    expect(r.status, r.text).toBe(404);
    expect(r.body.message).toMatch(/^2 of 2 items refused: proposals\[0\] \(urn:li:schemaField:/);
    expect(r.body.items.map((i: { index: number }) => i.index)).toEqual([0, 1]);
    expect(r.body.message).toMatch(gone);
  });
});
