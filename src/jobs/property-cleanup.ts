/** The durable clean-ups of structured property values: after a hard delete (which then releases the field mapping) and after a version change. */
import { SYSTEM_ACTOR } from '../catalog/bootstrap.js';
import { currentAssignments, indexFieldOf, loadDefinitions, type Assignment } from '../catalog/definitions.js';
import { resolveTarget } from '../catalog/entity-target.js';
import {
  CleanupParamsSchema,
  PROPERTY_HARD_DELETE_JOB,
  PROPERTY_VERSION_CLEANUP_JOB,
  VALUE_CARRIER_TYPES,
  type CleanupParams,
} from '../catalog/structured-properties/cleanup-jobs.js';
import { entityTypesMappingField } from '../catalog/structured-properties/field-mapping.js';
import { KEEP_ASPECT, writeAspects } from '../catalog/write-aspects.js';
import { isCatalogError } from '../errors.js';
import type { Services } from '../services.js';
import type { JobHandler, JobRun } from './job-queue.js';
import { reindexEntityTypes } from './reindex.js';

const PAGE_SIZE = 500;
/** A pass that still changes entities means writes raced the sweep; after this many the job is retried later. */
const MAX_PASSES = 5;
/** Jobs are recorded just before the change they clean up after; give that change this long to land. */
const LANDING_GRACE_MS = 60_000;

const carries = (value: unknown, propertyUrn: string) =>
  (((value as { properties?: Assignment[] } | undefined)?.properties ?? []) as Assignment[]).some((a) => a.propertyUrn === propertyUrn);

/**
 * The write path hands `compute` the aspect without stale assignments (values of a deleted definition or of a replaced
 * version), so rewriting what it receives drops them and re-derives the search fields. Only the raw stored value
 * tells whether an entity still carries the property at all.
 */
const rewritePrepared = (prepared: unknown) => (prepared === undefined ? KEEP_ASPECT : prepared);

async function sweep(services: Services, p: CleanupParams, heartbeat: (changed: number) => Promise<void>): Promise<number> {
  // The raw property list finds carriers whose stale values are no longer in any search field.
  const query = { bool: { should: [{ term: { propertyUrns: p.propertyUrn } }, ...p.fields.map((field) => ({ exists: { field } }))], minimum_should_match: 1 } };
  let changed = 0;
  let after: unknown[] | undefined;
  const defs = await loadDefinitions(services, [p.propertyUrn]);
  for (;;) {
    const body = { size: PAGE_SIZE, query, sort: [{ urn: 'asc' }], _source: ['urn', 'entityType'], ...(after ? { search_after: after } : {}) };
    const hits: any[] = (await services.store.search(VALUE_CARRIER_TYPES, body, { ignore_unavailable: true })).hits.hits;
    for (const hit of hits) {
      const target = resolveTarget(hit._source.entityType, hit._source.urn);
      try {
        const stored = (await services.store.get(target.def.name, target.urn.raw))?.aspects.structuredProperties;
        if (!stored || !carries(stored.value, p.propertyUrn)) continue;
        // One assignment per property: when it is the live one there is nothing stale to drop.
        if (currentAssignments(stored, defs, { includeSoftDeleted: true }).some((a) => a.propertyUrn === p.propertyUrn)) continue;
        await writeAspects(services, { target, actor: SYSTEM_ACTOR, changes: [{ aspect: 'structuredProperties', compute: rewritePrepared }] });
        changed++;
      } catch (e) {
        // An entity that vanished meanwhile (or a column whose dataset did) carries nothing any more.
        if (!(isCatalogError(e) && e.code === 'NOT_FOUND')) throw e;
      }
    }
    if (hits.length < PAGE_SIZE) return changed;
    after = hits[hits.length - 1].sort;
    await heartbeat(changed);
  }
}

async function removeValues(services: Services, run: JobRun, p: CleanupParams): Promise<number> {
  let total = 0;
  for (let pass = 1; pass <= MAX_PASSES; pass++) {
    // Values written just before the change may not be searchable yet.
    await services.client.indices.refresh({ index: VALUE_CARRIER_TYPES.map((t) => services.names.entity(t)).join(','), ignore_unavailable: true });
    const changed = await sweep(services, p, (n) => run.heartbeat({ phase: 'values', pass, entities: total + n }));
    total += changed;
    await run.heartbeat({ phase: 'values', pass, entities: total });
    if (changed === 0) return total;
  }
  throw new Error(`Values of ${p.propertyUrn} were still being written after ${MAX_PASSES} clean-up passes`);
}

/** Rebuilding an index can outlast the lease: keep extending it while `fn` runs, so no other process starts the same work. */
async function withKeepAlive<T>(services: Services, run: JobRun, progress: Record<string, unknown>, fn: () => Promise<T>): Promise<T> {
  await run.heartbeat(progress);
  // One heartbeat at a time: overlapping conditional writes of the job would look like a lost lease.
  let inFlight: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    inFlight = inFlight.then(() => run.heartbeat(progress)).catch(() => undefined);
  }, Math.max(1000, services.config.JOB_LEASE_MS / 3));
  try {
    return await fn();
  } finally {
    clearInterval(timer);
    await inFlight;
  }
}

function waitForLanding(run: JobRun, what: string): void {
  if (Date.now() - run.job.createdAt < LANDING_GRACE_MS) throw new Error(`${what} has not landed yet`);
}

export const runPropertyHardDeleteCleanup: JobHandler = async (services, run) => {
  const p = CleanupParamsSchema.parse(run.job.params);
  const doc = await services.store.get('structuredProperty', p.propertyUrn);
  if (doc?.aspects.propertyDefinition && String(doc.generation ?? '') === p.generation) {
    waitForLanding(run, `The hard delete of ${p.propertyUrn}`);
    services.log.warn({ job: run.id, property: p.propertyUrn }, 'property was never deleted; nothing to clean');
    return;
  }
  const entities = await removeValues(services, run, p);
  // An OpenSearch field cannot change type in place: a rebuilt index drops the mapping so the name can return with another type.
  const mapped = await entityTypesMappingField(services, p.qualifiedName, VALUE_CARRIER_TYPES);
  const dropped: string[] = [];
  for (const entityType of mapped) {
    const progress = { phase: 'mapping', entities, reindexing: entityType, dropped };
    const summary = await withKeepAlive(services, run, progress, () => reindexEntityTypes(services, [entityType], { log: (line) => services.log.info({ job: run.id }, line) }));
    dropped.push(...summary.indices.flatMap((i) => i.droppedFields));
  }
  await run.heartbeat({ phase: 'done', entities, dropped });
};

export const runPropertyVersionCleanup: JobHandler = async (services, run) => {
  const p = CleanupParamsSchema.parse(run.job.params);
  const info = (await loadDefinitions(services, [p.propertyUrn])).get(p.propertyUrn);
  if (info && info.generation === p.generation && indexFieldOf(info.definition) === p.staleField) {
    waitForLanding(run, `The version change of ${p.propertyUrn}`);
    return;
  }
  const entities = await removeValues(services, run, p);
  await run.heartbeat({ phase: 'done', entities });
};

export const propertyCleanupHandlers: Record<string, JobHandler> = {
  [PROPERTY_HARD_DELETE_JOB]: runPropertyHardDeleteCleanup,
  [PROPERTY_VERSION_CLEANUP_JOB]: runPropertyVersionCleanup,
};
