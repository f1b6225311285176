/** Rules for the `propertyDefinition` aspect on every write path: shape, references, breaking changes, name, mappings, clean-up. */
import { randomUUID } from 'node:crypto';
import { validationError } from '../../errors.js';
import type { PropertyDefinition } from '../../model/aspects/property-definition.js';
import { parseUrn } from '../../model/urn.js';
import { indexFieldOf, infoFromDoc } from '../definitions.js';
import { enqueueVersionCleanup } from '../structured-properties/cleanup-jobs.js';
import { checkDefinitionReferences, entityTypeNamesOf } from '../structured-properties/definition-references.js';
import { breakingChanges, checkDefinitionShape } from '../structured-properties/definition-rules.js';
import { checkNameIsFree, putPropertyMappings } from '../structured-properties/field-mapping.js';
import type { AspectHook } from '../catalog-deps.js';

export const propertyDefinitionHook: AspectHook = {
  async validate(ctx, value) {
    const def = value as PropertyDefinition;
    const prev = ctx.previous?.value as PropertyDefinition | undefined;
    if ((ctx.doc.aspects.status?.value as { removed?: boolean } | undefined)?.removed === true) {
      throw validationError(`Cannot mutate a soft deleted Structured Property Definition: ${ctx.urn}; restore it first (status removed: false)`);
    }
    const problems = [...checkDefinitionShape(parseUrn(ctx.urn).id, def), ...(prev ? breakingChanges(prev, def) : [])];
    if (problems.length === 0) problems.push(...(await checkDefinitionReferences(ctx.services, def)));
    if (problems.length > 0) throw validationError(`Invalid propertyDefinition for ${ctx.urn}: ${problems.join('; ')}`);

    if (!prev) {
      await checkNameIsFree(ctx.services, ctx.urn, def.qualifiedName);
      // A definition written over a document that lost its previous one starts a new generation, so no old value can match it.
      ctx.doc.generation = randomUUID();
    }
    const fieldChanged = !prev || indexFieldOf(prev) !== indexFieldOf(def);
    const before = prev ? entityTypeNamesOf(prev) : [];
    const types = entityTypeNamesOf(def).filter((t) => fieldChanged || !before.includes(t));
    // Mapped before the definition is stored, so no value can be indexed under a dynamic guess first. Putting the same
    // mapping again (a retried write) changes nothing, so this stays re-runnable.
    await putPropertyMappings(ctx.services, def, types);

    if (prev && fieldChanged) {
      // Recorded before the write lands: a crash in between leaves a job that finds nothing to do, never lost work;
      // recorded once per replaced field, so a retry of this mutator after a version conflict adds no second job.
      const info = infoFromDoc({ ...ctx.doc, aspects: { ...ctx.doc.aspects, propertyDefinition: ctx.previous! } })!;
      await enqueueVersionCleanup(ctx.services, info, indexFieldOf(prev));
    }
  },
  async validateDelete(ctx) {
    // Without its definition a property's values could never be cleaned up: the whole entity is deleted instead.
    throw validationError(`The propertyDefinition of ${ctx.urn} cannot be deleted on its own; delete the structured property itself (DELETE /openapi/v3/entity/structuredProperty/<urn>) so its values are cleaned up`);
  },
};
