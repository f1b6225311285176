/** Checks a dataset file's property values against their definitions before anything is written (the server's rules, run here first). */
import { checkAssignment } from '../catalog/structured-properties/value-rules.js';
import type { PropertyDefinition } from '../model/aspects/property-definition.js';
import { parseUrn } from '../model/urn.js';
import type { TesseraClient } from '../sdk/client.js';
import type { AssignmentSource, DatasetPlan } from './dataset-file.js';
import type { FileProblem } from './file-problems.js';

/** Live definitions by property URN; missing and soft-deleted properties are absent (they cannot take values). */
export async function fetchDefinitions(client: TesseraClient, urns: string[]): Promise<{ live: Map<string, PropertyDefinition>; softDeleted: Set<string> }> {
  const found = await Promise.all(
    urns.map(async (urn) => {
      const e = await client.getEntity(urn, ['propertyDefinition', 'status']);
      const removed = (e?.aspects.status as { removed?: boolean } | undefined)?.removed === true;
      const def = e?.aspects.propertyDefinition as PropertyDefinition | undefined;
      return { urn, def, removed: removed && !!def };
    }),
  );
  return {
    live: new Map(found.filter((f) => f.def && !f.removed).map((f) => [f.urn, f.def!])),
    softDeleted: new Set(found.filter((f) => f.removed).map((f) => f.urn)),
  };
}

/** Every problem of a dataset's property values, each naming its entry, column and field: properties that do not
 * exist or are soft-deleted (with how to restore them), then every rule a value breaks (entity types, cardinality, value
 * type, allowed values, platforms). */
export function planProblems(plan: DatasetPlan, known: { live: Map<string, PropertyDefinition>; softDeleted: Set<string> }): FileProblem[] {
  const problems: FileProblem[] = [];
  const at = (s: AssignmentSource, message: string) => problems.push({ entry: plan.entry, entryId: plan.entryId, column: s.column, field: s.field, message });
  for (const s of plan.assignmentSources) {
    if (known.softDeleted.has(s.propertyUrn)) at(s, `structured property ${s.propertyUrn} is soft-deleted; restore it with \`tessera restore --urn ${s.propertyUrn}\``);
    const def = known.live.get(s.propertyUrn);
    if (!def) {
      if (!known.softDeleted.has(s.propertyUrn)) at(s, `missing entity reference: structured property ${s.propertyUrn} does not exist`);
      continue;
    }
    const target = { entityType: parseUrn(s.entityUrn).entityType, urn: s.entityUrn };
    for (const message of checkAssignment(def, { propertyUrn: s.propertyUrn, values: s.values }, target)) at(s, message);
  }
  return problems;
}
