/** Rules for the `structuredProperties` aspect: values must match live definitions; reads hide stale or deleted ones. */
import { currentAssignments, loadDefinitions, type Assignment } from '../definitions.js';
import { validateAssignments } from '../structured-properties/validate-values.js';
import type { AspectHook } from '../catalog-deps.js';

export const structuredPropertiesHook: AspectHook = {
  async validate(ctx, value) {
    const stamps = await validateAssignments(ctx, (value as { properties: Assignment[] }).properties);
    return { meta: { stamps } };
  },
  async validateDelete(ctx) {
    // Deleting the aspect removes every value at once: the same rules as writing an empty list (immutables stay).
    await validateAssignments(ctx, []);
  },
  async prepare(ctx) {
    const value = ctx.stored.value as { properties?: Assignment[] };
    const defs = await loadDefinitions(ctx.services, (value.properties ?? []).map((a) => a.propertyUrn), ctx.definitions);
    // Soft-deleted properties' values are carried along so a restore finds them; stale ones never are.
    return { ...value, properties: currentAssignments(ctx.stored, defs, { includeSoftDeleted: true }) };
  },
  async present(ctx) {
    const value = ctx.stored.value as { properties?: Assignment[] };
    const urns = (value.properties ?? []).map((a) => a.propertyUrn);
    const defs = await loadDefinitions(ctx.services, urns, ctx.definitions);
    return { ...value, properties: currentAssignments(ctx.stored, defs, { includeSoftDeleted: false }) };
  },
};
