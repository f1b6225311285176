/** Rules for the `structuredProperties` aspect: values must match live definitions; reads hide stale or deleted ones. */
import { validationError } from '../../errors.js';
import { currentAssignments, loadDefinitions, stampOf, type Assignment } from '../definitions.js';
import { validateAssignments } from '../structured-properties/validate-values.js';
import type { AspectHook } from './aspect-hook.js';

export const structuredPropertiesHook: AspectHook = {
  async validate(ctx, value) {
    const assignments = ((value as { properties?: Assignment[] }).properties ?? []) as Assignment[];
    const defs = await loadDefinitions(ctx.services, assignments.map((a) => a.propertyUrn));
    for (const a of assignments) {
      if (!defs.has(a.propertyUrn)) throw validationError(`Structured property ${a.propertyUrn} does not exist`);
    }
    await validateAssignments(ctx, assignments, defs);
    const stamps: Record<string, string> = {};
    for (const a of assignments) stamps[a.propertyUrn] = stampOf(defs.get(a.propertyUrn)!);
    return { meta: { stamps } };
  },
  async present(ctx) {
    const value = ctx.stored.value as { properties?: Assignment[] };
    const urns = (value.properties ?? []).map((a) => a.propertyUrn);
    const defs = await loadDefinitions(ctx.services, urns);
    return { ...value, properties: currentAssignments(ctx.stored, defs, { includeSoftDeleted: false }) };
  },
};
