import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveTarget } from '../../src/catalog/entity-target.js';
import { upsertAspect } from '../../src/catalog/upsert-aspect.js';
import type { Services } from '../../src/services.js';
import type { EntityStore, Mutator } from '../../src/storage/entity-store.js';
import { startTestApp, type TestApp } from './harness.js';
import { createDataset, defineProperty, NUMBER, propertyUrn, setValues } from './search-helpers.js';

// The store runs a write's mutator again after a version conflict. A version bump enqueues a clean-up job inside its
// mutator, so running it twice must still leave exactly one job.
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp('mutator-rerun');
});
afterAll(async () => app?.close());

/** Services whose store runs every mutator twice before writing, as a retry after a conflict would. */
function retryingServices(services: Services): Services {
  const store = new Proxy(services.store, {
    get(target, prop, receiver) {
      if (prop !== 'mutate') return Reflect.get(target, prop, receiver);
      return (type: string, urn: string, mutator: Mutator, opts?: { refresh?: boolean }) =>
        target.mutate(type, urn, async (current) => {
          await mutator(current === null ? null : structuredClone(current));
          return mutator(current);
        }, opts);
    },
  }) as EntityStore;
  return { ...services, store };
}

describe('re-runnable mutators', () => {
  it('a version bump whose mutator runs twice records one clean-up job', async () => {
    const urn = await defineProperty(app, 'rerun.size', NUMBER);
    const ds = await createDataset(app, 'db.rerun');
    await setValues(app, ds, { [propertyUrn('rerun.size')]: [{ double: 1 }] });
    const def = { qualifiedName: 'rerun.size', valueType: 'urn:li:dataType:service.string', cardinality: 'SINGLE', entityTypes: ['urn:li:entityType:service.dataset'], version: '20250101000000' };
    await upsertAspect(retryingServices(app.services), { target: resolveTarget('structuredProperty', urn), aspect: 'propertyDefinition', value: def, mode: 'upsert', actor: 'urn:li:corpuser:tester' });
    const jobs = await app.get('/openapi/v3/jobs?type=structuredPropertyVersionCleanup');
    expect(jobs.body.jobs.filter((j: { key: string }) => j.key === urn)).toHaveLength(1);
  });
});
