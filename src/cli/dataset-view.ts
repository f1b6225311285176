/** Presents a stored dataset in the shape of the original's dataset file (what `dataset upsert` reads, so the output can be written back). */
import type { DatasetKey } from '../model/aspects/dataset-key.js';
import type { DatasetProperties } from '../model/aspects/dataset-properties.js';
import type { Domains } from '../model/aspects/domains.js';
import type { GlossaryTerms } from '../model/aspects/glossary-terms.js';
import type { Ownership } from '../model/aspects/ownership.js';
import type { SubTypes } from '../model/aspects/sub-types.js';
import type { GlobalTags } from '../model/aspects/global-tags.js';
import type { SchemaMetadata } from '../model/aspects/schema-metadata.js';
import type { StructuredProperties } from '../model/aspects/structured-properties.js';
import { FIELD_TYPES } from './dataset-file.js';

const TYPE_WORDS = Object.fromEntries(Object.entries(FIELD_TYPES).reverse().map(([word, type]) => [type, word]));

/** `{qualified name: value}` (a list when several values); the key is the property URN's id. */
export function propertyMap(aspect: StructuredProperties | null | undefined): Record<string, unknown> | undefined {
  if (!aspect || aspect.properties.length === 0) return undefined;
  return Object.fromEntries(
    aspect.properties.map((a) => {
      const values = a.values.map((v) => ('double' in v ? v.double : v.string));
      return [a.propertyUrn.replace(/^urn:li:structuredProperty:/, ''), values.length === 1 ? values[0] : values];
    }),
  );
}

export interface DatasetAspects {
  datasetKey?: DatasetKey;
  datasetProperties?: DatasetProperties;
  schemaMetadata?: SchemaMetadata;
  globalTags?: GlobalTags;
  structuredProperties?: StructuredProperties;
  subTypes?: SubTypes;
  glossaryTerms?: GlossaryTerms;
  ownership?: Ownership;
  domains?: Domains;
}

/** The aspects the view reads. */
export const DATASET_VIEW_ASPECTS = ['datasetKey', 'datasetProperties', 'schemaMetadata', 'globalTags', 'structuredProperties', 'subTypes', 'glossaryTerms', 'ownership', 'domains'];

const short = (prefix: string) => (urn: string) => urn.replace(new RegExp(`^urn:li:${prefix}:`), '');
const tagsOf = (g: GlobalTags) => g.tags.map((t) => short('tag')(t.tag));
const termsOf = (g: GlossaryTerms) => g.terms.map((t) => short('glossaryTerm')(t.urn));

/** Owners as the file writes them: a bare id for a technical owner, `{id, type}` otherwise. */
function ownersOf(o: Ownership): unknown[] {
  return o.owners.map((x) => {
    const id = short('corpuser')(x.owner);
    if (x.type === 'TECHNICAL_OWNER' && !x.typeUrn) return id;
    return { id, type: x.type === 'CUSTOM' && x.typeUrn ? x.typeUrn : x.type };
  });
}

export function presentDataset(urn: string, a: DatasetAspects, fieldProperties: Map<string, StructuredProperties | null>): Record<string, unknown> {
  const view: Record<string, unknown> = { urn };
  if (a.datasetKey) {
    view.id = a.datasetKey.name;
    view.platform = a.datasetKey.platform.replace(/^urn:li:dataPlatform:/, '');
    view.env = a.datasetKey.origin;
  }
  if (a.datasetProperties?.name !== undefined) view.name = a.datasetProperties.name;
  if (a.datasetProperties?.description !== undefined) view.description = a.datasetProperties.description;
  if (a.datasetProperties?.externalUrl !== undefined) view.external_url = a.datasetProperties.externalUrl;
  if (a.datasetProperties?.customProperties && Object.keys(a.datasetProperties.customProperties).length > 0) view.properties = a.datasetProperties.customProperties;
  const [subtype, ...subtypes] = a.subTypes?.typeNames ?? [];
  if (subtype !== undefined) view.subtype = subtype;
  if (subtypes.length > 0) view.subtypes = subtypes;
  if (a.schemaMetadata) {
    view.schema = {
      fields: a.schemaMetadata.fields.map((f) => {
        const typeName = Object.keys(f.type.type)[0]?.replace(/^com\.linkedin\.schema\./, '');
        const field: Record<string, unknown> = { id: f.fieldPath, type: TYPE_WORDS[typeName] ?? typeName };
        if (f.nativeDataType && f.nativeDataType !== field.type) field.nativeDataType = f.nativeDataType;
        if (f.description !== undefined) field.description = f.description;
        if (f.globalTags) field.globalTags = tagsOf(f.globalTags);
        if (f.glossaryTerms) field.glossaryTerms = termsOf(f.glossaryTerms);
        const props = propertyMap(fieldProperties.get(f.fieldPath));
        if (props) field.structured_properties = props;
        return field;
      }),
    };
  }
  if (a.globalTags) view.tags = tagsOf(a.globalTags);
  if (a.glossaryTerms) view.glossary_terms = termsOf(a.glossaryTerms);
  if (a.ownership) view.owners = ownersOf(a.ownership);
  if (a.domains) view.domains = a.domains.domains.map(short('domain'));
  const props = propertyMap(a.structuredProperties);
  if (props) view.structured_properties = props;
  return view;
}
