/** Finds the structured property definitions behind `structuredProperties.*` search field names. */
import { structuredPropertyUrn } from '../../model/urn.js';
import type { CatalogDeps } from '../catalog-deps.js';
import { inputError, type SearchInputError } from '../../search/search-input-error.js';
import { esFieldWord, loadDefinitions, valueKindOf, type DefinitionInfo } from '../definitions.js';

export const PROPERTY_PREFIX = 'structuredProperties.';
const VERSIONED = '_versioned.';

/** What a property field name asks for: `key` is the qualified name with `.` → `_` (unique per property). */
export interface PropertyFieldName {
  name: string;
  /** The qualified name as written (dotted GraphQL form or underscored query-string form). */
  written: string;
  key: string;
  versioned?: { version: string; type: string };
}

export function parsePropertyFieldName(name: string): PropertyFieldName | SearchInputError {
  const rest = name.slice(PROPERTY_PREFIX.length);
  if (rest.startsWith(VERSIONED)) {
    const parts = rest.slice(VERSIONED.length).split('.');
    if (parts.length !== 3 || parts.some((p) => p === '')) {
      return inputError(`Invalid versioned structured property field ${name}: expected structuredProperties._versioned.<qualified_name_with_underscores>.<version>.<type>`);
    }
    return { name, written: parts[0], key: parts[0], versioned: { version: parts[1], type: parts[2] } };
  }
  if (rest === '' || rest.split('.').some((p) => p === '')) return inputError(`Invalid structured property field ${name}: expected structuredProperties.<qualified name>`);
  return { name, written: rest, key: esFieldWord(rest) };
}

/**
 * Definitions by field key. Dotted names are looked up by URN first, which is real-time;
 * underscored names go through the `qualifiedNameKey` search field (visible within a second of a definition write).
 */
export async function loadPropertyDefinitions(services: CatalogDeps, wanted: PropertyFieldName[]): Promise<Map<string, DefinitionInfo>> {
  const cache = services.definitionCache;
  const memo = cache.memo();
  const byKey = new Map<string, DefinitionInfo>();
  const direct = wanted.filter((w) => !w.versioned).map((w) => structuredPropertyUrn(w.written));
  for (const info of (await loadDefinitions(services, direct, memo)).values()) byKey.set(esFieldWord(info.definition.qualifiedName), info);
  // Underscored names: the name search (or the name remembered from it) gives the URN; the definition itself is then
  // read by URN like any other, so its state (soft deleted, version) is as current as a dotted name's.
  const keys = [...new Set(wanted.map((w) => w.key).filter((k) => !byKey.has(k)))];
  const urnOfKey = new Map<string, string>();
  const unknown: string[] = [];
  for (const key of keys) {
    const remembered = cache.urnOfFieldKey(key);
    if (remembered) urnOfKey.set(key, await remembered);
    else unknown.push(key);
  }
  if (unknown.length > 0) {
    const res = await services.store.search(['structuredProperty'], { size: unknown.length * 2, _source: ['urn', 'qualifiedNameKey'], query: { terms: { qualifiedNameKey: unknown } } });
    for (const hit of res.hits.hits as { _source: { urn: string; qualifiedNameKey: string } }[]) {
      urnOfKey.set(hit._source.qualifiedNameKey, hit._source.urn);
      // Only names found are remembered: the name search lags definition writes by up to a second already.
      cache.rememberFieldKey(hit._source.qualifiedNameKey, hit._source.urn);
    }
  }
  const infos = await loadDefinitions(services, urnOfKey.values(), memo);
  for (const [key, urn] of urnOfKey) if (infos.has(urn)) byKey.set(key, infos.get(urn)!);
  return byKey;
}

/** Checks a versioned field name against the live definition: only the current version's field holds values. */
export function checkVersionedName(field: PropertyFieldName, info: DefinitionInfo, current: string): SearchInputError | undefined {
  if (!field.versioned) return undefined;
  const { version, type } = field.versioned;
  const kind = valueKindOf(info.definition.valueType) ?? 'string';
  if (info.definition.version !== version || kind !== type) {
    return inputError(`Field ${field.name} is not a field of the current definition of ${info.urn}; search ${current} instead`);
  }
  return undefined;
}
