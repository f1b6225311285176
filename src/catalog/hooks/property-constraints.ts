/**
 * Rules for the `structuredPropertyConstraints` aspect on every write path: rules that fit the definition's value type,
 * and no tightening that values already stored would break (unless the same write moves the definition to a new
 * version, whose field starts empty). A preview answers the same without writing (set-constraints.ts).
 */
import { validationError } from '../../errors.js';
import type { PropertyDefinition } from '../../model/aspects/property-definition.js';
import type { AspectHook } from '../catalog-deps.js';
import type { DefinitionInfo, PropertyConstraintsValue } from '../definitions.js';
import { breakingValues } from '../structured-properties/breaking-values.js';
import { checkConstraintsShape } from '../structured-properties/constraint-rules.js';

/** The definition as this write leaves it, with the new rules. */
export function constraintsInfo(urn: string, doc: { aspects: Record<string, { value: unknown } | undefined>; generation?: unknown }, constraints: PropertyConstraintsValue): DefinitionInfo | undefined {
  const def = doc.aspects.propertyDefinition?.value as PropertyDefinition | undefined;
  if (!def) return undefined;
  return { urn, definition: def, constraints, removed: false, generation: String(doc.generation ?? '') };
}

export const propertyConstraintsHook: AspectHook = {
  async validate(ctx, value) {
    const constraints = value as PropertyConstraintsValue;
    if ((ctx.doc.aspects.status?.value as { removed?: boolean } | undefined)?.removed === true) {
      throw validationError(`Cannot change the rules of a soft deleted Structured Property: ${ctx.urn}; restore it first (status removed: false)`);
    }
    const info = constraintsInfo(ctx.urn, ctx.doc, constraints);
    if (!info) throw validationError(`Cannot set structuredPropertyConstraints on ${ctx.urn}: it has no propertyDefinition (write the definition first, or in the same request before the rules)`);
    const problems = checkConstraintsShape(info.definition as PropertyDefinition, constraints);
    if (problems.length > 0) throw validationError(`Invalid structuredPropertyConstraints for ${ctx.urn}: ${problems.join('; ')}`);
    const before = ctx.previous ? constraintsInfo(ctx.urn, ctx.doc, ctx.previous.value as PropertyConstraintsValue) : undefined;
    const broken = await breakingValues(ctx.services, info, before);
    if (broken.entities > 0) {
      throw validationError(
        `Tightening the rules of ${ctx.urn} is a breaking change: ${broken.entities} entit${broken.entities === 1 ? 'y holds' : 'ies hold'} values that would break them ` +
          `(e.g. ${broken.samples.join(', ')}). Preview with dryRun, fix those values first (for instance with a CSV import), or give the definition a new version in the same write`,
      );
    }
  },
};
