/** The durable clean-ups of structured property values: after a hard delete (which then releases the field mapping) and after a version change. */
import { SYSTEM_ACTOR } from '../catalog/bootstrap.js';
import { currentAssignments, indexFieldOf, loadDefinitions, type Assignment } from '../catalog/definitions.js';
import {
  CleanupParamsSchema,
  PROPERTY_HARD_DELETE_JOB,
  PROPERTY_VERSION_CLEANUP_JOB,
  VALUE_CARRIER_TYPES,
  type CleanupParams,
} from '../catalog/structured-properties/cleanup-jobs.js';
import { entityTypesMappingField } from '../catalog/structured-properties/field-mapping.js';
import { KEEP_ASPECT, writeAspects } from '../catalog/write-aspects.js';
import { migrateValues } from '../catalog/structured-properties/value-migration.js';
import type { Constraints } from '../catalog/structured-properties/constraint-rules.js';
import type { Primitive } from '../catalog/structured-properties/value-rules.js';
import type { PropertyDefinition } from '../model/aspects/property-definition.js';
import { isCatalogError } from '../errors.js';
import type { JobDeps } from './job-deps.js';
import { sweepUntilClean } from './carrier-sweep.js';
import type { JobHandler, JobRun } from './job-queue.js';
import { reindexEntityTypes } from './reindex.js';

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

/** The stale assignment of the property in the raw stored aspect (values written under the replaced version). */
const staleValues = (value: unknown, propertyUrn: string) =>
  ((((value as { properties?: Assignment[] } | undefined)?.properties ?? []) as Assignment[]).find((a) => a.propertyUrn === propertyUrn)?.values ?? []) as Primitive[];

/** With a migration: the prepared aspect (stale values dropped) plus the migrated values under the live version. */
function withMigrated(prepared: unknown, propertyUrn: string, values: Primitive[]): unknown {
  if (values.length === 0) return rewritePrepared(prepared);
  const base = (prepared ?? { properties: [] }) as { properties?: Assignment[] };
  return { ...base, properties: [...(base.properties ?? []).filter((a) => a.propertyUrn !== propertyUrn), { propertyUrn, values }] };
}

/** Rewrites every entity still holding stale values of the property (see rewritePrepared), migrating them when asked. */
async function removeValues(services: JobDeps, run: JobRun, p: CleanupParams, tally = { migrated: 0, values: 0, dropped: 0 }): Promise<number> {
  const defs = await loadDefinitions(services, [p.propertyUrn]);
  const live = defs.get(p.propertyUrn);
  const migration = p.migration && live ? p.migration : undefined;
  const actor = p.actor ?? SYSTEM_ACTOR;
  return sweepUntilClean(services, {
    entityTypes: VALUE_CARRIER_TYPES,
    // The raw property list finds carriers whose stale values are no longer in any search field.
    query: { bool: { should: [{ term: { propertyUrns: p.propertyUrn } }, ...p.fields.map((field) => ({ exists: { field } }))], minimum_should_match: 1 } },
    fix: async (target) => {
      const stored = (await services.store.get(target.def.name, target.urn.raw))?.aspects.structuredProperties;
      if (!stored || !carries(stored.value, p.propertyUrn)) return false;
      // One assignment per property: when it is the live one there is nothing stale to drop.
      if (currentAssignments(stored, defs, { includeSoftDeleted: true }).some((a) => a.propertyUrn === p.propertyUrn)) return false;
      if (!migration) {
        await writeAspects(services, { target, actor: SYSTEM_ACTOR, preauthorized: true, changes: [{ aspect: 'structuredProperties', compute: rewritePrepared }] });
        return true;
      }
      const old = staleValues(stored.value, p.propertyUrn);
      const m = migrateValues(old, live!.definition as PropertyDefinition, live!.constraints as Constraints | undefined, migration, p.propertyUrn);
      const write = (values: Primitive[]) =>
        writeAspects(services, { target, actor, preauthorized: true, changes: [{ aspect: 'structuredProperties', compute: (prepared) => withMigrated(prepared, p.propertyUrn, values) }] });
      try {
        await write(m.after);
        tally.values += m.after.length;
        tally.dropped += m.dropped.length;
      } catch (e) {
        // A value the rules refuse after all (rules changed meanwhile): the entity keeps nothing stale, and it is counted.
        if (!(isCatalogError(e) && e.code === 'VALIDATION')) throw e;
        services.log.warn({ job: run.id, urn: target.urn.raw, err: e }, 'migrated values refused; removed instead');
        await write([]);
        tally.dropped += old.length;
      }
      if (m.after.length > 0) tally.migrated++;
      return true;
    },
    heartbeat: (pass, entities) => run.heartbeat({ phase: 'values', pass, entities, ...(migration && { migrated: tally.migrated, migratedValues: tally.values, droppedValues: tally.dropped }) }),
    what: `Values of ${p.propertyUrn} were still being written`,
  });
}

/** Rebuilding an index can outlast the lease: keep extending it while `fn` runs, so no other process starts the same work. */
async function withKeepAlive<T>(services: JobDeps, run: JobRun, progress: Record<string, unknown>, fn: () => Promise<T>): Promise<T> {
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
  const tally = { migrated: 0, values: 0, dropped: 0 };
  const entities = await removeValues(services, run, p, tally);
  // Counts of this run (a run resumed after a crash counts what was left to migrate).
  await run.heartbeat({ phase: 'done', entities, ...(p.migration && { migrated: tally.migrated, migratedValues: tally.values, droppedValues: tally.dropped }) });
};

export const propertyCleanupHandlers: Record<string, JobHandler> = {
  [PROPERTY_HARD_DELETE_JOB]: runPropertyHardDeleteCleanup,
  [PROPERTY_VERSION_CLEANUP_JOB]: runPropertyVersionCleanup,
};
