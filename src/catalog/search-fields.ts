/** Derives the explicitly mapped search fields of an entity document from its aspects. */
import { lineageEdgesOf, lineageUrns } from '../model/lineage-edges.js';
import { fieldLineageEdgesOf, fieldLineageUrns } from '../model/field-lineage.js';
import { findEntityType, searchFieldPlaces } from '../model/entity-types.js';
import { parseUrn } from '../model/urn.js';
import { registeredNames } from './registered-names.js';
import { runFieldsOf } from './runs/run-aspects.js';
import type { EntityDoc } from '../storage/entity-store.js';
import type { CatalogDeps } from './catalog-deps.js';
import { KEYWORD_LIMIT } from '../storage/property-field-mappings.js';
import { charLength } from './structured-properties/value-pattern.js';
import { currentAssignments, esFieldWord, indexFieldOf, loadDefinitions, propertyUrnsOf, valueKindOf, type DefinitionMemo } from './definitions.js';

type Obj = Record<string, any>;
export const SEARCH_FIELDS = ['name', 'description', 'searchText', 'platform', 'origin', 'removed', 'tags', 'fieldTags', 'editedFieldTags', 'fieldPaths', 'terms', 'owners', 'qualifiedName', 'qualifiedNameKey', 'valueType', 'propertyEntityTypes', 'structuredProperties', 'structuredPropertyLengths', 'structuredPropertiesLong', 'propertyUrns', 'createdTime', 'lastModifiedTime', 'lineageUp', 'lineageDown', 'fieldLineageUp', 'fieldLineageDown', 'propagates', 'container', 'domains', 'typeFields', 'runIds', 'runs'];

const val = (doc: EntityDoc, aspect: string): Obj | undefined => doc.aspects[aspect]?.value as Obj | undefined;
const tagUrns = (g: Obj | undefined): string[] => (g?.tags ?? []).map((t: Obj) => t.tag).filter(Boolean);
const termUrns = (g: Obj | undefined): string[] => (g?.terms ?? []).map((t: Obj) => t.urn).filter(Boolean);
const ownerUrns = (o: Obj | undefined): string[] => (o?.owners ?? []).map((x: Obj) => x.owner).filter(Boolean);
const uniq = (xs: string[]) => [...new Set(xs)];

function nameAndDescription(doc: EntityDoc): { name?: string; description?: string } {
  const registered = findEntityType(doc.entityType);
  if (registered?.nameFrom || registered?.descriptionFrom) return registeredNames(registered, doc.urn, (aspect) => val(doc, aspect));
  const props = val(doc, 'datasetProperties') ?? val(doc, 'tagProperties') ?? val(doc, 'dataFlowInfo') ?? val(doc, 'dataJobInfo') ?? val(doc, 'corpUserInfo');
  const def = val(doc, 'propertyDefinition');
  const id = parseUrn(doc.urn);
  const fallback = doc.entityType === 'dataset' ? id.parts.slice(1, -1).join(',') : doc.entityType === 'schemaField' ? id.parts.slice(1).join(',') : id.parts.length > 1 ? id.parts[1] : id.id;
  return {
    name: props?.name ?? props?.displayName ?? def?.displayName ?? def?.qualifiedName ?? fallback,
    description: props?.description ?? def?.description,
  };
}

function platformAndOrigin(doc: EntityDoc): { platform?: string; origin?: string } {
  const u = parseUrn(doc.urn);
  switch (doc.entityType) {
    case 'dataset':
      return { platform: u.parts[0], origin: u.parts[u.parts.length - 1] };
    case 'schemaField': {
      const parent = parseUrn(u.parts[0]);
      return parent.entityType === 'dataset' ? { platform: parent.parts[0], origin: parent.parts[parent.parts.length - 1] } : {};
    }
    case 'dataFlow':
      return { platform: `urn:li:dataPlatform:${u.parts[0]}`, origin: u.parts[2] };
    case 'dataJob': {
      const flow = parseUrn(u.parts[0]);
      return { platform: `urn:li:dataPlatform:${flow.parts[0]}`, origin: flow.parts[2] };
    }
    default: {
      // Other types name their platform in dataPlatformInstance, when they carry it (the original's `platform` field).
      const platform = val(doc, 'dataPlatformInstance')?.platform;
      return typeof platform === 'string' ? { platform } : {};
    }
  }
}

/**
 * The registry's search fields of the document's type, as `name=value` keywords; undefined for a type with none (see
 * TYPE_SEARCH_FIELDS). `aspect.field.key` reads `key` of the object `field` holds, or of each object of the list it
 * holds (a query's subjects); a field read from several places has the values of all of them.
 */
export function typeFieldsOf(doc: EntityDoc): string[] | undefined {
  const searchFields = findEntityType(doc.entityType)?.searchFields;
  if (!searchFields) return undefined;
  const out: string[] = [];
  for (const [name, at] of Object.entries(searchFields)) {
    for (const place of searchFieldPlaces(at)) {
      const [aspect, field, key] = place.split('.');
      const v = val(doc, aspect)?.[field];
      for (const item of Array.isArray(v) ? v : [v]) {
        const x = key === undefined ? item : item && typeof item === 'object' ? (item as Obj)[key] : undefined;
        if (typeof x === 'string' && x.length <= KEYWORD_LIMIT) out.push(`${name}=${x}`);
      }
    }
  }
  return uniq(out);
}

async function structuredPropertyFields(services: CatalogDeps, doc: EntityDoc, memo?: DefinitionMemo): Promise<Obj | undefined> {
  const stored = doc.aspects.structuredProperties;
  if (!stored) return undefined;
  const defs = await loadDefinitions(services, propertyUrnsOf(stored), memo);
  const out: Obj = {};
  // Soft-deleted properties stay indexed so a restore brings them back; filters on them are refused elsewhere.
  for (const a of currentAssignments(stored, defs, { includeSoftDeleted: true })) {
    const def = defs.get(a.propertyUrn)!.definition;
    const kind = valueKindOf(def.valueType);
    const values = a.values
      .map((v) => (kind === 'number' ? (v.double ?? Number(v.string)) : (v.string ?? (v.double !== undefined ? String(v.double) : undefined))))
      .filter((v) => v !== undefined && v !== '' && !(typeof v === 'number' && Number.isNaN(v)));
    const path = indexFieldOf(def).split('.').slice(1);
    let node = out;
    for (const seg of path.slice(0, -1)) node = node[seg] ??= {};
    node[path[path.length - 1]] = values;
  }
  return out;
}

/**
 * Beside the property fields, for every string value in them: its length in characters (`structuredPropertyLengths`),
 * and the value itself when it is too long for the keyword index (`structuredPropertiesLong`). The rebuild's copy
 * derives the same on the engine (jobs/derived-fields.ts): keep the two alike.
 */
export function valueLengthFields(tree: Obj): { lengths: Obj; long: Obj } {
  const lengths: Obj = {};
  const long: Obj = {};
  for (const [key, v] of Object.entries(tree)) {
    if (Array.isArray(v)) {
      const texts = v.filter((x): x is string => typeof x === 'string');
      if (texts.length > 0) lengths[key] = texts.map(charLength);
      const over = texts.filter((x) => x.length > KEYWORD_LIMIT);
      if (over.length > 0) long[key] = over;
    } else if (v && typeof v === 'object') {
      const inner = valueLengthFields(v as Obj);
      lengths[key] = inner.lengths;
      long[key] = inner.long;
    }
  }
  return { lengths, long };
}

function lineageFields(doc: EntityDoc): { lineageUp?: string[]; lineageDown?: string[] } {
  const edges = lineageEdgesOf(doc.aspects);
  if (edges.length === 0) return {};
  const [up, down] = [lineageUrns(edges, 'UPSTREAM'), lineageUrns(edges, 'DOWNSTREAM')];
  return { ...(up.length > 0 && { lineageUp: up }), ...(down.length > 0 && { lineageDown: down }) };
}

/** The columns at each end of the entity's column edges (model/field-lineage.ts). */
function fieldLineageFields(doc: EntityDoc): { fieldLineageUp?: string[]; fieldLineageDown?: string[] } {
  const edges = fieldLineageEdgesOf(doc.aspects);
  if (edges.length === 0) return {};
  return { fieldLineageUp: fieldLineageUrns(edges, 'UPSTREAM'), fieldLineageDown: fieldLineageUrns(edges, 'DOWNSTREAM') };
}

export async function applySearchFields(services: CatalogDeps, doc: EntityDoc, memo?: DefinitionMemo): Promise<void> {
  for (const f of SEARCH_FIELDS) delete doc[f];
  const { name, description } = nameAndDescription(doc);
  const schemaFields: Obj[] = val(doc, 'schemaMetadata')?.fields ?? [];
  const edited: Obj[] = val(doc, 'editableSchemaMetadata')?.editableSchemaFieldInfo ?? [];
  const def = val(doc, 'propertyDefinition');
  const propertyFields = await structuredPropertyFields(services, doc, memo);
  const valueLengths = propertyFields && valueLengthFields(propertyFields);
  const typeFields = typeFieldsOf(doc);
  const fields: Obj = {
    name,
    description,
    ...platformAndOrigin(doc),
    removed: val(doc, 'status')?.removed === true,
    tags: tagUrns(val(doc, 'globalTags')),
    fieldTags: uniq(schemaFields.flatMap((f) => tagUrns(f.globalTags))),
    editedFieldTags: uniq(edited.flatMap((f) => tagUrns(f.globalTags))),
    fieldPaths: uniq([...schemaFields, ...edited].map((f) => f.fieldPath).filter(Boolean)),
    terms: uniq(termUrns(val(doc, 'glossaryTerms'))),
    owners: uniq(ownerUrns(val(doc, 'ownership'))),
    searchText: [name, description, doc.urn].filter(Boolean).join(' '),
    structuredProperties: propertyFields,
    ...(valueLengths && { structuredPropertyLengths: valueLengths.lengths, structuredPropertiesLong: valueLengths.long }),
    // Every property the stored aspect mentions, stale ones included: how clean-up jobs find all carriers.
    propertyUrns: propertyUrnsOf(doc.aspects.structuredProperties),
    // Lineage in both directions, one query per hop: who names X upstream, who names X downstream (model/lineage-edges.ts).
    ...lineageFields(doc),
    ...fieldLineageFields(doc),
    // The container it sits in directly: the entities of a container (IsPartOf, incoming) in one query.
    ...(typeof val(doc, 'container')?.container === 'string' && { container: val(doc, 'container')!.container }),
    // The domains it is in: a domain's entities in one query (the original's `domains` field).
    ...(Array.isArray(val(doc, 'domains')?.domains) && { domains: uniq((val(doc, 'domains')!.domains as unknown[]).filter((d): d is string => typeof d === 'string')) }),
    // A tag or property whose label follows lineage (catalog/propagation): how the propagation job finds the rules.
    ...(val(doc, 'labelPropagation') && { propagates: true }),
    // The type's own search fields from the registry (a platform resource's primaryKey, resourceType, …).
    ...(typeFields && { typeFields }),
    // The ingestion runs whose values it holds: how a run's entities are found and runs are listed (catalog/runs).
    ...runFieldsOf(doc),
    createdTime: Math.min(...Object.values(doc.aspects).map((a) => a.created.time)),
    lastModifiedTime: Math.max(...Object.values(doc.aspects).map((a) => a.lastModified.time)),
  };
  if (def) {
    fields.qualifiedName = def.qualifiedName;
    fields.qualifiedNameKey = esFieldWord(String(def.qualifiedName ?? ''));
    fields.valueType = def.valueType;
    fields.propertyEntityTypes = def.entityTypes;
  }
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) doc[k] = v;
}
