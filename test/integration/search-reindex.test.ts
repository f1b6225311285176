import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runReindexCommand } from '../../src/reindex-command.js';
import { reindexEntityTypes } from '../../src/jobs/reindex.js';
import { reindexLockHolder, withReindexLock } from '../../src/jobs/reindex-lock.js';
import { EntityStore } from '../../src/storage/entity-store.js';
import { resolveAlias } from '../../src/storage/indices.js';
import { enc, startTestApp, type TestApp } from './harness.js';
import { createDataset, DATE, datasetUrn, defineProperty, NUMBER, propertyUrn, restUrns, setValues, STRING } from './search-helpers.js';

// The reindex system update: rebuild + atomic alias swap with writes in flight, hard-deleted mappings dropped or kept.
let app: TestApp;
let alias: string;
const SEED = 300;
const KEEP = propertyUrn('keep.me');
const GONE_KEPT = propertyUrn('gone.kept');
const GONE_DROPPED = propertyUrn('gone.dropped');
const run = promisify(execFile);

async function mappedFields(): Promise<string[]> {
  const res = await app.raw.indices.getMapping({ index: alias });
  const sp = (Object.values(res.body as any)[0] as any).mappings.properties.structuredProperties.properties ?? {};
  return Object.keys(sp).filter((k) => k !== '_versioned').sort();
}

beforeAll(async () => {
  app = await startTestApp('search-reindex');
  alias = app.services.names.entity('dataset');
  await defineProperty(app, 'keep.me', NUMBER);
  await defineProperty(app, 'gone.kept', NUMBER);
  await defineProperty(app, 'gone.dropped', STRING);
  const a = await createDataset(app, 'db.holder_a');
  const b = await createDataset(app, 'db.holder_b');
  await setValues(app, a, { [KEEP]: [{ double: 5 }], [GONE_KEPT]: [{ double: 9 }] });
  // gone.dropped gets a value (and so a mapping), which is then removed before the property is hard deleted.
  await setValues(app, b, { [GONE_DROPPED]: [{ string: 'x' }] });
  await setValues(app, b, { [KEEP]: [{ double: 6 }] });
  for (const p of [GONE_KEPT, GONE_DROPPED]) expect((await app.del(`/openapi/v3/entity/structuredProperty/${enc(p)}`)).status).toBe(200);
  for (let i = 0; i < SEED; i += 100) {
    const items = Array.from({ length: 100 }, (_, j) => ({ urn: datasetUrn(`db.seed_${i + j}`), datasetProperties: { value: { name: `seed_${i + j}` } } }));
    expect((await app.post('/openapi/v3/entity/dataset?async=false', items)).status).toBe(200);
  }
  await app.refresh();
});
afterAll(async () => app?.close());

describe('reindexEntityTypes', () => {
  it('--dry-run reports what would change and changes nothing', async () => {
    const before = await resolveAlias(app.raw, alias);
    const lines: string[] = [];
    const summary = await reindexEntityTypes(app.services, ['dataset'], { dryRun: true, log: (l) => lines.push(l) });
    expect(summary.indices[0]).toMatchObject({ action: 'would-rebuild', droppedFields: ['structuredProperties.gone_dropped'], keptFields: [{ field: 'structuredProperties.gone_kept', values: 1 }] });
    expect(lines.join('\n')).toContain('- structuredProperties.gone_dropped');
    expect(await resolveAlias(app.raw, alias)).toEqual(before);
    expect(await mappedFields()).toEqual(['gone_dropped', 'gone_kept', 'keep_me']);
  });

  it('a failed run leaves the old index serving, unblocked', async () => {
    const before = await resolveAlias(app.raw, alias);
    const indices = new Proxy(app.services.indices, {
      get: (target, prop, receiver) => (prop === 'copyIndex' ? async () => Promise.reject(new Error('copy exploded')) : Reflect.get(target, prop, receiver)),
    });
    const lines: string[] = [];
    await expect(reindexEntityTypes({ ...app.services, indices }, ['dataset'], { log: (l) => lines.push(l) })).rejects.toThrow('copy exploded');
    expect(lines.join('\n')).toContain(`keeps serving from ${before[0]}`);
    expect(await resolveAlias(app.raw, alias)).toEqual(before);
    const leftovers = await app.raw.cat.indices({ index: `${alias}_*`, format: 'json' });
    expect((leftovers.body as any[]).map((r) => r.index)).toEqual(before);
    const w = await app.post(`/openapi/v3/entity/dataset/${enc(datasetUrn('db.after_failure'))}/datasetProperties?createIfNotExists=false`, { value: { name: 'ok' } });
    expect(w.status).toBe(200);
  });

  it('rebuilds with writes in flight, loses none, drops the unused mapping and keeps (and reports) the one with values', async () => {
    const [oldIndex] = await resolveAlias(app.raw, alias);
    const acked = new Map<string, number>();
    const failures: string[] = [];
    const stamps: { start: number; end: number }[] = [];
    let stop = false;
    const writer = async (w: number) => {
      const urns = Array.from({ length: 8 }, (_, i) => datasetUrn(i % 2 === 0 ? `db.seed_${w * 8 + i}` : `db.new_${w}_${i}`));
      for (let n = 1; !stop; n++) {
        const urn = urns[n % urns.length];
        const start = Date.now();
        const r = await app.post(`/openapi/v3/entity/dataset/${enc(urn)}/datasetProperties?createIfNotExists=false`, { value: { name: urn, description: `v${n}` } });
        if (r.status !== 200) failures.push(`${r.status} ${r.text}`);
        else {
          acked.set(urn, n);
          stamps.push({ start, end: Date.now() });
        }
      }
    };
    const writers = Array.from({ length: 6 }, (_, w) => writer(w));
    await new Promise((r) => setTimeout(r, 300));
    const lines: { at: number; line: string }[] = [];
    const summary = await reindexEntityTypes(app.services, ['dataset'], { log: (line) => lines.push({ at: Date.now(), line }) });
    await new Promise((r) => setTimeout(r, 300));
    stop = true;
    await Promise.all(writers);

    expect(failures).toEqual([]);
    const entry = summary.indices[0];
    expect(entry).toMatchObject({ entityType: 'dataset', action: 'rebuilt', from: oldIndex, droppedFields: ['structuredProperties.gone_dropped'] });
    expect(entry.keptFields).toEqual([{ field: 'structuredProperties.gone_kept', values: 1 }]);
    const text = lines.map((l) => l.line).join('\n');
    expect(text).toContain('keeping structuredProperties.gone_kept: property gone_kept has no definition, but 1 entity still holds a value');
    expect(text).toMatch(/done: 1 rebuilt/);
    // Writes were in flight while the old index was blocked.
    const blockedAt = lines.find((l) => l.line.includes('copying'))!.at;
    const swappedAt = lines.find((l) => l.line.includes('now points at'))!.at;
    expect(stamps.filter((s) => s.start <= swappedAt && s.end >= blockedAt).length).toBeGreaterThan(0);

    const [newIndex] = await resolveAlias(app.raw, alias);
    expect(newIndex).toBe(entry.to);
    expect(newIndex).not.toBe(oldIndex);
    expect((await app.raw.indices.exists({ index: oldIndex })).body).toBe(false);
    expect(await mappedFields()).toEqual(['gone_kept', 'keep_me']);

    // Every acknowledged write is there, in the new index.
    const docs = await app.services.store.mget('dataset', [...acked.keys()]);
    for (const [urn, n] of acked) expect((docs.get(urn)?.aspects.datasetProperties.value as any)?.description, urn).toBe(`v${n}`);
    await app.refresh();
    const count = await app.raw.count({ index: alias });
    const created = [...acked.keys()].filter((u) => u.includes('db.new_')).length;
    expect(count.body.count).toBe(SEED + 2 + 1 + created);
    expect(await restUrns(app, 'structuredProperties.keep_me:[5 TO 6]')).toEqual([datasetUrn('db.holder_a'), datasetUrn('db.holder_b')]);
  });

  it('is idempotent: a second run has nothing to do and still reports the kept mapping', async () => {
    const before = await resolveAlias(app.raw, alias);
    const summary = await reindexEntityTypes(app.services, ['dataset'], { log: () => undefined });
    expect(summary.indices[0]).toMatchObject({ action: 'unchanged', droppedFields: [], keptFields: [{ field: 'structuredProperties.gone_kept', values: 1 }] });
    expect(await resolveAlias(app.raw, alias)).toEqual(before);
  });

  it('clears what an interrupted run left: its copy, and the write block on the live index', async () => {
    const [live] = await resolveAlias(app.raw, alias);
    const leftover = `${alias}_20200101000000000`;
    await app.raw.indices.create({ index: leftover });
    await app.raw.indices.addBlock({ index: live, block: 'write' });
    const lines: string[] = [];
    const summary = await reindexEntityTypes(app.services, ['dataset'], { log: (l) => lines.push(l) });
    expect(summary.indices[0].action).toBe('unchanged');
    expect(lines.join('\n')).toContain(`removing ${leftover}, left by an interrupted run`);
    expect(lines.join('\n')).toContain(`clearing the write block an interrupted run left on ${live}`);
    expect((await app.raw.indices.exists({ index: leftover })).body).toBe(false);
    const w = await app.post(`/openapi/v3/entity/dataset/${enc(datasetUrn('db.after_recovery'))}/datasetProperties?createIfNotExists=false`, { value: { name: 'ok' } });
    expect(w.status, w.text).toBe(200);
  });

  it('maps on the new index what definitions put on the old one while the copy ran, stored yet or not', async () => {
    // A field no definition uses and no entity holds gives the run a reason to rebuild.
    const sp = (properties: object) => ({ properties: { structuredProperties: { properties } } });
    await app.raw.indices.putMapping({ index: alias, body: sp({ orphan_x: { type: 'double' } }) });
    const indices = new Proxy(app.services.indices, {
      get: (target, prop, receiver) =>
        prop === 'copyIndex'
          ? async (...args: Parameters<typeof target.copyIndex>) => {
              await defineProperty(app, 'during.copy', DATE);
              // What a definition being created puts first: its mapping, before its document is stored.
              await app.raw.indices.putMapping({ index: alias, body: sp({ not_stored_yet: { type: 'date', format: 'yyyy-MM-dd||epoch_millis' } }) });
              return target.copyIndex(...args);
            }
          : prop === 'swapAlias'
            ? async (...args: Parameters<typeof target.swapAlias>) => {
                // One that reaches the old index after the new one was topped up, just before the swap.
                await app.raw.indices.putMapping({ index: alias, body: sp({ just_before_swap: { type: 'double' } }) });
                return target.swapAlias(...args);
              }
            : Reflect.get(target, prop, receiver),
    });
    const lines: string[] = [];
    const summary = await reindexEntityTypes({ ...app.services, indices }, ['dataset'], { log: (l) => lines.push(l) });
    expect(summary.indices[0]).toMatchObject({ action: 'rebuilt', droppedFields: ['structuredProperties.orphan_x'] });
    const text = lines.join('\n');
    expect(text).toContain('added 2 mappings of definitions written during the copy: structuredProperties.during_copy, structuredProperties.not_stored_yet');
    expect(text).toContain('added 1 mappings of definitions written during the copy: structuredProperties.just_before_swap');
    expect(text.indexOf('just_before_swap')).toBeGreaterThan(text.indexOf('now points at'));
    expect(await mappedFields()).toEqual(['during_copy', 'gone_kept', 'just_before_swap', 'keep_me', 'not_stored_yet']);
    const res = await app.raw.indices.getFieldMapping({ index: alias, fields: ['structuredProperties.during_copy', 'structuredProperties.not_stored_yet'] });
    const types = Object.values((Object.values(res.body as any)[0] as any).mappings).map((m: any) => Object.values(m.mapping)[0]);
    expect(types).toEqual([expect.objectContaining({ type: 'date' }), expect.objectContaining({ type: 'date' })]);
  });
});

describe('writes meeting the swap', () => {
  /** A store whose first `index` call fails as a write sent to the old index just as the rebuild deleted it does. */
  async function storeMissingOnce(method: 'index' | 'bulk'): Promise<{ store: EntityStore; failed: () => number }> {
    const gone = await app.raw.indices.getMapping({ index: `${alias}_gone` }).catch((e: unknown) => e);
    expect((gone as any).body.error.type).toBe('index_not_found_exception');
    let failed = 0;
    const client = new Proxy(app.raw, {
      get: (target, prop, receiver) => {
        if (prop !== method) return Reflect.get(target, prop, receiver);
        return async (params: any, ...rest: any[]) => {
          if (failed++ > 0) return (target as any)[method](params, ...rest);
          if (method === 'index') throw gone;
          // A bulk whose only item met the deleted index.
          return { body: { errors: true, items: [{ create: { status: 404, error: { type: 'index_not_found_exception', reason: 'no such index' } } }] } };
        };
      },
    });
    return { store: new EntityStore(client, app.services.names, 5_000), failed: () => failed };
  }

  it('retries a write that found the old index deleted, through the alias', async () => {
    const { store, failed } = await storeMissingOnce('index');
    const urn = datasetUrn('db.met_the_swap');
    await store.mutate('dataset', urn, async () => ({ urn, entityType: 'dataset', aspects: { datasetProperties: { value: { name: 'x' }, created: { time: 1, actor: 'urn:li:corpuser:t' }, lastModified: { time: 1, actor: 'urn:li:corpuser:t' }, version: 1 } } }));
    expect(failed()).toBe(2);
    expect((await app.services.store.get('dataset', urn))?.aspects.datasetProperties.value).toEqual({ name: 'x' });
  });

  it('hands back a bulk item that found the old index deleted, to be written again', async () => {
    const { store } = await storeMissingOnce('bulk');
    const urn = datasetUrn('db.bulk_met_the_swap');
    const retry = await store.bulkWrite([{ doc: { urn, entityType: 'dataset', aspects: {} } }]);
    expect([...retry]).toEqual([urn]);
  });
});

describe('reindex lock', () => {
  it('lets one rebuild run at a time, across processes, and frees the lock afterwards', async () => {
    const { createServices } = await import('../../src/services.js');
    const { createLogger } = await import('../../src/logger.js');
    const other = await createServices(app.services.config, createLogger('silent'), app.services.config.OPENSEARCH_URL!, app.services.config.AUTH_SECRET);
    // This process holds the lock for as long as `release` is not called: the other one must be refused meanwhile.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let entered!: () => void;
    const inside = new Promise<void>((r) => (entered = r));
    const holder = withReindexLock(app.services, async () => {
      entered();
      await held;
      return 'held';
    });
    await inside;
    await expect(reindexEntityTypes(other, ['dataType'], { log: () => undefined })).rejects.toThrow(/^Another reindex is running \(/);
    release();
    expect(await holder).toBe('held');
    expect(await reindexLockHolder(app.services)).toBeUndefined();
    // Released: a later run from the other process gets the lock and does its work, and releases it in turn.
    const summary = await reindexEntityTypes(other, ['dataType'], { log: () => undefined });
    expect(summary.indices.map((i) => i.entityType)).toEqual(['dataType']);
    expect(await reindexLockHolder(app.services)).toBeUndefined();
    expect((await app.services.jobStore.readLease<{ status: string; leaseUntil: number }>('reindex-lock'))?.doc).toMatchObject({ status: 'done', leaseUntil: 0 });
    await other.close();
  });

  it('takes over a lock whose holder stopped renewing it', async () => {
    await app.raw.index({
      index: app.services.names.jobs(), id: 'reindex-lock', refresh: 'wait_for',
      body: { type: 'reindex-lock', key: 'reindex', status: 'running', leaseOwner: 'a dead process', leaseUntil: Date.now() - 1000 },
    });
    expect((await reindexEntityTypes(app.services, ['dataType'], { log: () => undefined })).indices.map((i) => i.entityType)).toEqual(['dataType']);
    await app.raw.index({
      index: app.services.names.jobs(), id: 'reindex-lock', refresh: 'wait_for',
      body: { type: 'reindex-lock', key: 'reindex', status: 'running', leaseOwner: 'a live process', leaseUntil: Date.now() + 60_000 },
    });
    await expect(reindexEntityTypes(app.services, ['dataType'], { log: () => undefined })).rejects.toThrow('Another reindex is running (a live process');
    await app.raw.delete({ index: app.services.names.jobs(), id: 'reindex-lock', refresh: 'wait_for' });
  });
});

describe('npm run reindex', () => {
  const env = () => ({ OPENSEARCH_URL: inject('opensearchUrl'), INDEX_PREFIX: app.prefix, LOG_LEVEL: 'silent' });

  it('without the two variables only adds missing mappings in place', async () => {
    // A definition stored without its mapping, as one written before mappings were maintained would be.
    const urn = propertyUrn('late.added');
    await app.services.store.mutate('structuredProperty', urn, async () => ({
      urn, entityType: 'structuredProperty', qualifiedName: 'late.added', qualifiedNameKey: 'late_added',
      aspects: { propertyDefinition: { value: { qualifiedName: 'late.added', valueType: NUMBER, cardinality: 'SINGLE', entityTypes: ['urn:li:entityType:service.dataset'] }, created: { time: 1, actor: 'urn:li:corpuser:t' }, lastModified: { time: 1, actor: 'urn:li:corpuser:t' }, version: 1 } },
    }));
    const before = await resolveAlias(app.raw, alias);
    const out: string[] = [];
    const res = await runReindexCommand(['--types', 'dataset'], env(), (l) => out.push(l));
    expect(res.code, out.join('\n')).toBe(0);
    expect(out.join('\n')).toContain('only adding missing mappings');
    expect(out.join('\n')).toContain('+ structuredProperties.late_added');
    expect(await mappedFields()).toContain('late_added');
    expect(await resolveAlias(app.raw, alias)).toEqual(before);
    // The run is an administrative action in the change log.
    await app.services.relay.tick();
    const log = await app.get('/openapi/v3/history?category=ADMIN&order=desc&count=5');
    expect(log.body.changes.find((c: any) => c.entityType === 'reindexRun')).toMatchObject({ operation: 'CREATE', after: { rebuild: false, indices: [{ entityType: 'dataset', action: 'mappings-added' }] } });
  });

  it('refuses unknown arguments and entity types', async () => {
    const out: string[] = [];
    expect((await runReindexCommand(['--types', 'spaceship'], env(), (l) => out.push(l))).code).toBe(2);
    expect(out.join('\n')).toContain('unknown entity type(s): spaceship');
    expect((await runReindexCommand(['--fast'], env(), (l) => out.push(l))).code).toBe(2);
  });

  it('runs as a script with ELASTICSEARCH_INDEX_BUILDER_MAPPINGS_REINDEX and --dry-run', async () => {
    const { stdout } = await run('npx', ['tsx', 'scripts/reindex.ts', '--dry-run', '--types', 'dataset,tag'], {
      env: { ...process.env, ...env(), ELASTICSEARCH_INDEX_BUILDER_MAPPINGS_REINDEX: 'true', ENABLE_STRUCTURED_PROPERTIES_SYSTEM_UPDATE: 'true' },
    });
    expect(stdout).toContain('reindex (dry run): 2 entity indices');
    expect(stdout).toContain('keeping structuredProperties.gone_kept');
    expect(stdout).toMatch(/done: 0 rebuilt/);
  }, 60_000);
});
