/** Value rules for structured property assignments (cardinality, types, allowed values, immutability …) on every write path. */
import { dequal } from 'dequal';
import { validationError } from '../../errors.js';
import type { PropertyDefinition } from '../../model/aspects/property-definition.js';
import type { AspectWriteContext } from '../catalog-deps.js';
import { loadDefinitions, stampOf, type Assignment } from '../definitions.js';
import { checkAssignment, checkDuplicates, checkPropertyUrn } from './value-rules.js';
import { checkConstraints, isRequiredFor, type Constraints } from './constraint-rules.js';

/** Structural equality: key order does not matter when deciding whether an assignment was carried over unchanged. */
const sameValues = (a: Assignment, b: Assignment) => dequal(a.values, b.values);

/**
 * Checks new or changed assignments against their live definition and answers the stamp each one is stored under.
 * Assignments carried over unchanged keep their stamp without a new check, so a soft-deleted property's values survive
 * other writes; stale ones never get here, because the write starts from the prepared (stale-free) aspect.
 */
export async function validateAssignments(ctx: AspectWriteContext, assignments: Assignment[]): Promise<Record<string, string>> {
  const prevList = ((ctx.previous?.value as { properties?: Assignment[] } | undefined)?.properties ?? []) as Assignment[];
  const prevStamps = (ctx.previous?.meta?.stamps ?? {}) as Record<string, string>;
  const prevByUrn = new Map(prevList.map((a) => [a.propertyUrn, a]));
  const defs = await loadDefinitions(ctx.services, [...assignments, ...prevList].map((a) => a.propertyUrn), ctx.definitions);
  const problems = checkDuplicates(assignments);
  const stamps: Record<string, string> = {};

  for (const a of assignments) {
    const info = defs.get(a.propertyUrn);
    const before = prevByUrn.get(a.propertyUrn);
    if (before && prevStamps[a.propertyUrn] && dequal(before, a)) {
      stamps[a.propertyUrn] = prevStamps[a.propertyUrn];
      continue;
    }
    const urnProblem = checkPropertyUrn(a.propertyUrn);
    if (urnProblem) problems.push(urnProblem);
    else if (!info) problems.push(`Structured property ${a.propertyUrn} does not exist`);
    else if (info.removed) problems.push(`Cannot apply a soft deleted Structured Property value: ${a.propertyUrn}`);
    else {
      const def = info.definition as PropertyDefinition;
      const own = checkAssignment(def, a, { entityType: ctx.entityType, urn: ctx.urn });
      problems.push(...(own.length > 0 ? own : checkConstraints(a.propertyUrn, def, info.constraints as Constraints | undefined, a.values)));
    }
    if (info) stamps[a.propertyUrn] = stampOf(info);
  }

  // A required value can be changed but not removed; an immutable one, once set under the live definition, neither.
  const target = { entityType: ctx.entityType, urn: ctx.urn };
  for (const before of prevList) {
    const info = defs.get(before.propertyUrn);
    if (!info || info.removed || prevStamps[before.propertyUrn] !== stampOf(info)) continue;
    if (info.definition.immutable !== true && info.constraints?.required !== true) continue;
    const after = assignments.find((a) => a.propertyUrn === before.propertyUrn);
    if (!after || after.values.length === 0) {
      if (isRequiredFor(info.definition as PropertyDefinition, info.constraints as Constraints | undefined, target)) {
        problems.push(`Cannot remove the value of required property ${before.propertyUrn} from ${ctx.urn}: set another value instead, or make the property not required`);
        continue;
      }
    }
    if (info.definition.immutable !== true) continue;
    if (!after) problems.push(`Cannot delete an immutable property ${before.propertyUrn}`);
    else if (!sameValues(before, after)) problems.push(`Cannot mutate an immutable property: ${before.propertyUrn}`);
  }

  if (problems.length > 0) throw validationError(problems.join('; '));
  return stamps;
}
