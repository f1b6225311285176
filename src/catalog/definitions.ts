/** Loads structured property definitions and computes the index field names their values live under. */
import { valueKindOf, type ValueKind } from '../model/value-types.js';
import type { EntityDoc, StoredAspect } from '../storage/entity-store.js';
import type { DefinitionInfo, DefinitionMemo, PropertyConstraintsValue, PropertyDefinitionValue } from './definition-info.js';
import type { CatalogDeps } from './catalog-deps.js';
import { companionPath, fieldMappingOf, hasValueQuery, LENGTHS_FIELD, LONG_VALUES_FIELD } from '../storage/property-field-mappings.js';

export { fieldMappingOf, hasValueQuery };


export type { DefinitionInfo, DefinitionMemo, PropertyConstraintsValue, PropertyDefinitionValue } from './definition-info.js';

export { valueKindOf, type ValueKind };

/** `io.acryl.x` → `io_acryl_x`: the search index field word of a qualified name. */
export const esFieldWord = (qualifiedName: string) => qualifiedName.replace(/\./g, '_');

export function indexFieldOf(def: PropertyDefinitionValue): string {
  const word = esFieldWord(def.qualifiedName);
  return def.version ? `structuredProperties._versioned.${word}.${def.version}.${valueKindOf(def.valueType) ?? 'string'}` : `structuredProperties.${word}`;
}

/** Where the lengths in characters of a property's text values are indexed (length rules are ranges on it). */
export const lengthFieldOf = (def: PropertyDefinitionValue): string => companionPath(indexFieldOf(def), LENGTHS_FIELD);

/** Where a property's text values too long for the keyword index are indexed (patterns are checked there too). */
export const longFieldOf = (def: PropertyDefinitionValue): string => companionPath(indexFieldOf(def), LONG_VALUES_FIELD);

/** Kinds whose values are text: lengths and patterns apply to them. */
export const isTextKind = (kind: string | undefined): boolean => kind === 'string' || kind === 'rich_text' || kind === 'urn';

/** The stamp stored beside each assignment: which definition generation and version it was written under. */
export const stampOf = (info: DefinitionInfo) => `${info.generation}/${info.definition.version ?? ''}`;

export function infoFromDoc(doc: EntityDoc): DefinitionInfo | undefined {
  const def = doc.aspects.propertyDefinition?.value as PropertyDefinitionValue | undefined;
  if (!def) return undefined;
  const status = doc.aspects.status?.value as { removed?: boolean } | undefined;
  const constraints = doc.aspects.structuredPropertyConstraints?.value as PropertyConstraintsValue | undefined;
  return { urn: doc.urn, definition: def, ...(constraints && { constraints }), removed: status?.removed === true, generation: String(doc.generation ?? '') };
}


export async function loadDefinitions(services: CatalogDeps, urns: Iterable<string>, memo: DefinitionMemo = new Map()): Promise<Map<string, DefinitionInfo>> {
  const wanted = [...new Set(urns)];
  const missing = wanted.filter((u) => !memo.has(u));
  if (missing.length > 0) {
    const fetched = services.store.mget('structuredProperty', missing);
    for (const urn of missing) {
      const info = fetched.then((docs) => (docs.has(urn) ? infoFromDoc(docs.get(urn)!) : undefined));
      info.catch(() => undefined); // a failed fetch is reported by whoever awaits it, never as an unhandled rejection
      memo.set(urn, info);
    }
  }
  const out = new Map<string, DefinitionInfo>();
  for (const urn of wanted) {
    const info = await memo.get(urn);
    if (info) out.set(urn, info);
  }
  return out;
}

export interface Assignment {
  propertyUrn: string;
  values: { string?: string; double?: number }[];
  [k: string]: unknown;
}

/** Assignments of a stored structuredProperties aspect that were written under the current live definition. */
export function currentAssignments(stored: StoredAspect, defs: Map<string, DefinitionInfo>, opts: { includeSoftDeleted: boolean }): Assignment[] {
  const props = ((stored.value as { properties?: Assignment[] })?.properties ?? []) as Assignment[];
  const stamps = (stored.meta?.stamps ?? {}) as Record<string, string>;
  return props.filter((a) => {
    const info = defs.get(a.propertyUrn);
    if (!info || stamps[a.propertyUrn] !== stampOf(info)) return false;
    return opts.includeSoftDeleted || !info.removed;
  });
}

export function propertyUrnsOf(stored: StoredAspect | undefined): string[] {
  return (((stored?.value as { properties?: Assignment[] })?.properties ?? []) as Assignment[]).map((a) => a.propertyUrn);
}

/** A `properties` mapping fragment placing the definition's field at its index path, ready for put-mapping. */
export function propertyMappingOf(def: PropertyDefinitionValue): Record<string, unknown> {
  const path = indexFieldOf(def).split('.').slice(1);
  const nest = (leaf: Record<string, unknown>) => path.reduceRight<Record<string, unknown>>((node, seg) => ({ properties: { [seg]: node } }), leaf);
  const kind = valueKindOf(def.valueType);
  return {
    properties: {
      structuredProperties: nest(fieldMappingOf(kind)),
      // Text values: their lengths (length rules as ranges, exact at any length) and those over the keyword index's
      // limit (ignore_above) in a field of their own, so that presence and patterns are exact for them too.
      ...(isTextKind(kind) && { [LENGTHS_FIELD]: nest({ type: 'integer' }), [LONG_VALUES_FIELD]: nest({ type: 'wildcard', doc_values: true }) }),
    },
  };
}
