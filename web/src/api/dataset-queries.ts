/** The dataset page's read (description, tags, columns, property values) and its property value writes. */
import { VALUE_FIELDS, type PropertyValue } from './definitions';
import { mutate, query } from './graphql';
import { TAG_FIELDS, type PropertyEntry, type TagRef } from './search-queries';

const ENTRY = `properties { structuredProperty { urn definition { displayName qualifiedName } } values { ${VALUE_FIELDS} } }`;
const TAGS = `tags { tags { tag { ${TAG_FIELDS} } } }`;

const DATASET = `query dataset($urn: String!) {
  dataset(urn: $urn) {
    urn name platform { name } properties { name description }
    ${TAGS}
    structuredProperties { ${ENTRY} }
    schemaMetadata { fields { fieldPath nativeDataType description ${TAGS} schemaFieldEntity { urn structuredProperties { ${ENTRY} } } } }
    editableSchemaMetadata { editableSchemaFieldInfo { fieldPath ${TAGS} } }
  }
}`;

type Tags = { tags: { tag: TagRef }[] | null } | null;

export interface DatasetView {
  urn: string;
  name: string;
  platform: { name: string };
  properties: { name: string | null; description: string | null } | null;
  tags: Tags;
  structuredProperties: { properties: PropertyEntry[] | null } | null;
  schemaMetadata: {
    fields: { fieldPath: string; nativeDataType: string | null; description: string | null; tags: Tags; schemaFieldEntity: { urn: string; structuredProperties: { properties: PropertyEntry[] | null } | null } | null }[];
  } | null;
  editableSchemaMetadata: { editableSchemaFieldInfo: { fieldPath: string; tags: Tags }[] } | null;
}

export async function loadDataset(urn: string): Promise<DatasetView | null> {
  return (await query<{ dataset: DatasetView | null }>(DATASET, { urn })).dataset;
}

export async function upsertValues(assetUrn: string, propertyUrn: string, values: PropertyValue[]): Promise<void> {
  await mutate(
    `mutation upsert($input: UpsertStructuredPropertiesInput!) { upsertStructuredProperties(input: $input) { properties { associatedUrn } } }`,
    { input: { assetUrn, structuredPropertyInputParams: [{ structuredPropertyUrn: propertyUrn, values }] } },
  );
}

export async function removeValues(assetUrn: string, propertyUrn: string): Promise<void> {
  await mutate(
    `mutation remove($input: RemoveStructuredPropertiesInput!) { removeStructuredProperties(input: $input) { properties { associatedUrn } } }`,
    { input: { assetUrn, structuredPropertyUrns: [propertyUrn] } },
  );
}
