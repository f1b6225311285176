/** The dataset YAML file of `tessera dataset upsert`: one dataset or a list, turned into the aspect changes that write it. */
import { z } from 'zod';
import { datasetUrn, parseEntityUrn, schemaFieldUrn } from '../model/urn.js';
import type { AspectChange } from '../sdk/emitter.js';
import { CliError } from './cli-error.js';
import { entryIdOf, refuseFile, zodProblems, type FileProblem } from './file-problems.js';

const scalar = z.union([z.string(), z.number(), z.boolean()]);
const PropertyValuesSchema = z.record(z.string(), z.union([scalar, z.array(scalar)]));

/** Field `type` words and the schema type each maps to. */
export const FIELD_TYPES: Record<string, string> = {
  string: 'StringType', number: 'NumberType', int: 'NumberType', long: 'NumberType', float: 'NumberType', double: 'NumberType',
  boolean: 'BooleanType', bytes: 'BytesType', fixed: 'FixedType', array: 'ArrayType', map: 'MapType', union: 'UnionType',
  record: 'RecordType', date: 'DateType', time: 'TimeType', timestamp: 'TimeType', enum: 'EnumType', null: 'NullType',
};

const FieldSchema = z.strictObject({
  id: z.union([z.string(), z.number()]).transform(String),
  type: z.string().refine((t) => Object.hasOwn(FIELD_TYPES, t.toLowerCase()), { error: (i) => `unknown type ${String(i.input)}; one of ${Object.keys(FIELD_TYPES).join(', ')}` }).optional(),
  nativeDataType: z.string().optional(),
  description: z.string().optional(),
  doc: z.string().optional(),
  nullable: z.boolean().optional(),
  structured_properties: PropertyValuesSchema.optional(),
});

export const DatasetEntrySchema = z.strictObject({
  id: z.union([z.string(), z.number()]).transform(String).optional(),
  platform: z.string().optional(),
  env: z.string().optional(),
  urn: z.string().optional(),
  name: z.string().optional(),
  description: z.string().optional(),
  properties: z.record(z.string(), scalar).optional(),
  schema: z.strictObject({ fields: z.array(FieldSchema) }).optional(),
  tags: z.array(z.string()).optional(),
  structured_properties: PropertyValuesSchema.optional(),
});
type DatasetEntry = z.output<typeof DatasetEntrySchema>;

export interface DatasetPlan {
  urn: string;
  changes: AspectChange[];
  /** Every structured property URN the dataset or its fields reference. */
  propertyUrns: string[];
}

const propertyUrnOf = (key: string) => (key.startsWith('urn:li:structuredProperty:') ? key : `urn:li:structuredProperty:${key}`);
const valueOf = (v: string | number | boolean) => (typeof v === 'number' ? { double: v } : { string: String(v) });

function assignments(map: Record<string, unknown> | undefined) {
  return Object.entries(map ?? {}).map(([key, v]) => ({
    propertyUrn: propertyUrnOf(key),
    values: (Array.isArray(v) ? v : [v]).map(valueOf),
  }));
}

function plan(entry: DatasetEntry, problem: (field: string, message: string) => void): DatasetPlan | undefined {
  let urn = entry.urn;
  if (!urn) {
    if (!entry.id) return void problem('id', 'either id (with platform) or urn is required');
    if (!entry.platform) return void problem('platform', 'is required with id (e.g. hive, or urn:li:dataPlatform:hive)');
    urn = datasetUrn(entry.platform, entry.id, entry.env ?? 'PROD');
  }
  let parts: string[];
  try {
    parts = parseEntityUrn(urn).parts;
    if (!urn.startsWith('urn:li:dataset:')) return void problem('urn', `${urn} is not a dataset urn`);
  } catch (e) {
    return void problem(entry.urn ? 'urn' : 'env', (e as Error).message);
  }
  const platformUrn = parts[0];
  const name = parts.slice(1, -1).join(',');
  const fields = entry.schema?.fields ?? [];
  const typed = fields.filter((f) => f.type).length;
  if (typed > 0 && typed < fields.length) return void problem('schema.fields', 'Either all fields must have type information or none of them should');

  const changes: AspectChange[] = [];
  const props: { op: 'add'; path: string; value: unknown }[] = [{ op: 'add', path: '/name', value: entry.name ?? entry.id ?? name }];
  if (entry.description !== undefined) props.push({ op: 'add', path: '/description', value: entry.description });
  if (entry.properties) props.push({ op: 'add', path: '/customProperties', value: Object.fromEntries(Object.entries(entry.properties).map(([k, v]) => [k, String(v)])) });
  // A patch keeps what the file does not mention (and creates the dataset when it is new).
  changes.push({ entityUrn: urn, aspectName: 'datasetProperties', changeType: 'PATCH', value: props });
  if (typed > 0) {
    changes.push({
      entityUrn: urn,
      aspectName: 'schemaMetadata',
      value: {
        schemaName: name, platform: platformUrn, version: 0, hash: '',
        platformSchema: { 'com.linkedin.schema.OtherSchema': { rawSchema: '' } },
        fields: fields.map((f) => ({
          fieldPath: f.id,
          type: { type: { [`com.linkedin.schema.${FIELD_TYPES[f.type!.toLowerCase()]}`]: {} } },
          nativeDataType: f.nativeDataType ?? f.type!,
          ...(f.description ?? f.doc ? { description: f.description ?? f.doc } : {}),
          ...(f.nullable !== undefined ? { nullable: f.nullable } : {}),
        })),
      },
    });
  }
  for (const f of fields.filter((x) => x.structured_properties)) {
    changes.push({ entityUrn: schemaFieldUrn(urn, f.id), aspectName: 'structuredProperties', value: { properties: assignments(f.structured_properties) } });
  }
  if (entry.tags) changes.push({ entityUrn: urn, aspectName: 'globalTags', value: { tags: entry.tags.map((t) => ({ tag: t.startsWith('urn:li:tag:') ? t : `urn:li:tag:${t}` })) } });
  if (entry.structured_properties) changes.push({ entityUrn: urn, aspectName: 'structuredProperties', value: { properties: assignments(entry.structured_properties) } });

  const referenced = [entry.structured_properties, ...fields.map((f) => f.structured_properties)].flatMap((m) => Object.keys(m ?? {}).map(propertyUrnOf));
  return { urn, changes, propertyUrns: [...new Set(referenced)] };
}

/** Parses a dataset file (one mapping or a list) or refuses it with every problem: file name, entry and field. */
export function parseDatasetFile(file: string, raw: unknown): DatasetPlan[] {
  if (raw === null || raw === undefined) throw new CliError(`${file}: the file is empty; expected a dataset (id, platform, …) or a list of them`);
  const items = Array.isArray(raw) ? raw : [raw];
  const problems: FileProblem[] = [];
  const plans: DatasetPlan[] = [];
  items.forEach((item, i) => {
    const id = entryIdOf(item);
    if (!item || typeof item !== 'object' || Array.isArray(item)) {
      return void problems.push({ entry: i + 1, field: '(entry)', message: 'must be a mapping with id, platform, schema, …' });
    }
    const parsed = DatasetEntrySchema.safeParse(item);
    if (!parsed.success) return void problems.push(...zodProblems(parsed.error, i + 1, id));
    const p = plan(parsed.data, (field, message) => problems.push({ entry: i + 1, entryId: id, field, message }));
    if (p) plans.push(p);
  });
  if (problems.length > 0) refuseFile(file, problems);
  return plans;
}
