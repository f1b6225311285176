/** Resolves, ahead of translation, every field name a query, filter or facet names, into synchronous allow-list resolvers. */
import type { CatalogDeps } from '../catalog-deps.js';
import type { FieldKind, FieldResolver, ResolvedField } from '../../search/resolved-field.js';
import { inputError, SearchInputError } from '../../search/search-input-error.js';
import { indexFieldOf, valueKindOf, type DefinitionInfo, type ValueKind } from '../definitions.js';
import { complianceBuckets, invalidQuery } from '../structured-properties/compliance-query.js';
import { BUILTIN_FIELDS, isInternalField, SEARCHABLE_FIELD_LIST } from './builtin-fields.js';
import { isTombstone } from '../../storage/entity-store.js';
import { TYPE_SEARCH_FIELDS } from '../../model/entity-types.js';
import { structuredPropertyUrn } from '../../model/urn.js';
import { checkVersionedName, loadPropertyDefinitions, parsePropertyFieldName, PROPERTY_PREFIX, type PropertyFieldName } from './property-fields.js';

export interface SearchFieldResolvers {
  /** For query strings and filters: refuses soft-deleted properties. */
  filter: FieldResolver;
  /** For facets: unknown and soft-deleted properties are empty facets; text fields use their keyword sub-field. */
  facet: FieldResolver;
  /** The definition behind a resolved property field name. */
  definitionOf(name: string): DefinitionInfo | undefined;
}

type Outcome = { field: ResolvedField; info?: DefinitionInfo; hardDeleted?: boolean } | { error: SearchInputError; unknownProperty?: boolean };

/** The field of a hard-deleted property: nothing holds a value there any more, so a filter on it matches no entity. */
const HARD_DELETED_PATH = 'structuredProperties.__hard_deleted__';

export function searchKindOf(kind: ValueKind | undefined): FieldKind {
  switch (kind) {
    case 'number':
      return 'double';
    case 'date':
      return 'date';
    case 'rich_text':
      return 'text';
    default:
      return 'keyword';
  }
}

function builtinOutcome(name: string): Outcome {
  // `x.keyword` is the original's exact sub-field of x: keyword fields are exact already.
  const base = name.endsWith('.keyword') ? name.slice(0, -'.keyword'.length) : name;
  const b = Object.hasOwn(BUILTIN_FIELDS, base) ? BUILTIN_FIELDS[base] : undefined;
  if (b && (base === name || b.kind === 'keyword')) return { field: { name, ...b } };
  // A field some entity type is searched by (the registry's searchFields): its exact values.
  if (TYPE_SEARCH_FIELDS.has(base)) return { field: { name, path: 'typeFields', kind: 'keyword', normalise: (text) => `${base}=${text}`, exists: { prefix: { typeFields: `${base}=` } } } };
  if (isInternalField(name)) return { error: inputError(`Field ${name} is internal and cannot be searched; searchable fields: ${SEARCHABLE_FIELD_LIST}`) };
  return { error: inputError(`Unknown search field ${name}; searchable fields: ${SEARCHABLE_FIELD_LIST}`) };
}

/** `compliance.<qualified name>`: a facet counting the entities that comply with a property, miss it, or break its rules. */
export const COMPLIANCE_PREFIX = 'compliance.';

type AskedProperty = PropertyFieldName & { compliance?: boolean };

function propertyOutcome(parsed: AskedProperty, info: DefinitionInfo | undefined): Outcome {
  if (!info) return { error: inputError(`Unknown structured property in search field ${parsed.name}: no structured property is named ${parsed.written}`), unknownProperty: true };
  const path = indexFieldOf(info.definition);
  const stale = checkVersionedName(parsed, info, path);
  if (stale) return { error: stale };
  if (parsed.compliance) return { field: { name: parsed.name, path, kind: 'keyword', structuredPropertyUrn: info.urn, buckets: complianceBuckets(info) }, info };
  const kind = searchKindOf(valueKindOf(info.definition.valueType));
  return { field: { name: parsed.name, path, kind, structuredPropertyUrn: info.urn, invalid: invalidQuery(info) }, info };
}

/**
 * The asked properties (by dotted name) that were hard deleted: their URN's document is a tombstone. A filter on one
 * matches nothing, as the original answers; a name that never existed is still refused. Read only for names no live
 * definition answers, so a search that names live properties pays nothing for it.
 */
async function hardDeletedOf(services: CatalogDeps, unknown: AskedProperty[]): Promise<Set<string>> {
  const found = await Promise.all(unknown.map(async (p) => [p.name, isTombstone((await services.store.getVersioned('structuredProperty', structuredPropertyUrn(p.written)))?.doc)] as const));
  return new Set(found.filter(([, gone]) => gone).map(([name]) => name));
}

export async function resolveSearchFields(services: CatalogDeps, names: Iterable<string>): Promise<SearchFieldResolvers> {
  const outcomes = new Map<string, Outcome>();
  const properties: AskedProperty[] = [];
  for (const name of new Set(names)) {
    const compliance = name.startsWith(COMPLIANCE_PREFIX);
    if (!name.startsWith(PROPERTY_PREFIX) && !compliance) {
      outcomes.set(name, builtinOutcome(name));
      continue;
    }
    const parsed = parsePropertyFieldName(compliance ? PROPERTY_PREFIX + name.slice(COMPLIANCE_PREFIX.length) : name);
    if (parsed instanceof SearchInputError) outcomes.set(name, { error: parsed });
    else properties.push(compliance ? { ...parsed, name, compliance } : parsed);
  }
  if (properties.length > 0) {
    const defs = await loadPropertyDefinitions(services, properties);
    const gone = await hardDeletedOf(services, properties.filter((p) => !defs.has(p.key) && !p.versioned && !p.compliance));
    for (const p of properties) {
      outcomes.set(p.name, gone.has(p.name) ? { field: { name: p.name, path: HARD_DELETED_PATH, kind: 'keyword' }, hardDeleted: true } : propertyOutcome(p, defs.get(p.key)));
    }
  }

  const outcomeOf = (name: string): { field: ResolvedField; info?: DefinitionInfo } => {
    const o = outcomes.get(name);
    if (!o) throw new Error(`search field ${name} was not resolved ahead of translation`);
    if ('error' in o) throw o.error;
    return o;
  };
  return {
    filter(name) {
      const { field, info } = outcomeOf(name);
      if (info?.removed) throw inputError(`Cannot filter on deleted Structured Property [${info.urn}]`);
      if (field.buckets) throw inputError(`${name} is a facet only; to filter, use structuredProperties.${name.slice(COMPLIANCE_PREFIX.length)} with condition NOT_EXISTS or INVALID`);
      return field;
    },
    facet(name) {
      // A property that does not exist (just hard-deleted, say) or is soft-deleted has no values anyone may see: an
      // empty facet, as the original answers for a missing one; scripts that poll a facet after a delete expect that.
      const o = outcomes.get(name);
      if (o && (('unknownProperty' in o && o.unknownProperty) || ('hardDeleted' in o && o.hardDeleted) || ('info' in o && o.info?.removed))) return { name, path: '', kind: 'keyword', empty: true };
      const { field, info } = outcomeOf(name);
      if (field.buckets) return field;
      if (field.facetPath) return { ...field, path: field.facetPath };
      if (field.kind !== 'text') return field;
      // Analysed text cannot be bucketed; rich text properties carry a keyword sub-field for exactly this.
      if (info) return { ...field, path: `${field.path}.keyword`, kind: 'keyword' };
      throw inputError(`Field ${name} is free text and cannot be aggregated`);
    },
    definitionOf(name) {
      const o = outcomes.get(name);
      return o && 'info' in o ? o.info : undefined;
    },
  };
}
