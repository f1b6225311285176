/**
 * The brand word of the original's wire, in one place: its client writes and insists on `datahub.` in data type and
 * entity type URNs, while Tessera's own surfaces (REST v2/v3, GraphQL) keep the specification's `service.`.
 */
import type { PropertyDefinition } from '../model/aspects/property-definition.js';

const SERVICE_BRAND = /^(urn:li:(?:dataType|entityType):)service\./;

/** `urn:li:dataType:service.number` → `urn:li:dataType:datahub.number`; any other string unchanged. */
export const toClientBrand = (urn: string): string => urn.replace(SERVICE_BRAND, '$1datahub.');

/** An aspect value as the original's Rest.li endpoints answer it: definitions name their types with `datahub.`. */
export function presentClientBrand(aspect: string, value: unknown): unknown {
  if (aspect !== 'propertyDefinition' || !value || typeof value !== 'object') return value;
  const def = value as PropertyDefinition;
  const out: PropertyDefinition = { ...def, valueType: toClientBrand(def.valueType), entityTypes: def.entityTypes.map(toClientBrand) };
  if (def.typeQualifier) {
    out.typeQualifier = Object.fromEntries(Object.entries(def.typeQualifier).map(([k, v]) => [k, v.map(toClientBrand)]));
  }
  return out;
}
