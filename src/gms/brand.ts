/**
 * The brand word of the original's wire, in one place: its client writes and insists on `datahub.` in data type and
 * entity type URNs, while Tessera's own surfaces (REST v2/v3, GraphQL) keep the specification's `service.`.
 */
import type { PropertyDefinition } from '../model/aspects/property-definition.js';

const SERVICE_BRAND = /^(urn:li:(?:dataType|entityType):)service\./;
const CLIENT_BRAND = /^(urn:li:(?:dataType|entityType):)datahub\./;

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

/** Replaces the client's brand with Tessera's in every string of a value (a definition or a patch of one). */
function toServiceBrandDeep(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(CLIENT_BRAND, '$1service.');
  if (Array.isArray(value)) return value.map(toServiceBrandDeep);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toServiceBrandDeep(v)]));
  return value;
}

/**
 * A definition (or a patch of one) written through the client's wire, in Tessera's brand, so REST and GraphQL read
 * the specification's `service.` whichever wire wrote it; other aspects pass unchanged.
 */
export const parseClientBrand = (aspect: string, value: unknown): unknown => (aspect === 'propertyDefinition' ? toServiceBrandDeep(value) : value);
