/** Presents a stored dataset in the shape of the dataset file (id, platform, env, schema.fields, tags, structured_properties). */
import type { DatasetKey } from '../model/aspects/dataset-key.js';
import type { DatasetProperties } from '../model/aspects/dataset-properties.js';
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
  if (a.datasetProperties?.customProperties && Object.keys(a.datasetProperties.customProperties).length > 0) view.properties = a.datasetProperties.customProperties;
  if (a.schemaMetadata) {
    view.schema = {
      fields: a.schemaMetadata.fields.map((f) => {
        const typeName = Object.keys(f.type.type)[0]?.replace(/^com\.linkedin\.schema\./, '');
        const field: Record<string, unknown> = { id: f.fieldPath, type: TYPE_WORDS[typeName] ?? typeName };
        if (f.nativeDataType && f.nativeDataType !== field.type) field.nativeDataType = f.nativeDataType;
        if (f.description !== undefined) field.description = f.description;
        const props = propertyMap(fieldProperties.get(f.fieldPath));
        if (props) field.structured_properties = props;
        return field;
      }),
    };
  }
  if (a.globalTags) view.tags = a.globalTags.tags.map((t) => t.tag.replace(/^urn:li:tag:/, ''));
  const props = propertyMap(a.structuredProperties);
  if (props) view.structured_properties = props;
  return view;
}
