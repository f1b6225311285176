/**
 * dbt datasets and their warehouse tables are linked as siblings when their lineage is written (the original's sibling
 * hook, ENABLE_SIBLING_HOOK): on every interface's write, both sides, a side already linked left as it is; off, nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enc, startTestApp, type TestApp } from './harness.js';

const ds = (platform: string, name: string) => `urn:li:dataset:(urn:li:dataPlatform:${platform},${name},PROD)`;
let app: TestApp;
let off: TestApp;

const put = async (t: TestApp, urn: string, aspect: string, value: unknown) => {
  const r = await t.request('POST', `/openapi/v3/entity/dataset/${enc(urn)}/${aspect}?createIfNotExists=false`, { value });
  expect(r.status, r.text).toBe(200);
};
const siblingsOf = async (t: TestApp, urn: string) => (await t.get(`/openapi/v3/entity/dataset/${enc(urn)}/siblings`)).body?.siblings?.value;

beforeAll(async () => {
  [app, off] = await Promise.all([startTestApp('dbt-siblings'), startTestApp('dbt-siblings-off', { ENABLE_SIBLING_HOOK: 'false' })]);
});
afterAll(async () => Promise.all([app?.close(), off?.close()]));

describe('dbt siblings', () => {
  it('link a dbt source and the table it reads, the dbt one primary, making the table', async () => {
    const [dbt, pg] = [ds('dbt', 'w.raw.orders'), ds('postgres', 'w.raw.orders')];
    await put(app, dbt, 'subTypes', { typeNames: ['Source'] });
    await put(app, dbt, 'upstreamLineage', { upstreams: [{ dataset: pg, type: 'COPY' }] });
    expect(await siblingsOf(app, dbt)).toEqual({ siblings: [pg], primary: true });
    expect(await siblingsOf(app, pg)).toEqual({ siblings: [dbt], primary: false });
  });

  it('link a model and the table it builds through the wire; a side that names the other already is kept', async () => {
    const [dbt, pg] = [ds('dbt', 'w.stg_orders'), ds('postgres', 'w.stg_orders')];
    await put(app, dbt, 'siblings', { siblings: [pg], primary: false });
    const proposal = { entityType: 'dataset', entityUrn: pg, changeType: 'UPSERT', aspectName: 'upstreamLineage', aspect: { value: JSON.stringify({ upstreams: [{ dataset: dbt, type: 'COPY' }] }), contentType: 'application/json' } };
    expect((await app.post('/gms/aspects?action=ingestProposalBatch', { proposals: [proposal] })).status).toBe(200);
    expect(await siblingsOf(app, dbt)).toEqual({ siblings: [pg], primary: false });
    expect(await siblingsOf(app, pg)).toEqual({ siblings: [dbt], primary: false });
  });

  it('are not linked when the hook is off', async () => {
    const [dbt, pg] = [ds('dbt', 'w.raw.customers'), ds('postgres', 'w.raw.customers')];
    await put(off, dbt, 'subTypes', { typeNames: ['Source'] });
    await put(off, dbt, 'upstreamLineage', { upstreams: [{ dataset: pg, type: 'COPY' }] });
    expect(await siblingsOf(off, dbt)).toBeUndefined();
    expect((await off.get(`/openapi/v3/entity/dataset/${enc(pg)}`)).status).toBe(404);
  });
});
