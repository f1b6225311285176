/**
 * Sets (or clears) the value rules of a structured property — `structuredPropertyConstraints` — through the one write
 * path, or previews the change: the same checks, answered instead of written, with the entities whose values would
 * break (counted by the index, a few named).
 */
import { CatalogError, notFound } from '../../errors.js';
import type { PropertyConstraintsValue } from '../definitions.js';
import type { CatalogDeps } from '../catalog-deps.js';
import { resolveTarget } from '../entity-target.js';
import { validateAspectValue, writeAspects } from '../write-aspects.js';
import { constraintsChange } from './constraints-change.js';
import { entityResource, rightsForChange } from '../access/change-rights.js';
import { judgeConstraints } from '../hooks/property-constraints.js';
import type { BreakingValues } from './breaking-values.js';

export interface SetConstraintsInput {
  urn: string;
  /** The whole set of rules (null clears them all). */
  constraints: PropertyConstraintsValue | null;
  actor: string;
  dryRun?: boolean;
  waitForSearch?: boolean;
}

export interface ConstraintsOutcome {
  urn: string;
  dryRun: boolean;
  /** Whether the write was (or, previewed, would be) accepted. */
  applied: boolean;
  constraints: PropertyConstraintsValue | null;
  /** Why it would be refused (previews only; a real write answers a 400 instead). */
  problems: string[];
  /** Entities holding values that are valid now and would break the new rules. */
  breaking: BreakingValues;
}

export async function setPropertyConstraints(services: CatalogDeps, input: SetConstraintsInput): Promise<ConstraintsOutcome> {
  const target = resolveTarget('structuredProperty', input.urn);
  const urn = target.urn.raw;
  const stamp = { time: Date.now(), actor: input.actor };
  const next = input.constraints === null ? null : { ...input.constraints, lastModified: stamp };
  if (!input.dryRun) {
    await writeAspects(services, { target, actor: input.actor, waitForSearch: input.waitForSearch, mustExist: true, changes: [constraintsChange(input.constraints, stamp)] });
    return { urn, dryRun: false, applied: true, constraints: next, problems: [], breaking: { entities: 0, samples: [] } };
  }
  const doc = await services.store.get('structuredProperty', urn);
  if (!doc?.aspects.propertyDefinition) throw notFound(`Structured property ${urn} does not exist`);
  const before = doc.aspects.structuredPropertyConstraints;
  await services.access.authorizeAll(input.actor, rightsForChange(entityResource('structuredProperty', urn, doc.aspects), 'structuredPropertyConstraints', before?.value, next ?? undefined));
  if (next === null) return { urn, dryRun: true, applied: true, constraints: null, problems: [], breaking: { entities: 0, samples: [] } };
  try {
    validateAspectValue('structuredPropertyConstraints', next);
  } catch (e) {
    if (!(e instanceof CatalogError)) throw e;
    return { urn, dryRun: true, applied: false, constraints: next, problems: [e.message], breaking: { entities: 0, samples: [] } };
  }
  // The write's own judgement, answered instead of thrown, with more of the breaking entities named.
  const { problems, breaking } = await judgeConstraints(services, urn, doc, next, before, 20);
  return { urn, dryRun: true, applied: problems.length === 0, constraints: next, problems, breaking };
}
