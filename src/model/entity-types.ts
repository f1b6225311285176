/**
 * The entity types the catalog stores, as the registry (registry/entities.json) lists them: key aspects, URN shapes,
 * the aspects each may carry, time-series aspects, GraphQL names and Rest.li snapshots. Adding a type or an aspect is a
 * row there (and the aspect's schema), not code here.
 */
import registry from './registry/entities.json' with { type: 'json' };

/** What a key is read from: a URN's id and, for a tuple, its top-level parts (model/urn.ts). */
export interface UrnParts {
  readonly id: string;
  readonly parts: readonly string[];
}

/** One field of a key aspect, in the key's order: a plain string, a nested URN (of `entityType`, when fixed) or an environment. */
export interface KeyField {
  field: string;
  kind: 'string' | 'urn' | 'fabric';
  entityType?: string;
  /** Takes the commas of the parts between its neighbours (a dataset's name, a column's path). */
  rest?: boolean;
}

export interface EntityTypeDef {
  name: string;
  /** The GraphQL EntityType this type is presented as, or OTHER while GraphQL has no object type for it. */
  graphqlType: string;
  /** The GraphQL object type presenting it (src/graphql/registry-types.ts), if GraphQL presents it. */
  graphqlObject?: string;
  /** The root Query field that looks one up by URN, if any. */
  graphqlQuery?: string;
  keyAspect: string;
  key: readonly KeyField[];
  /** How its URNs are written, for messages. */
  urnShape: string;
  aspects: readonly string[];
  /** Aspects kept as a series of values over time, never on the entity document. */
  timeseriesAspects: readonly string[];
  /** In the default type list of cross-entity search. */
  searchable: boolean;
  /** Where its search name comes from (`aspect.field`, the first present), for types whose name the code does not derive. */
  nameFrom?: readonly string[];
  /** Where its search description comes from, likewise. */
  descriptionFrom?: readonly string[];
  /**
   * Fields of its own it is searched by, as the original indexes them (`resourceType:"USER_ID_MAPPING"`): the name a
   * query uses → the `aspect.field` holding a string or a list of strings, or `aspect.field.key` for the `key` of the
   * object (or of each object of the list) `field` holds, or a list of such places (an assertion names the entity it
   * checks in whichever detail record its kind has); exact values only.
   */
  searchFields?: Readonly<Record<string, string | readonly string[]>>;
  /** The Rest.li snapshot record (`com.linkedin.metadata.snapshot.<snapshot>`) the original's client sends it in, if any. */
  snapshot?: string;
  keyFromUrn(urn: UrnParts): Record<string, unknown>;
}

interface RegistryRow extends Omit<EntityTypeDef, 'keyFromUrn' | 'timeseriesAspects' | 'key'> {
  key: KeyField[];
  timeseriesAspects?: string[];
}

/**
 * The key aspect's value from a URN's parts: one field takes the whole id; a tuple gives its parts in key order, the
 * `rest` field taking whatever parts are left between its neighbours (joined with the commas they were split at).
 */
export function keyOf(key: readonly KeyField[], urn: UrnParts): Record<string, unknown> {
  if (key.length === 1) return { [key[0].field]: urn.id };
  const parts = urn.parts;
  const restAt = key.findIndex((k) => k.rest);
  const extra = restAt < 0 ? 0 : Math.max(0, parts.length - key.length);
  const out: Record<string, unknown> = {};
  key.forEach((k, i) => {
    if (restAt < 0 || i < restAt) out[k.field] = parts[i];
    else if (i === restAt) out[k.field] = parts.slice(i, i + 1 + extra).join(',');
    else out[k.field] = parts[i + extra];
  });
  return out;
}

const defs: EntityTypeDef[] = (registry.entities as RegistryRow[]).map((row) => ({
  ...row,
  timeseriesAspects: row.timeseriesAspects ?? [],
  keyFromUrn: (urn: UrnParts) => keyOf(row.key, urn),
}));

export const ENTITY_TYPES: readonly EntityTypeDef[] = defs;

/** The places (`aspect.field[.key]`) a registry search field reads, one or several. */
export const searchFieldPlaces = (at: string | readonly string[]): readonly string[] => (typeof at === 'string' ? [at] : at);

/** Every registry search field name (any type's), with where each type that has it keeps its values. */
export const TYPE_SEARCH_FIELDS: ReadonlyMap<string, readonly { entityType: string; aspect: string; field: string }[]> = (() => {
  const out = new Map<string, { entityType: string; aspect: string; field: string }[]>();
  for (const d of defs) {
    for (const [name, at] of Object.entries(d.searchFields ?? {})) {
      for (const place of searchFieldPlaces(at)) {
        const [aspect, field] = place.split('.');
        out.set(name, [...(out.get(name) ?? []), { entityType: d.name, aspect, field }]);
      }
    }
  }
  return out;
})();
const byLower = new Map(defs.map((d) => [d.name.toLowerCase(), d]));
const byGraphql = new Map(defs.filter((d) => d.graphqlType !== 'OTHER').map((d) => [d.graphqlType, d]));

/** Entity names in paths are case-insensitive, as in the original. */
export const findEntityType = (name: string): EntityTypeDef | undefined => byLower.get(name.toLowerCase());
export const findEntityTypeByGraphql = (t: string): EntityTypeDef | undefined => byGraphql.get(t);

/** The canonical spelling of an aspect name valid for the entity type (case-insensitive lookup), or undefined. */
export function findAspectName(def: EntityTypeDef, aspect: string): string | undefined {
  const lower = aspect.toLowerCase();
  if (def.keyAspect.toLowerCase() === lower) return def.keyAspect;
  return def.aspects.find((a) => a.toLowerCase() === lower);
}

/** Aspects that annotate an existing entity: writing them never creates the entity. */
export const ANNOTATION_ASPECTS = new Set(['globalTags', 'editableSchemaMetadata', 'structuredProperties']);

/** `urn:li:entityType:service.dataset` ⇄ `dataset`; the original's `datahub.` brand is accepted too. */
export function entityTypeUrnToName(urn: string): string | undefined {
  const m = /^urn:li:entityType:(?:service\.|datahub\.)?([A-Za-z][A-Za-z0-9]*)$/.exec(urn);
  return m ? findEntityType(m[1])?.name ?? undefined : undefined;
}
export const entityTypeUrn = (name: string) => `urn:li:entityType:service.${name}`;

/**
 * What an entity index records (its mapping's `_meta.typeFields`) of the registry search fields its documents' `typeFields`
 * were derived with: a rebuild derives them again when the registry has changed them since (reindex-plan.ts).
 */
export function typeFieldsStamp(entityType: string): string | undefined {
  const fields = findEntityType(entityType)?.searchFields;
  return fields ? JSON.stringify(fields) : undefined;
}
