// Owns the schemaMetadata aspect schema with its SchemaField, SchemaFieldDataType, platformSchema and foreign-key records, following metadata-models/src/main/pegasus/com/linkedin/schema/SchemaMetadata.pdl (which includes SchemaMetadataKey and ChangeAuditStamps).
import { z } from 'zod';
import { AuditStampSchema, LongSchema, pegasusUnion, UrnSchema } from './common.js';
import { GlobalTagsSchema } from './global-tags.js';
import { GlossaryTermsSchema } from './glossary-terms.js';

const empty = () => z.strictObject({});

/** com.linkedin.schema.SchemaFieldDataType: the platform-independent type of a field. */
export const SchemaFieldDataTypeSchema = z.strictObject({
  type: pegasusUnion({
    'com.linkedin.schema.BooleanType': empty(),
    'com.linkedin.schema.FixedType': empty(),
    'com.linkedin.schema.StringType': empty(),
    'com.linkedin.schema.BytesType': empty(),
    'com.linkedin.schema.NumberType': empty(),
    'com.linkedin.schema.DateType': empty(),
    'com.linkedin.schema.TimeType': empty(),
    'com.linkedin.schema.EnumType': empty(),
    'com.linkedin.schema.NullType': empty(),
    'com.linkedin.schema.MapType': z.strictObject({
      keyType: z.string().optional(),
      valueType: z.string().optional(),
    }),
    'com.linkedin.schema.ArrayType': z.strictObject({
      nestedType: z.array(z.string()).optional(),
    }),
    'com.linkedin.schema.UnionType': z.strictObject({
      nestedTypes: z.array(z.string()).optional(),
    }),
    'com.linkedin.schema.RecordType': empty(),
  }),
});
export type SchemaFieldDataType = z.infer<typeof SchemaFieldDataTypeSchema>;

/** com.linkedin.schema.SchemaField: one (flattened) field of a schema. */
export const SchemaFieldSchema = z.strictObject({
  fieldPath: z.string(),
  /** Deprecated. */
  jsonPath: z.string().optional(),
  /** PDL default `false`; not filled in when absent. */
  nullable: z.boolean().optional(),
  description: z.string().optional(),
  /** Deprecated. */
  label: z.string().optional(),
  created: AuditStampSchema.optional(),
  lastModified: AuditStampSchema.optional(),
  type: SchemaFieldDataTypeSchema,
  nativeDataType: z.string(),
  /** PDL default `false`; not filled in when absent. */
  recursive: z.boolean().optional(),
  globalTags: GlobalTagsSchema.optional(),
  glossaryTerms: GlossaryTermsSchema.optional(),
  /** PDL default `false`; not filled in when absent. */
  isPartOfKey: z.boolean().optional(),
  isPartitioningKey: z.boolean().optional(),
  jsonProps: z.string().optional(),
});
export type SchemaField = z.infer<typeof SchemaFieldSchema>;

/** The native schema of the dataset on its platform (union of platform-specific records). */
export const PlatformSchemaSchema = pegasusUnion({
  'com.linkedin.schema.EspressoSchema': z.strictObject({ documentSchema: z.string(), tableSchema: z.string() }),
  'com.linkedin.schema.OracleDDL': z.strictObject({ tableSchema: z.string() }),
  'com.linkedin.schema.MySqlDDL': z.strictObject({ tableSchema: z.string() }),
  'com.linkedin.schema.PrestoDDL': z.strictObject({ rawSchema: z.string() }),
  'com.linkedin.schema.KafkaSchema': z.strictObject({
    documentSchema: z.string(),
    documentSchemaType: z.string().optional(),
    keySchema: z.string().optional(),
    keySchemaType: z.string().optional(),
  }),
  'com.linkedin.schema.BinaryJsonSchema': z.strictObject({ schema: z.string() }),
  'com.linkedin.schema.OrcSchema': z.strictObject({ schema: z.string() }),
  'com.linkedin.schema.Schemaless': empty(),
  'com.linkedin.schema.KeyValueSchema': z.strictObject({ keySchema: z.string(), valueSchema: z.string() }),
  'com.linkedin.schema.OtherSchema': z.strictObject({ rawSchema: z.string() }),
});
export type PlatformSchema = z.infer<typeof PlatformSchemaSchema>;

/** com.linkedin.schema.ForeignKeySpec (deprecated in favour of ForeignKeyConstraint). */
export const ForeignKeySpecSchema = z.strictObject({
  foreignKey: pegasusUnion({
    'com.linkedin.schema.DatasetFieldForeignKey': z.strictObject({
      parentDataset: UrnSchema,
      currentFieldPaths: z.array(z.string()),
      parentField: z.string(),
    }),
    'com.linkedin.schema.UrnForeignKey': z.strictObject({
      currentFieldPath: z.string(),
    }),
  }),
});
export type ForeignKeySpec = z.infer<typeof ForeignKeySpecSchema>;

/** com.linkedin.schema.ForeignKeyConstraint: a foreign key from this schema to another dataset. */
export const ForeignKeyConstraintSchema = z.strictObject({
  name: z.string(),
  foreignFields: z.array(UrnSchema),
  sourceFields: z.array(UrnSchema),
  foreignDataset: UrnSchema,
});
export type ForeignKeyConstraint = z.infer<typeof ForeignKeyConstraintSchema>;

export const SchemaMetadataSchema = z.strictObject({
  // SchemaMetadataKey
  schemaName: z.string(),
  platform: UrnSchema,
  version: LongSchema,
  // ChangeAuditStamps (created/lastModified carry PDL defaults; not filled in when absent)
  created: AuditStampSchema.optional(),
  lastModified: AuditStampSchema.optional(),
  deleted: AuditStampSchema.optional(),
  // SchemaMetadata
  dataset: UrnSchema.optional(),
  cluster: z.string().optional(),
  hash: z.string(),
  platformSchema: PlatformSchemaSchema,
  fields: z.array(SchemaFieldSchema),
  primaryKeys: z.array(z.string()).optional(),
  /** Deprecated in favour of foreignKeys. */
  foreignKeysSpecs: z.record(z.string(), ForeignKeySpecSchema).optional(),
  foreignKeys: z.array(ForeignKeyConstraintSchema).optional(),
});
export type SchemaMetadata = z.infer<typeof SchemaMetadataSchema>;
