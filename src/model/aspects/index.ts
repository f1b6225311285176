// Owns the registry mapping each DataHub aspect name (spelt as in the PDL @Aspect annotations) to its zod schema.
import { z } from 'zod';
import { ENTITY_TYPES } from '../entity-types.js';
import { BrowsePathsV2Schema } from './browse-paths-v2.js';
import { CorpUserInfoSchema } from './corp-user-info.js';
import { CorpUserKeySchema } from './corp-user-key.js';
import { DataFlowInfoSchema } from './data-flow-info.js';
import { DataFlowKeySchema } from './data-flow-key.js';
import { DataJobInfoSchema } from './data-job-info.js';
import { DataJobKeySchema } from './data-job-key.js';
import { DataPlatformInfoSchema } from './data-platform-info.js';
import { DataPlatformInstanceSchema } from './data-platform-instance.js';
import { DataPlatformKeySchema } from './data-platform-key.js';
import { DataTypeInfoSchema } from './data-type-info.js';
import { DataTypeKeySchema } from './data-type-key.js';
import { DatasetKeySchema } from './dataset-key.js';
import { DatasetPropertiesSchema } from './dataset-properties.js';
import { EditableSchemaMetadataSchema } from './editable-schema-metadata.js';
import { EntityTypeInfoSchema } from './entity-type-info.js';
import { EntityTypeKeySchema } from './entity-type-key.js';
import { GlobalTagsSchema } from './global-tags.js';
import { GlossaryTermsSchema } from './glossary-terms.js';
import { InstitutionalMemorySchema } from './institutional-memory.js';
import { OwnershipSchema } from './ownership.js';
import { PropertyDefinitionSchema } from './property-definition.js';
import { SchemaFieldKeySchema } from './schema-field-key.js';
import { SchemaMetadataSchema } from './schema-metadata.js';
import { StatusSchema } from './status.js';
import { StructuredPropertiesSchema } from './structured-properties.js';
import { StructuredPropertyKeySchema } from './structured-property-key.js';
import { StructuredPropertySettingsSchema } from './structured-property-settings.js';
import { StructuredPropertyConstraintsSchema } from './structured-property-constraints.js';
import { SubTypesSchema } from './sub-types.js';
import { TagKeySchema } from './tag-key.js';
import { TagPropertiesSchema } from './tag-properties.js';
import { EditableDatasetPropertiesSchema } from './editable-dataset-properties.js';
import { DomainsSchema } from './domains.js';
import { UpstreamLineageSchema } from './upstream-lineage.js';
import { IngestionSourceKeySchema } from './ingestion-source-key.js';
import { IngestionSourceInfoSchema } from './ingestion-source-info.js';
import { ExecutionRequestKeySchema } from './execution-request-key.js';
import { ExecutionRequestInputSchema } from './execution-request-input.js';
import { ExecutionRequestResultSchema } from './execution-request-result.js';
import { ExecutionRequestSignalSchema } from './execution-request-signal.js';
import { GlossaryTermKeySchema } from './glossary-term-key.js';
import { GlossaryTermInfoSchema } from './glossary-term-info.js';
import { LabelPropagationSchema } from './label-propagation.js';

export const aspectSchemas: Record<string, z.ZodType> = {
  datasetKey: DatasetKeySchema,
  datasetProperties: DatasetPropertiesSchema,
  schemaMetadata: SchemaMetadataSchema,
  status: StatusSchema,
  globalTags: GlobalTagsSchema,
  editableSchemaMetadata: EditableSchemaMetadataSchema,
  tagKey: TagKeySchema,
  tagProperties: TagPropertiesSchema,
  structuredPropertyKey: StructuredPropertyKeySchema,
  propertyDefinition: PropertyDefinitionSchema,
  structuredPropertySettings: StructuredPropertySettingsSchema,
  structuredPropertyConstraints: StructuredPropertyConstraintsSchema,
  labelPropagation: LabelPropagationSchema,
  institutionalMemory: InstitutionalMemorySchema,
  structuredProperties: StructuredPropertiesSchema,
  ownership: OwnershipSchema,
  dataFlowInfo: DataFlowInfoSchema,
  dataJobInfo: DataJobInfoSchema,
  schemaFieldKey: SchemaFieldKeySchema,
  dataFlowKey: DataFlowKeySchema,
  dataJobKey: DataJobKeySchema,
  corpUserKey: CorpUserKeySchema,
  corpUserInfo: CorpUserInfoSchema,
  dataTypeKey: DataTypeKeySchema,
  dataTypeInfo: DataTypeInfoSchema,
  entityTypeKey: EntityTypeKeySchema,
  entityTypeInfo: EntityTypeInfoSchema,
  dataPlatformKey: DataPlatformKeySchema,
  dataPlatformInfo: DataPlatformInfoSchema,
  subTypes: SubTypesSchema,
  glossaryTerms: GlossaryTermsSchema,
  browsePathsV2: BrowsePathsV2Schema,
  dataPlatformInstance: DataPlatformInstanceSchema,
  editableDatasetProperties: EditableDatasetPropertiesSchema,
  domains: DomainsSchema,
  upstreamLineage: UpstreamLineageSchema,
  dataHubIngestionSourceKey: IngestionSourceKeySchema,
  dataHubIngestionSourceInfo: IngestionSourceInfoSchema,
  dataHubExecutionRequestKey: ExecutionRequestKeySchema,
  dataHubExecutionRequestInput: ExecutionRequestInputSchema,
  dataHubExecutionRequestResult: ExecutionRequestResultSchema,
  dataHubExecutionRequestSignal: ExecutionRequestSignalSchema,
  glossaryTermKey: GlossaryTermKeySchema,
  glossaryTermInfo: GlossaryTermInfoSchema,
};

/**
 * An aspect the entity registry lists whose record has no schema here yet: any JSON object, under the limits every
 * aspect has (body size, nesting depth, forbidden keys), stored and read back exactly as written.
 */
export const OpaqueAspectSchema = z.record(z.string(), z.unknown());

const registered = new Set(ENTITY_TYPES.flatMap((d) => [d.keyAspect, ...d.aspects]));

/** The schema an aspect's value is checked against: its own, or the opaque one for a registered aspect; undefined for an unknown aspect. */
export function schemaOf(aspect: string): z.ZodType | undefined {
  return aspectSchemas[aspect] ?? (registered.has(aspect) ? OpaqueAspectSchema : undefined);
}

export * from './common.js';
export * from './browse-paths-v2.js';
export * from './corp-user-info.js';
export * from './corp-user-key.js';
export * from './data-flow-info.js';
export * from './data-flow-key.js';
export * from './data-job-info.js';
export * from './data-job-key.js';
export * from './data-platform-info.js';
export * from './data-platform-instance.js';
export * from './data-platform-key.js';
export * from './data-type-info.js';
export * from './data-type-key.js';
export * from './dataset-key.js';
export * from './dataset-properties.js';
export * from './editable-schema-metadata.js';
export * from './entity-type-info.js';
export * from './entity-type-key.js';
export * from './global-tags.js';
export * from './glossary-terms.js';
export * from './institutional-memory.js';
export * from './ownership.js';
export * from './property-definition.js';
export * from './schema-field-key.js';
export * from './schema-metadata.js';
export * from './status.js';
export * from './structured-properties.js';
export * from './structured-property-key.js';
export * from './structured-property-settings.js';
export * from './sub-types.js';
export * from './tag-key.js';
export * from './tag-properties.js';
export * from './editable-dataset-properties.js';
export * from './domains.js';
export * from './upstream-lineage.js';
export * from './ingestion-source-key.js';
export * from './ingestion-source-info.js';
export * from './execution-request-key.js';
export * from './execution-request-input.js';
export * from './execution-request-result.js';
export * from './execution-request-signal.js';
export * from './glossary-term-key.js';
export * from './glossary-term-info.js';
