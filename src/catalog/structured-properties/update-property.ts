/** Updates a structured property from the GraphQL-style input: scalar fields replaced, lists only appended to. */
import { notFound } from '../../errors.js';
import type { PropertyDefinition } from '../../model/aspects/property-definition.js';
import type { StructuredPropertySettings } from '../../model/aspects/structured-property-settings.js';
import type { CatalogDeps } from '../catalog-deps.js';
import type { PropertyConstraintsValue } from '../definitions.js';
import { constraintsChange } from './constraints-change.js';
import { resolveTarget } from '../entity-target.js';
import { writeAspects, type AspectChange } from '../write-aspects.js';
import { toAllowedValues, type AllowedValueInput } from './create-property.js';
import { mergeSettings, type SettingsInput } from './property-settings.js';
import { formatPrimitive } from './value-rules.js';

export interface UpdatePropertyInput {
  urn: string;
  displayName?: string | null;
  description?: string | null;
  immutable?: boolean | null;
  typeQualifier?: { newAllowedTypes?: string[] | null } | null;
  newAllowedValues?: AllowedValueInput[] | null;
  setCardinalityAsMultiple?: boolean | null;
  newEntityTypes?: string[] | null;
  newAllowedPlatforms?: string[] | null;
  settings?: SettingsInput | null;
  /** Value rules written in the same write (undefined: untouched; null: cleared). */
  constraints?: PropertyConstraintsValue | null;
  actor: string;
  waitForSearch?: boolean;
}

const appended = (list: string[] | undefined, more: string[] | null | undefined) => (more ? [...new Set([...(list ?? []), ...more])] : list);

function applyUpdate(prev: PropertyDefinition, input: UpdatePropertyInput, stamp: { time: number; actor: string }): PropertyDefinition {
  const next: PropertyDefinition = { ...prev, lastModified: stamp };
  if (input.displayName !== undefined && input.displayName !== null) next.displayName = input.displayName;
  if (input.description !== undefined && input.description !== null) next.description = input.description;
  if (input.immutable !== undefined && input.immutable !== null) next.immutable = input.immutable;
  if (input.setCardinalityAsMultiple) next.cardinality = 'MULTIPLE';
  if (input.newEntityTypes) next.entityTypes = appended(prev.entityTypes, input.newEntityTypes)!;
  if (input.newAllowedPlatforms) next.allowedPlatforms = appended(prev.allowedPlatforms, input.newAllowedPlatforms);
  if (input.typeQualifier?.newAllowedTypes) next.typeQualifier = { ...(prev.typeQualifier ?? {}), allowedTypes: appended(prev.typeQualifier?.allowedTypes, input.typeQualifier.newAllowedTypes)! };
  if (input.newAllowedValues) {
    // Appending a value that is already allowed changes nothing (its description stays).
    const known = new Set((prev.allowedValues ?? []).map((a) => formatPrimitive(a.value)));
    const fresh = toAllowedValues(input.newAllowedValues, 'newAllowedValues').filter((a) => !known.has(formatPrimitive(a.value)));
    next.allowedValues = [...(prev.allowedValues ?? []), ...fresh];
  }
  return next;
}

export async function updateProperty(services: CatalogDeps, input: UpdatePropertyInput): Promise<string> {
  const target = resolveTarget('structuredProperty', input.urn);
  const stamp = { time: Date.now(), actor: input.actor };
  const missing = () => notFound(`Structured property ${target.urn.raw} does not exist`);
  const changes: AspectChange[] = [
    {
      aspect: 'propertyDefinition',
      compute: (prev) => {
        if (!prev) throw missing();
        return applyUpdate(prev as PropertyDefinition, input, stamp);
      },
    },
  ];
  if (input.settings) {
    const settings = input.settings;
    changes.push({ aspect: 'structuredPropertySettings', compute: (prev) => mergeSettings(prev as StructuredPropertySettings | undefined, settings, stamp) });
  }
  if (input.constraints !== undefined) changes.push(constraintsChange(input.constraints, stamp));
  await writeAspects(services, { target, actor: input.actor, waitForSearch: input.waitForSearch, changes, mustExist: true });
  return target.urn.raw;
}
