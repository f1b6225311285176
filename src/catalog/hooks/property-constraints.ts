/**
 * Rules for the `structuredPropertyConstraints` aspect on every write path: rules that fit the definition's value type,
 * and no tightening that values already stored would break (unless the same write moves the definition to a new
 * version, whose field starts empty). A preview gets the same judgement answered instead of thrown (set-constraints.ts).
 */
import { validationError } from '../../errors.js';
import type { PropertyDefinition } from '../../model/aspects/property-definition.js';
import type { AspectHook, CatalogDeps } from '../catalog-deps.js';
import type { DefinitionInfo, PropertyConstraintsValue } from '../definitions.js';
import type { EntityDoc, StoredAspect } from '../../storage/entity-store.js';
import { breakingValues, type BreakingValues } from '../structured-properties/breaking-values.js';
import { checkConstraintsShape } from '../structured-properties/constraint-rules.js';

/** The definition as this write leaves it, with the new rules. */
function constraintsInfo(urn: string, doc: EntityDoc, constraints: PropertyConstraintsValue): DefinitionInfo | undefined {
  const def = doc.aspects.propertyDefinition?.value as PropertyDefinition | undefined;
  if (!def) return undefined;
  return { urn, definition: def, constraints, removed: false, generation: String(doc.generation ?? '') };
}

export interface ConstraintsVerdict {
  /** Why the rules are refused (empty when they may be written). */
  problems: string[];
  /** Entities holding values that are valid under the stored rules and would break the new ones. */
  breaking: BreakingValues;
}

const NONE: BreakingValues = { entities: 0, samples: [] };
const LISTED_IN_MESSAGE = 5;

/** Every check of writing `constraints` onto the property document `doc` (whose rules were `previous`). */
export async function judgeConstraints(services: CatalogDeps, urn: string, doc: EntityDoc, constraints: PropertyConstraintsValue, previous: StoredAspect | undefined, sampleSize = LISTED_IN_MESSAGE): Promise<ConstraintsVerdict> {
  if ((doc.aspects.status?.value as { removed?: boolean } | undefined)?.removed === true) {
    return { problems: [`Cannot change the rules of a soft deleted Structured Property: ${urn}; restore it first (status removed: false)`], breaking: NONE };
  }
  const info = constraintsInfo(urn, doc, constraints);
  if (!info) return { problems: [`Cannot set structuredPropertyConstraints on ${urn}: it has no propertyDefinition (write the definition first, or in the same request before the rules)`], breaking: NONE };
  const problems = checkConstraintsShape(info.definition as PropertyDefinition, constraints);
  if (problems.length > 0) return { problems: [`Invalid structuredPropertyConstraints for ${urn}: ${problems.join('; ')}`], breaking: NONE };
  const before = previous ? constraintsInfo(urn, doc, previous.value as PropertyConstraintsValue) : undefined;
  const broken = await breakingValues(services, info, before, sampleSize);
  if (broken.entities === 0) return { problems: [], breaking: broken };
  const some = broken.samples.slice(0, LISTED_IN_MESSAGE).join(', ');
  const message =
    `Tightening the rules of ${urn} is a breaking change: ${broken.entities} entit${broken.entities === 1 ? 'y holds' : 'ies hold'} values that would break them ` +
    `(e.g. ${some}). Preview with dryRun, fix those values first (for instance with a CSV import), or give the definition a new version in the same write`;
  return { problems: [message], breaking: broken };
}

export const propertyConstraintsHook: AspectHook = {
  async validate(ctx, value) {
    const verdict = await judgeConstraints(ctx.services, ctx.urn, ctx.doc, value as PropertyConstraintsValue, ctx.previous);
    if (verdict.problems.length > 0) throw validationError(verdict.problems[0]);
  },
};
