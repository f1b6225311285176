/** The dataset YAML file of `tessera dataset upsert` (the original's format): one dataset or a list, turned into the aspect changes that write it. */
import { datasetUrn, parseEntityUrn, schemaFieldUrn } from '../model/urn.js';
import type { AspectChange } from '../sdk/emitter.js';
import { readAvroSchema } from './avro-schema.js';
import { domainUrn, glossaryTermsOf, ownershipOf, schemaMetadataOf, tagUrn, upstreamPatchOf } from './dataset-aspects.js';
import { DatasetEntrySchema, type DatasetEntry, type FieldEntry } from './dataset-entry.js';
import { CliError } from './cli-error.js';
import { entryIdOf, refuseFile, zodProblems, type FileProblem } from './file-problems.js';

export { FIELD_TYPES } from './dataset-entry.js';

/** Where in the file a structured property assignment comes from, for messages. */
export interface AssignmentSource {
  entityUrn: string;
  /** The column's field path, for a column-level assignment. */
  column?: string;
  /** The file's key holding it: `structured_properties.<key>` or `schema.fields[i].structured_properties.<key>`. */
  field: string;
  propertyUrn: string;
  values: { string?: string; double?: number }[];
}

export interface DatasetPlan {
  urn: string;
  /** 1-based position in the file, and a readable id, for messages. */
  entry: number;
  entryId?: string;
  changes: AspectChange[];
  /** Every structured property URN the dataset or its fields reference. */
  propertyUrns: string[];
  assignmentSources: AssignmentSource[];
}

type Problem = (field: string, message: string) => void;

const propertyUrnOf = (key: string) => (key.startsWith('urn:li:structuredProperty:') ? key : `urn:li:structuredProperty:${key}`);
const valueOf = (v: string | number | boolean) => (typeof v === 'number' ? { double: v } : { string: String(v) });
const defined = <T extends object>(o: T): Partial<T> => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

function assignments(map: Record<string, unknown> | undefined) {
  return Object.entries(map ?? {}).map(([key, v]) => ({
    key,
    propertyUrn: propertyUrnOf(key),
    values: (Array.isArray(v) ? v : [v]).map(valueOf),
  }));
}

const stored = (list: ReturnType<typeof assignments>) => ({ properties: list.map(({ propertyUrn, values }) => ({ propertyUrn, values })) });

function urnOf(entry: DatasetEntry, problem: Problem): string | undefined {
  let urn = entry.urn;
  if (!urn) {
    if (!entry.id) return void problem('id', 'either id (with platform) or urn is required');
    if (!entry.platform) return void problem('platform', 'is required with id (e.g. hive, or urn:li:dataPlatform:hive)');
    urn = datasetUrn(entry.platform, entry.id, entry.env ?? 'PROD');
  }
  try {
    parseEntityUrn(urn);
    if (!urn.startsWith('urn:li:dataset:')) return void problem('urn', `${urn} is not a dataset urn`);
  } catch (e) {
    return void problem(entry.urn ? 'urn' : 'env', (e as Error).message);
  }
  return urn;
}

/** The file's fields: those of the `.avsc` schema it names, completed by the YAML's fields of the same id, or the YAML's own. */
function fieldsOf(file: string, entry: DatasetEntry, problem: Problem): { fields: FieldEntry[]; raw: string } | undefined {
  const listed = entry.schema?.fields ?? [];
  if (!entry.schema?.file) return { fields: listed, raw: entry.schema?.raw_schema ?? '' };
  let avro;
  try {
    avro = readAvroSchema(file, entry.schema.file);
  } catch (e) {
    return void problem('schema.file', (e as Error).message);
  }
  const byId = new Map(avro.fields.map((f) => [f.id, f]));
  listed.forEach((f, i) => {
    const known = byId.get(f.id);
    if (!known) problem(`schema.fields[${i}].id`, `Field ${f.id} not found in the schema file ${entry.schema!.file}`);
    else byId.set(f.id, { ...known, ...defined(f) });
  });
  return { fields: [...byId.values()], raw: avro.text };
}

function plan(file: string, entry: DatasetEntry, problem: Problem): Omit<DatasetPlan, 'entry' | 'entryId'> | undefined {
  const urn = urnOf(entry, problem);
  const schema = fieldsOf(file, entry, problem);
  if (!urn || !schema) return undefined;
  const { parts } = parseEntityUrn(urn);
  const [platformUrn, name, env] = [parts[0], parts.slice(1, -1).join(','), parts[parts.length - 1]];
  const { fields } = schema;
  const typed = fields.filter((f) => f.type).length;
  if (typed > 0 && typed < fields.length) return void problem('schema.fields', 'Either all fields must have type information or none of them should');
  const owners = entry.owners && ownershipOf(entry.owners);
  if (owners?.problem) return void problem(`owners[${owners.problem.index}].type`, owners.problem.message);

  const changes: AspectChange[] = [];
  const add = (aspectName: string, value: unknown, entityUrn = urn) => changes.push({ entityUrn, aspectName, value });
  const props: { op: 'add'; path: string; value: unknown }[] = [{ op: 'add', path: '/name', value: entry.name ?? entry.id ?? name }];
  if (entry.description !== undefined) props.push({ op: 'add', path: '/description', value: entry.description });
  if (entry.external_url !== undefined) props.push({ op: 'add', path: '/externalUrl', value: entry.external_url });
  if (entry.properties) props.push({ op: 'add', path: '/customProperties', value: Object.fromEntries(Object.entries(entry.properties).map(([k, v]) => [k, String(v)])) });
  // A patch keeps what the file does not mention (and creates the dataset when it is new).
  changes.push({ entityUrn: urn, aspectName: 'datasetProperties', changeType: 'PATCH', value: props });
  if (typed > 0) add('schemaMetadata', schemaMetadataOf(name, platformUrn, schema.raw, fields));
  const sources: AssignmentSource[] = [];
  const listedIndex = new Map((entry.schema?.fields ?? []).map((f, i) => [f.id, i]));
  for (const f of fields.filter((x) => x.structured_properties)) {
    const fieldUrn = schemaFieldUrn(urn, f.id);
    const list = assignments(f.structured_properties);
    add('structuredProperties', stored(list), fieldUrn);
    const at = listedIndex.has(f.id) ? `schema.fields[${listedIndex.get(f.id)}]` : `schema.fields(${f.id})`;
    for (const a of list) sources.push({ entityUrn: fieldUrn, column: f.id, field: `${at}.structured_properties.${a.key}`, propertyUrn: a.propertyUrn, values: a.values });
  }
  const subtypes = [entry.subtype, ...(entry.subtypes ?? [])].filter((s): s is string => !!s);
  if (subtypes.length > 0) add('subTypes', { typeNames: subtypes });
  if (entry.tags) add('globalTags', { tags: entry.tags.map((t) => ({ tag: tagUrn(t) })) });
  if (entry.glossary_terms) add('glossaryTerms', glossaryTermsOf(entry.glossary_terms));
  if (owners?.value) add('ownership', owners.value);
  if (entry.domains) add('domains', { domains: entry.domains.map(domainUrn) });
  if (entry.structured_properties) {
    const list = assignments(entry.structured_properties);
    add('structuredProperties', stored(list));
    for (const a of list) sources.push({ entityUrn: urn, field: `structured_properties.${a.key}`, propertyUrn: a.propertyUrn, values: a.values });
  }
  for (const d of entry.downstreams ?? []) {
    const downstream = d.startsWith('urn:li:') ? d : datasetUrn(platformUrn, d, env);
    if (!downstream.startsWith('urn:li:dataset:')) return void problem('downstreams', `${d} is not a dataset urn`);
    changes.push({ entityUrn: downstream, aspectName: 'upstreamLineage', changeType: 'PATCH', value: upstreamPatchOf(urn) });
  }

  const referenced = [entry.structured_properties, ...fields.map((f) => f.structured_properties)].flatMap((m) => Object.keys(m ?? {}).map(propertyUrnOf));
  return { urn, changes, propertyUrns: [...new Set(referenced)], assignmentSources: sources };
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
    const p = plan(file, parsed.data, (field, message) => problems.push({ entry: i + 1, entryId: id, field, message }));
    if (p) plans.push({ ...p, entry: i + 1, entryId: id });
  });
  if (problems.length > 0) refuseFile(file, problems);
  return plans;
}
