/** The shape of one entry of the original's dataset YAML file (`tessera dataset upsert`), every key it defines. */
import { z } from 'zod';
import { AuditStampSchema } from '../model/aspects/common.js';

const scalar = z.union([z.string(), z.number(), z.boolean()]);
export const PropertyValuesSchema = z.record(z.string(), z.union([scalar, z.array(scalar)]));

/** Field `type` words and the schema type each maps to. */
export const FIELD_TYPES: Record<string, string> = {
  string: 'StringType', number: 'NumberType', int: 'NumberType', long: 'NumberType', float: 'NumberType', double: 'NumberType',
  boolean: 'BooleanType', bytes: 'BytesType', fixed: 'FixedType', array: 'ArrayType', map: 'MapType', union: 'UnionType',
  record: 'RecordType', date: 'DateType', time: 'TimeType', timestamp: 'TimeType', enum: 'EnumType', null: 'NullType',
};

export const FieldSchema = z.strictObject({
  id: z.union([z.string(), z.number()]).transform(String),
  urn: z.string().optional(),
  type: z.string().refine((t) => Object.hasOwn(FIELD_TYPES, t.toLowerCase()), { error: (i) => `unknown type ${String(i.input)}; one of ${Object.keys(FIELD_TYPES).join(', ')}` }).optional(),
  nativeDataType: z.string().optional(),
  jsonPath: z.string().optional(),
  description: z.string().optional(),
  doc: z.string().optional(),
  nullable: z.boolean().optional(),
  label: z.string().optional(),
  created: AuditStampSchema.optional(),
  lastModified: AuditStampSchema.optional(),
  recursive: z.boolean().optional(),
  globalTags: z.array(z.string()).optional(),
  /** Tessera's own spelling of `globalTags`. */
  tags: z.array(z.string()).optional(),
  glossaryTerms: z.array(z.string()).optional(),
  isPartOfKey: z.boolean().optional(),
  isPartitioningKey: z.boolean().optional(),
  jsonProps: z.record(z.string(), z.unknown()).optional(),
  structured_properties: PropertyValuesSchema.optional(),
});
export type FieldEntry = z.output<typeof FieldSchema>;

/** An owner: a user id (a technical owner) or `{id, type}` with an ownership type or an ownership type URN. */
const OwnerEntrySchema = z.union([z.string(), z.strictObject({ id: z.string(), type: z.string() })]);
export type OwnerEntry = z.output<typeof OwnerEntrySchema>;

export const DatasetEntrySchema = z.strictObject({
  id: z.union([z.string(), z.number()]).transform(String).optional(),
  platform: z.string().optional(),
  env: z.string().optional(),
  urn: z.string().optional(),
  name: z.string().optional(),
  description: z.string().optional(),
  properties: z.record(z.string(), scalar).optional(),
  schema: z
    .strictObject({
      file: z.string().refine((f) => f.endsWith('.avsc'), { error: 'file must be a .avsc file' }).optional(),
      fields: z.array(FieldSchema).optional(),
      raw_schema: z.string().optional(),
    })
    .optional(),
  downstreams: z.array(z.string()).optional(),
  subtype: z.string().optional(),
  subtypes: z.array(z.string()).optional(),
  tags: z.array(z.string()).optional(),
  glossary_terms: z.array(z.string()).optional(),
  owners: z.array(OwnerEntrySchema).optional(),
  structured_properties: PropertyValuesSchema.optional(),
  external_url: z.string().optional(),
  domains: z.array(z.string()).optional(),
});
export type DatasetEntry = z.output<typeof DatasetEntrySchema>;
