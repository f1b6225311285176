/** Creates a structured property from the GraphQL-style input (cardinality defaults to SINGLE there, as in the original). */
import { randomUUID } from 'node:crypto';
import { conflict, validationError } from '../../errors.js';
import type { PropertyCardinality, PropertyDefinition } from '../../model/aspects/property-definition.js';
import { structuredPropertyUrn } from '../../model/urn.js';
import type { CatalogDeps } from '../catalog-deps.js';
import type { PropertyConstraintsValue } from '../definitions.js';
import { constraintsChange } from './constraints-change.js';
import { resolveTarget } from '../entity-target.js';
import { KEEP_ASPECT, writeAspects, type AspectChange } from '../write-aspects.js';
import { mergeSettings, type SettingsInput } from './property-settings.js';
import { toPrimitive, type PropertyValueInput } from './value-input.js';

export interface AllowedValueInput extends PropertyValueInput {
  description?: string | null;
}

export interface CreatePropertyInput {
  id?: string | null;
  qualifiedName?: string | null;
  displayName?: string | null;
  description?: string | null;
  immutable?: boolean | null;
  valueType: string;
  typeQualifier?: { allowedTypes?: string[] | null } | null;
  allowedValues?: AllowedValueInput[] | null;
  cardinality?: PropertyCardinality | null;
  entityTypes: string[];
  allowedPlatforms?: string[] | null;
  settings?: SettingsInput | null;
  /** Value rules written in the same write (undefined: untouched; null: cleared). */
  constraints?: PropertyConstraintsValue | null;
  actor: string;
  waitForSearch?: boolean;
}

export function toAllowedValues(values: AllowedValueInput[], where: string) {
  return values.map((v, i) => ({
    value: toPrimitive(v, `${where}[${i}]`),
    ...(v.description !== undefined && v.description !== null ? { description: v.description } : {}),
  }));
}

/** Both names given must agree; otherwise the one given is the id, and with neither a random one is made. */
function idOf(input: CreatePropertyInput): string {
  if (input.id && input.qualifiedName && input.id !== input.qualifiedName) {
    throw validationError(`Qualified name and the ID of a structured property must match (id '${input.id}', qualifiedName '${input.qualifiedName}')`);
  }
  return input.qualifiedName || input.id || randomUUID();
}

const present = <T>(v: T | null | undefined): v is T => v !== undefined && v !== null;

export async function createProperty(services: CatalogDeps, input: CreatePropertyInput): Promise<string> {
  const id = idOf(input);
  const target = resolveTarget('structuredProperty', structuredPropertyUrn(id));
  const stamp = { time: Date.now(), actor: input.actor };
  const definition: PropertyDefinition = {
    qualifiedName: id,
    ...(present(input.displayName) ? { displayName: input.displayName } : {}),
    valueType: input.valueType,
    ...(present(input.typeQualifier?.allowedTypes) ? { typeQualifier: { allowedTypes: input.typeQualifier.allowedTypes } } : {}),
    ...(present(input.allowedValues) ? { allowedValues: toAllowedValues(input.allowedValues, 'allowedValues') } : {}),
    cardinality: input.cardinality ?? 'SINGLE',
    entityTypes: input.entityTypes,
    ...(present(input.allowedPlatforms) ? { allowedPlatforms: input.allowedPlatforms } : {}),
    ...(present(input.description) ? { description: input.description } : {}),
    ...(present(input.immutable) ? { immutable: input.immutable } : {}),
    created: stamp,
    lastModified: stamp,
  };
  const changes: AspectChange[] = [
    {
      aspect: 'propertyDefinition',
      compute: (prev) => {
        if (prev) throw conflict(`A structured property already exists with this urn: ${target.urn.raw}`);
        return definition;
      },
    },
  ];
  if (present(input.settings)) {
    const settings = input.settings;
    changes.push({ aspect: 'structuredPropertySettings', compute: (prev) => (prev ? KEEP_ASPECT : mergeSettings(undefined, settings, stamp)) });
  }
  if (input.constraints) changes.push(constraintsChange(input.constraints, stamp));
  await writeAspects(services, { target, actor: input.actor, waitForSearch: input.waitForSearch, changes });
  return target.urn.raw;
}
