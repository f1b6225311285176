/** The one table of aspect name ↔ the original's fully qualified record name, which keys aspect values on its Rest.li wire. */

const RECORD_NAMES: Readonly<Record<string, string>> = {
  datasetKey: 'com.linkedin.metadata.key.DatasetKey',
  datasetProperties: 'com.linkedin.dataset.DatasetProperties',
  schemaMetadata: 'com.linkedin.schema.SchemaMetadata',
  editableSchemaMetadata: 'com.linkedin.schema.EditableSchemaMetadata',
  upstreamLineage: 'com.linkedin.dataset.UpstreamLineage',
  status: 'com.linkedin.common.Status',
  globalTags: 'com.linkedin.common.GlobalTags',
  glossaryTerms: 'com.linkedin.common.GlossaryTerms',
  ownership: 'com.linkedin.common.Ownership',
  institutionalMemory: 'com.linkedin.common.InstitutionalMemory',
  subTypes: 'com.linkedin.common.SubTypes',
  browsePathsV2: 'com.linkedin.common.BrowsePathsV2',
  dataPlatformInstance: 'com.linkedin.common.DataPlatformInstance',
  domains: 'com.linkedin.domain.Domains',
  structuredProperties: 'com.linkedin.structured.StructuredProperties',
  structuredPropertyKey: 'com.linkedin.structured.StructuredPropertyKey',
  propertyDefinition: 'com.linkedin.structured.StructuredPropertyDefinition',
  structuredPropertySettings: 'com.linkedin.structured.StructuredPropertySettings',
  schemaFieldKey: 'com.linkedin.metadata.key.SchemaFieldKey',
  tagKey: 'com.linkedin.metadata.key.TagKey',
  tagProperties: 'com.linkedin.tag.TagProperties',
  dataFlowKey: 'com.linkedin.metadata.key.DataFlowKey',
  dataFlowInfo: 'com.linkedin.datajob.DataFlowInfo',
  dataJobKey: 'com.linkedin.metadata.key.DataJobKey',
  dataJobInfo: 'com.linkedin.datajob.DataJobInfo',
  corpUserKey: 'com.linkedin.metadata.key.CorpUserKey',
  corpUserInfo: 'com.linkedin.identity.CorpUserInfo',
  dataTypeKey: 'com.linkedin.datatype.DataTypeKey',
  dataTypeInfo: 'com.linkedin.datatype.DataTypeInfo',
  entityTypeKey: 'com.linkedin.entitytype.EntityTypeKey',
  entityTypeInfo: 'com.linkedin.entitytype.EntityTypeInfo',
  dataPlatformKey: 'com.linkedin.metadata.key.DataPlatformKey',
  dataPlatformInfo: 'com.linkedin.dataplatform.DataPlatformInfo',
  glossaryTermKey: 'com.linkedin.metadata.key.GlossaryTermKey',
  glossaryTermInfo: 'com.linkedin.glossary.GlossaryTermInfo',
  dataHubIngestionSourceKey: 'com.linkedin.metadata.key.DataHubIngestionSourceKey',
  dataHubIngestionSourceInfo: 'com.linkedin.ingestion.DataHubIngestionSourceInfo',
  dataHubExecutionRequestKey: 'com.linkedin.metadata.key.ExecutionRequestKey',
  dataHubExecutionRequestInput: 'com.linkedin.execution.ExecutionRequestInput',
  dataHubExecutionRequestResult: 'com.linkedin.execution.ExecutionRequestResult',
};

/** The record name the client expects around an aspect's value, or undefined for an aspect it cannot name. */
export const recordNameOf = (aspect: string): string | undefined => RECORD_NAMES[aspect];

export const RECORD_NAME_ASPECTS = Object.keys(RECORD_NAMES);
