import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enc, startTestApp, type TestApp } from './harness.js';
import { createDataset, datasetUrn } from './search-helpers.js';

// 64 writers × 50 writes spread over a handful of entities, all through HTTP PATCH: every acknowledged write is kept.
// Sixty-four writers on eight entities keep every entity contended all the time; more rounds only repeat the same races.
let app: TestApp;
const WRITERS = 64;
const WRITES = 50;
const ENTITIES = Array.from({ length: 8 }, (_, i) => datasetUrn(`db.contended${i}`));

beforeAll(async () => {
  app = await startTestApp('contention', { CHANGE_RELAY_ENABLED: process.env.RELAY_OFF ? 'false' : 'true' });
  for (let i = 0; i < ENTITIES.length; i++) await createDataset(app, `db.contended${i}`);
});
afterAll(async () => app?.close());

describe('contention', () => {
  it(`${WRITERS} writers × ${WRITES} writes on ${ENTITIES.length} entities lose no update`, async () => {
    const acked = new Map<string, Set<string>>(ENTITIES.map((e) => [e, new Set()]));
    let failures = 0;
    await Promise.all(
      Array.from({ length: WRITERS }, async (_, w) => {
        for (let i = 0; i < WRITES; i++) {
          const urn = ENTITIES[(w + i) % ENTITIES.length];
          const key = `w${w}_${i}`;
          const r = await app.patch(`/openapi/v3/entity/dataset/${enc(urn)}/datasetProperties`, [{ op: 'add', path: `/customProperties/${key}`, value: String(i) }]);
          if (r.status === 200) acked.get(urn)!.add(key);
          else failures++;
        }
      }),
    );
    expect(failures).toBe(0);
    let total = 0;
    for (const urn of ENTITIES) {
      const r = await app.get(`/openapi/v3/entity/dataset/${enc(urn)}/datasetProperties`);
      const stored = Object.keys(r.body.datasetProperties.value.customProperties ?? {});
      const lost = [...acked.get(urn)!].filter((k) => !stored.includes(k));
      expect(lost, `${urn} lost ${lost.length} acknowledged writes`).toEqual([]);
      total += stored.length;
    }
    expect(total).toBe(WRITERS * WRITES);
  }, 300_000);
});
