/** The dataset page's read (description, tags, columns, property values) and its property value writes. */
import type { PropertyValue } from './definitions';
import { ENTRY, ENTRY_SET_BY, TAGS, TAGS_SET_BY } from './documents';
import { mutate, query } from './graphql';
import type { Attribution, PropertyEntry, TagRef } from './search-queries';


/** Owners, terms and domain: the same selection on every type that offers them. */
export const CONTEXT = {
  ownership: 'ownership { owners { owner { __typename ... on CorpUser { urn username } ... on CorpGroup { urn name } } type ownershipType { urn info { name } } } }',
  glossaryTerms: 'glossaryTerms { terms { term { urn name } } }',
  domain: 'domain { domain { urn id } }',
} as const;

const DATASET = `query dataset($urn: String!) {
  dataset(urn: $urn) {
    urn name platform { name } properties { name description } editableProperties { description }
    ${CONTEXT.ownership} ${CONTEXT.glossaryTerms} ${CONTEXT.domain}
    ${TAGS_SET_BY}
    structuredProperties { ${ENTRY_SET_BY} }
    schemaMetadata { fields { fieldPath nativeDataType description ${TAGS} schemaFieldEntity { urn structuredProperties { ${ENTRY} } } } }
    editableSchemaMetadata { editableSchemaFieldInfo { fieldPath ${TAGS} } }
  }
}`;


export interface ContextView {
  ownership?: { owners: { owner: { __typename: 'CorpUser'; urn: string; username: string } | { __typename: 'CorpGroup'; urn: string; name: string }; type: string | null; ownershipType: { urn: string; info: { name: string } | null } | null }[] } | null;
  glossaryTerms?: { terms: { term: { urn: string; name: string } }[] } | null;
  domain?: { domain: { urn: string; id: string } } | null;
}

export type Tags = { tags: { tag: TagRef; attribution?: Attribution | null }[] | null } | null;

export interface DatasetView extends ContextView {
  urn: string;
  name: string;
  platform: { name: string };
  properties: { name: string | null; description: string | null } | null;
  editableProperties: { description: string | null } | null;
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

/** Sets the dataset's edited description (an empty one clears it, showing what ingestion wrote again). */
export async function updateDescription(resourceUrn: string, description: string): Promise<void> {
  await mutate(`mutation describe($input: DescriptionUpdateInput!) { updateDescription(input: $input) }`, { input: { resourceUrn, description } });
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
