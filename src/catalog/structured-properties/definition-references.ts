/** Checks that the value type and entity types a definition names exist in the catalog (bootstrapped, `datahub.` accepted). */
import type { PropertyDefinition } from '../../model/aspects/property-definition.js';
import { entityTypeUrnToName, findEntityType } from '../../model/entity-types.js';
import { canonicalBrandUrn } from '../../model/urn.js';
import type { CatalogDeps } from '../catalog-deps.js';
import { valueKindOf } from '../definitions.js';

/** The entity types a definition applies to, by registry name (unknown ones left out). */
export function entityTypeNamesOf(def: Pick<PropertyDefinition, 'entityTypes'>): string[] {
  return [...new Set(def.entityTypes.map((t) => entityTypeUrnToName(t)).filter((t): t is string => t !== undefined))];
}

export async function checkDefinitionReferences(services: CatalogDeps, def: PropertyDefinition): Promise<string[]> {
  const problems: string[] = [];
  const valueType = canonicalBrandUrn(def.valueType);
  const types = await services.store.mget('dataType', [valueType]);
  if (!types.has(valueType)) problems.push(`valueType ${def.valueType} does not exist; known value types are urn:li:dataType:service.{string,number,date,urn,rich_text}`);
  else if (!valueKindOf(valueType)) problems.push(`Validation support for type ${def.valueType} is not yet implemented.`);

  const named = [...def.entityTypes, ...(def.typeQualifier?.allowedTypes ?? [])];
  const found = await services.store.mget('entityType', named.map(canonicalBrandUrn));
  for (const t of named) {
    if (!found.has(canonicalBrandUrn(t))) problems.push(`entity type ${t} does not exist; entity types are named like urn:li:entityType:service.dataset`);
  }
  for (const t of def.entityTypes) {
    const entityType = findEntityType(entityTypeUrnToName(t) ?? '');
    if (found.has(canonicalBrandUrn(t)) && entityType && !entityType.aspects.includes('structuredProperties')) {
      problems.push(`entity type ${t} cannot carry structured properties`);
    }
  }
  return problems;
}
