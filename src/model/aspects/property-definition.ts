// Owns the propertyDefinition aspect schema (a structured property's definition) with its PropertyValue and DataHubSearchConfig records, following metadata-models/src/main/pegasus/com/linkedin/structured/StructuredPropertyDefinition.pdl.
import { z } from 'zod';
import { AuditStampSchema, PrimitivePropertyValueSchema, UrnSchema } from './common.js';

/** com.linkedin.structured.PropertyCardinality. */
export const PropertyCardinalitySchema = z.enum(['SINGLE', 'MULTIPLE']);
export type PropertyCardinality = z.infer<typeof PropertyCardinalitySchema>;

/** com.linkedin.structured.PropertyValue: an allowed value with an optional description. */
export const PropertyValueSchema = z.strictObject({
  value: PrimitivePropertyValueSchema,
  description: z.string().optional(),
});
export type PropertyValue = z.infer<typeof PropertyValueSchema>;

/** com.linkedin.datahub.SearchFieldType. */
export const SearchFieldTypeSchema = z.enum([
  'KEYWORD',
  'TEXT',
  'TEXT_PARTIAL',
  'BROWSE_PATH',
  'URN',
  'URN_PARTIAL',
  'BOOLEAN',
  'COUNT',
  'DATETIME',
  'OBJECT',
  'BROWSE_PATH_V2',
  'WORD_GRAM',
]);

/** com.linkedin.datahub.DataHubSearchConfig (metadata-models/.../datahub/DataHubSearchConfig.pdl); defaulted fields are optional and not filled in. */
export const DataHubSearchConfigSchema = z.strictObject({
  fieldName: z.string().optional(),
  fieldType: SearchFieldTypeSchema.optional(),
  queryByDefault: z.boolean().optional(),
  enableAutocomplete: z.boolean().optional(),
  addToFilters: z.boolean().optional(),
  addHasValuesToFilters: z.boolean().optional(),
  filterNameOverride: z.string().optional(),
  hasValuesFilterNameOverride: z.string().optional(),
  boostScore: z.number().optional(),
  hasValuesFieldName: z.string().optional(),
  numValuesFieldName: z.string().optional(),
  weightsPerFieldValue: z.record(z.string(), z.number()).optional(),
  fieldNameAliases: z.array(z.string()).optional(),
});
export type DataHubSearchConfig = z.infer<typeof DataHubSearchConfigSchema>;

export const PropertyDefinitionSchema = z.strictObject({
  qualifiedName: z.string(),
  displayName: z.string().optional(),
  valueType: UrnSchema,
  typeQualifier: z.record(z.string(), z.array(z.string())).optional(),
  allowedValues: z.array(PropertyValueSchema).optional(),
  /** PDL default `SINGLE`; not filled in when absent. */
  cardinality: PropertyCardinalitySchema.optional(),
  entityTypes: z.array(UrnSchema),
  allowedPlatforms: z.array(UrnSchema).optional(),
  description: z.string().optional(),
  searchConfiguration: DataHubSearchConfigSchema.optional(),
  /** PDL default `false`; not filled in when absent. */
  immutable: z.boolean().optional(),
  version: z.string().optional(),
  created: AuditStampSchema.optional(),
  lastModified: AuditStampSchema.optional(),
});
export type PropertyDefinition = z.infer<typeof PropertyDefinitionSchema>;
