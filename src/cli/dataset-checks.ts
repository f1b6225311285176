/** Checks a dataset plan's property values against their definitions before anything of it is written (the server's rules, run here first). */
import { checkAssignment } from '../catalog/structured-properties/value-rules.js';
import type { PropertyDefinition } from '../model/aspects/property-definition.js';
import { parseUrn } from '../model/urn.js';
import type { TesseraClient } from '../sdk/client.js';
import type { DatasetPlan } from './dataset-file.js';

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

/** Why a dataset cannot take the values it names: properties that do not exist, and soft-deleted ones with how to restore them. */
export function missingReferences(propertyUrns: string[], known: { live: Map<string, unknown>; softDeleted: Set<string> }): string | undefined {
  const deleted = propertyUrns.filter((u) => known.softDeleted.has(u));
  const missing = propertyUrns.filter((u) => !known.live.has(u) && !known.softDeleted.has(u));
  const parts = [
    ...(missing.length > 0 ? [`missing entity references: ${missing.join(', ')}`] : []),
    ...deleted.map((u) => `structured property ${u} is soft-deleted; restore it with \`tessera restore --urn ${u}\``),
  ];
  return parts.length > 0 ? parts.join('; ') : undefined;
}

/** Every rule a value of the plan breaks (entity types, cardinality, value type, allowed values, platforms). */
export function checkPlan(plan: DatasetPlan, definitions: Map<string, PropertyDefinition>): string[] {
  const problems: string[] = [];
  for (const change of plan.changes.filter((c) => c.aspectName === 'structuredProperties')) {
    const target = { entityType: parseUrn(change.entityUrn).entityType, urn: change.entityUrn };
    for (const a of (change.value as { properties: { propertyUrn: string; values: { string?: string; double?: number }[] }[] }).properties) {
      const def = definitions.get(a.propertyUrn);
      if (def) problems.push(...checkAssignment(def, a, target));
    }
  }
  return problems;
}
