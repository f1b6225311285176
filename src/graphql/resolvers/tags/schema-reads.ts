/** Tag reads on entities: dataset and column associations, and the schema types that carry column tags. */
import { validationError } from '../../../errors.js';
import type { EditableSchemaFieldInfo, EditableSchemaMetadata } from '../../../model/aspects/editable-schema-metadata.js';
import type { GlobalTags } from '../../../model/aspects/global-tags.js';
import type { SchemaField, SchemaMetadata } from '../../../model/aspects/schema-metadata.js';
import { schemaFieldUrn } from '../../../model/urn.js';
import type { GraphqlContext } from '../../context.js';
import { refOf, type EntityRef } from '../../entity-loader.js';
import { presentGlobalTags } from './present-global-tags.js';

/** Column tags name the dataset as the associated entity, as the original does. */
interface FieldView {
  datasetUrn: string;
}
type SchemaFieldView = SchemaField & FieldView;
type EditableFieldView = EditableSchemaFieldInfo & FieldView;

/** The GraphQL SchemaFieldDataType of each stored column type record. */
export const DATA_TYPES: Record<string, string> = {
  'com.linkedin.schema.BooleanType': 'BOOLEAN',
  'com.linkedin.schema.FixedType': 'FIXED',
  'com.linkedin.schema.StringType': 'STRING',
  'com.linkedin.schema.BytesType': 'BYTES',
  'com.linkedin.schema.NumberType': 'NUMBER',
  'com.linkedin.schema.DateType': 'DATE',
  'com.linkedin.schema.TimeType': 'TIME',
  'com.linkedin.schema.EnumType': 'ENUM',
  'com.linkedin.schema.NullType': 'NULL',
  'com.linkedin.schema.MapType': 'MAP',
  'com.linkedin.schema.ArrayType': 'ARRAY',
  'com.linkedin.schema.UnionType': 'UNION',
  'com.linkedin.schema.RecordType': 'STRUCT',
};

export const entityTags = async (ref: EntityRef, _a: unknown, ctx: GraphqlContext) =>
  presentGlobalTags(await ctx.loader.aspect<GlobalTags>(ref.urn, 'globalTags'), ref.urn, await ctx.loader.setters(ref.urn, 'globalTags'));

const fieldTags = (f: { globalTags?: GlobalTags } & FieldView) => presentGlobalTags(f.globalTags, f.datasetUrn);

async function schemaMetadata(ref: EntityRef, { version }: { version?: number | null }, ctx: GraphqlContext) {
  // Only the latest schema is kept; version 0 names it, as in the original.
  if (version != null && version !== 0) throw validationError(`schemaMetadata(version: ${version}) is not available: only the latest version (0) is stored`);
  const s = await ctx.loader.aspect<SchemaMetadata>(ref.urn, 'schemaMetadata');
  if (!s) return null;
  return {
    aspectVersion: 0,
    datasetUrn: ref.urn,
    name: s.schemaName,
    platformUrn: s.platform,
    version: s.version,
    cluster: s.cluster ?? null,
    hash: s.hash,
    fields: s.fields.map((f): SchemaFieldView => ({ ...f, datasetUrn: ref.urn })),
    primaryKeys: s.primaryKeys ?? null,
    createdAt: s.created?.time ?? null,
  };
}

async function editableSchemaMetadata(ref: EntityRef, _a: unknown, ctx: GraphqlContext) {
  const e = await ctx.loader.aspect<EditableSchemaMetadata>(ref.urn, 'editableSchemaMetadata');
  return e ? { editableSchemaFieldInfo: e.editableSchemaFieldInfo.map((f): EditableFieldView => ({ ...f, datasetUrn: ref.urn })) } : null;
}

export const schemaReadResolvers = {
  Dataset: { tags: entityTags, globalTags: entityTags, schemaMetadata, editableSchemaMetadata },
  SchemaFieldEntity: { tags: entityTags },
  DataFlow: { tags: entityTags, globalTags: entityTags },
  DataJob: { tags: entityTags, globalTags: entityTags },
  SchemaField: {
    type: (f: SchemaFieldView) => DATA_TYPES[Object.keys(f.type.type)[0]] ?? 'NULL',
    nullable: (f: SchemaFieldView) => f.nullable ?? false,
    recursive: (f: SchemaFieldView) => f.recursive ?? false,
    tags: fieldTags,
    globalTags: fieldTags,
    schemaFieldEntity: (f: SchemaFieldView) => refOf(schemaFieldUrn(f.datasetUrn, f.fieldPath)),
  },
  EditableSchemaFieldInfo: { tags: fieldTags, globalTags: fieldTags },
};
