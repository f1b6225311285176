/**
 * A breaking change of a structured property (a new `version`: value type, cardinality or allowed values changed) that
 * carries a migration of the values already written, instead of losing them. The dry run reads the carriers page by
 * page and answers how many entities and values would change, with samples; applied, the migration is recorded as a
 * durable job (leased, resumable) just before the new definition is written, and the job rewrites every carrier
 * through the write path, so every migrated value is readable under the new version when it ends.
 */
import { conflict, notFound, validationError } from '../../errors.js';
import type { PropertyDefinition } from '../../model/aspects/property-definition.js';
import { StructuredPropertyConstraintsSchema } from '../../model/aspects/structured-property-constraints.js';
import { parseUrn } from '../../model/urn.js';
import type { CatalogDeps } from '../catalog-deps.js';
import { hasValueQuery, indexFieldOf, infoFromDoc, type Assignment, type PropertyConstraintsValue } from '../definitions.js';
import { resolveTarget } from '../entity-target.js';
import { formatZodIssues, validateAspectValue, writeAspects, type AspectChange } from '../write-aspects.js';
import { enqueueVersionCleanup } from './cleanup-jobs.js';
import { checkConstraintsShape, type Constraints } from './constraint-rules.js';
import { constraintsChange } from './constraints-change.js';
import { entityTypeNamesOf } from './definition-references.js';
import { breakingChanges, checkDefinitionShape, isVersionBump } from './definition-rules.js';
import { checkMigrationPlan, migrateValues, MigrationSpecSchema, type MigrationSpec } from './value-migration.js';
import { formatPrimitive, type Primitive } from './value-rules.js';

export interface MigratePropertyInput {
  urn: string;
  /** The new version (14 digits, higher than the stored one). */
  version: string;
  valueType?: string;
  cardinality?: 'SINGLE' | 'MULTIPLE';
  /** The new allowed values (null: any value); unchanged when absent. */
  allowedValues?: { value: Primitive; description?: string }[] | null;
  /** The new rules (null: none); the stored ones when absent. */
  constraints?: PropertyConstraintsValue | null;
  /** Without one, values of the old version are removed, as the specification says. */
  migration?: unknown;
  dryRun?: boolean;
  actor: string;
  waitForSearch?: boolean;
}

export interface MigrationSample {
  urn: string;
  before: string[];
  after: string[];
  dropped: { value: string; reason: string }[];
}

export interface MigrationCounts {
  /** Entities holding values of the old version. */
  entities: number;
  /** Entities that keep at least one value under the new version. */
  migrated: number;
  /** Entities left without a value. */
  emptied: number;
  values: { kept: number; mapped: number; converted: number; dropped: number };
  samples: MigrationSample[];
}

/** A dry run answers the counts; an applied migration the job that does it (its progress carries the same counts). */
export type MigrationOutcome = { urn: string; fromVersion: string | null; toVersion: string } & (
  | ({ dryRun: true } & MigrationCounts)
  | { dryRun: false; job?: { id: string; href: string } }
);

const PAGE = 500;
const SAMPLES = 10;

function nextDefinition(prev: PropertyDefinition, input: MigratePropertyInput, stamp: { time: number; actor: string }): PropertyDefinition {
  const next: PropertyDefinition = { ...prev, version: input.version, lastModified: stamp };
  if (input.valueType !== undefined) next.valueType = input.valueType;
  if (input.cardinality !== undefined) next.cardinality = input.cardinality;
  if (input.allowedValues === null) delete next.allowedValues;
  else if (input.allowedValues !== undefined) next.allowedValues = input.allowedValues as PropertyDefinition['allowedValues'];
  return next;
}

function specOf(migration: unknown): MigrationSpec | undefined {
  if (migration === undefined || migration === null) return undefined;
  const parsed = MigrationSpecSchema.safeParse(migration);
  if (!parsed.success) throw validationError(`Invalid migration: ${formatZodIssues('migration', parsed.error)}`);
  return parsed.data;
}

/** Reads every carrier of the old version's field, page by page, and migrates its values in memory. */
async function dryRun(services: CatalogDeps, urn: string, prev: PropertyDefinition, next: PropertyDefinition, constraints: Constraints | undefined, spec: MigrationSpec | undefined): Promise<MigrationCounts> {
  const field = indexFieldOf(prev);
  const types = entityTypeNamesOf(prev);
  const out: MigrationCounts = { entities: 0, migrated: 0, emptied: 0, values: { kept: 0, mapped: 0, converted: 0, dropped: 0 }, samples: [] };
  if (types.length === 0) return out;
  await services.indices.refreshEntities(types);
  let after: unknown[] | undefined;
  for (;;) {
    const body = { size: PAGE, sort: [{ urn: 'asc' }], _source: ['urn', 'aspects.structuredProperties.value'], query: hasValueQuery(field), ...(after && { search_after: after }) };
    const hits: { _source: { urn: string; aspects?: { structuredProperties?: { value?: { properties?: Assignment[] } } } }; sort: unknown[] }[] = (await services.store.search(types, body)).hits.hits;
    for (const hit of hits) {
      const values = (hit._source.aspects?.structuredProperties?.value?.properties?.find((a) => a.propertyUrn === urn)?.values ?? []) as Primitive[];
      const m = spec ? migrateValues(values, next, constraints, spec, urn) : { after: [], mapped: 0, converted: 0, dropped: values.map((v) => ({ value: formatPrimitive(v), reason: 'no migration: values of the old version are removed' })) };
      out.entities++;
      if (m.after.length > 0) out.migrated++;
      else out.emptied++;
      out.values.kept += m.after.length;
      out.values.mapped += m.mapped;
      out.values.converted += m.converted;
      out.values.dropped += m.dropped.length;
      const interesting = m.dropped.length > 0 || m.mapped > 0 || m.converted > 0;
      if (out.samples.length < SAMPLES && (interesting || out.samples.length < 3)) {
        out.samples.push({ urn: hit._source.urn, before: values.map(formatPrimitive), after: m.after.map(formatPrimitive), dropped: m.dropped });
      }
    }
    if (hits.length < PAGE) return out;
    after = hits[hits.length - 1].sort;
  }
}

export async function migrateProperty(services: CatalogDeps, input: MigratePropertyInput): Promise<MigrationOutcome> {
  const target = resolveTarget('structuredProperty', input.urn);
  const urn = target.urn.raw;
  const doc = await services.store.get('structuredProperty', urn);
  const info = doc && infoFromDoc(doc);
  if (!doc || !info) throw notFound(`Structured property ${urn} does not exist`);
  if (info.removed) throw validationError(`Cannot migrate a soft deleted Structured Property: ${urn}; restore it first`);
  const stamp = { time: Date.now(), actor: input.actor };
  const prev = info.definition as PropertyDefinition;
  const next = nextDefinition(prev, input, stamp);
  const spec = specOf(input.migration);

  validateAspectValue('propertyDefinition', next);
  const problems = [...checkDefinitionShape(parseUrn(urn).id, next)];
  if (problems.length === 0 && !isVersionBump(prev, next)) problems.push(`version ${input.version} must be higher than the stored version ${prev.version}: a migration goes with a new version`);
  problems.push(...breakingChanges(prev, next));
  const constraints = (input.constraints !== undefined ? input.constraints : info.constraints) ?? undefined;
  if (constraints) {
    const parsed = StructuredPropertyConstraintsSchema.safeParse(constraints);
    if (!parsed.success) problems.push(`Invalid constraints: ${formatZodIssues('constraints', parsed.error)}`);
    else {
      const misfit = checkConstraintsShape(next, constraints as Constraints);
      const whose = input.constraints !== undefined ? 'the new rules' : 'the stored rules no longer fit the new definition (send new constraints, or null)';
      if (misfit.length > 0) problems.push(`${whose}: ${misfit.join('; ')}`);
    }
  }
  if (spec) problems.push(...checkMigrationPlan(prev, next, spec));
  if (problems.length > 0) throw validationError(`Cannot migrate ${urn}: ${problems.join('; ')}`);

  const base = { urn, fromVersion: prev.version ?? null, toVersion: input.version };
  if (input.dryRun) return { ...base, dryRun: true, ...(await dryRun(services, urn, prev, next, constraints as Constraints | undefined, spec)) };

  // Recorded before the definition changes, under the key its write uses: the values are migrated, never removed first.
  const jobId = spec ? await enqueueVersionCleanup(services, info, indexFieldOf(prev), { spec, actor: input.actor }) : undefined;
  const changes: AspectChange[] = [
    {
      aspect: 'propertyDefinition',
      compute: (stored) => {
        if ((stored as PropertyDefinition | undefined)?.version !== prev.version) throw conflict(`The definition of ${urn} changed meanwhile (now version ${(stored as PropertyDefinition | undefined)?.version}); preview the migration again`);
        return next;
      },
    },
  ];
  if (input.constraints !== undefined) changes.push(constraintsChange(input.constraints, stamp));
  await writeAspects(services, { target, actor: input.actor, waitForSearch: input.waitForSearch, changes, mustExist: true });
  return { ...base, dryRun: false, ...(jobId && { job: { id: jobId, href: `/openapi/v3/jobs/${jobId}` } }) };
}
