/**
 * The structured property YAML file of `tessera properties`: entries to `propertyDefinition` aspects (and their
 * `constraints:` to `structuredPropertyConstraints`) and back.
 */
import { z } from 'zod';
import { entityTypeUrn, entityTypeUrnToName, findEntityType } from '../model/entity-types.js';
import { isValueKind, VALUE_KINDS, valueTypeUrn } from '../model/value-types.js';
import type { PropertyDefinition } from '../model/aspects/property-definition.js';
import { CliError } from './cli-error.js';
import { entryIdOf, refuseFile, zodProblems, type FileProblem } from './file-problems.js';
import { platformUrnOf, rulesEntry, RulesEntrySchema, type Rules, type RulesEntry } from './property-rules.js';
import type { StructuredPropertyConstraints } from '../model/aspects/structured-property-constraints.js';
import type { MigrationSpec } from '../catalog/structured-properties/value-migration.js';

const STRUCTURED_PROPERTY_PREFIX = 'urn:li:structuredProperty:';

const scalar = z.union([z.string(), z.number()]);
const text = (field: string) => z.union([z.string(), z.number()], { error: `${field} must be text` }).transform(String);

export const PropertyEntrySchema = z.strictObject({
  id: text('id').optional(),
  urn: z.string().optional(),
  qualified_name: text('qualified_name').optional(),
  type: z.string({ error: 'type is required (string, rich_text, number, date, urn or a urn:li:dataType:… urn)' }),
  cardinality: z.string().optional(),
  display_name: z.string().optional(),
  entity_types: z.array(z.string(), { error: 'entity_types is required: a list such as [dataset]' }),
  description: z.string().optional(),
  allowed_values: z.array(z.strictObject({ value: scalar, description: z.string().optional() })).optional(),
  version: text('version').optional(),
  immutable: z.boolean().optional(),
  type_qualifier: z.strictObject({ allowed_types: z.array(z.string()) }).optional(),
  constraints: RulesEntrySchema.nullable().optional(),
  /** With a new `version`: how values of the old version become values of the new one (see value-migration.ts). */
  migration: z
    .strictObject(
      {
        values: z.record(z.string(), scalar.nullable(), { error: 'migration.values must be a mapping of old value: new value (null drops it)' }).optional(),
        cardinality: z.enum(['KEEP_FIRST', 'KEEP_ALL', 'DROP'], { error: 'migration.cardinality must be KEEP_FIRST, KEEP_ALL or DROP' }).optional(),
      },
      { error: 'migration must be a mapping with values (old: new) and/or cardinality' },
    )
    .optional(),
});
export type PropertyEntry = z.input<typeof PropertyEntrySchema>;

/** One entry read: the URN, its definition and its rules (undefined: leave the stored rules alone; null: clear them). */
export interface ParsedProperty {
  urn: string;
  definition: PropertyDefinition;
  constraints?: Rules | null;
  /** The entry's `migration:`, as the migrations endpoint takes it. */
  migration?: MigrationSpec;
}

/** A problem in one entry, naming the field at fault. */
export class EntryProblem extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

function toValueTypeUrn(type: string): string {
  if (type.startsWith('urn:li:dataType:')) return type;
  const lower = type.toLowerCase();
  if (!isValueKind(lower)) throw new EntryProblem('type', `Type ${type} is not allowed. Allowed types are ${VALUE_KINDS.join(', ')}`);
  return valueTypeUrn(lower);
}

function toEntityTypeUrn(field: string, name: string): string {
  if (name.startsWith('urn:li:entityType:')) {
    if (!entityTypeUrnToName(name)) throw new EntryProblem(field, `${name} is not a known entity type urn`);
    return name;
  }
  const def = findEntityType(name);
  if (!def) throw new EntryProblem(field, `${name} is not a known entity type (e.g. dataset, dataFlow, dataJob, schemaField)`);
  return entityTypeUrn(def.name);
}

/** The rules of a `constraints:` mapping, names made URNs; `null` and `{}` both clear the rules. */
function toRules(entry: RulesEntry | null): Rules | null {
  if (entry === null || Object.keys(entry).length === 0) return null;
  const rules: Rules = { ...entry };
  if (entry.requiredEntityTypes) rules.requiredEntityTypes = entry.requiredEntityTypes.map((t, i) => toEntityTypeUrn(`constraints.requiredEntityTypes[${i}]`, t));
  if (entry.requiredPlatforms) {
    rules.requiredPlatforms = entry.requiredPlatforms.map((p, i) => {
      const urn = platformUrnOf(p);
      if (!urn) throw new EntryProblem(`constraints.requiredPlatforms[${i}]`, `${p} is not a data platform (a name such as hive, or urn:li:dataPlatform:hive)`);
      return urn;
    });
  }
  return rules;
}

/** The URN an entry addresses, the definition it writes and its rules; throws EntryProblem. */
export function toDefinition(entry: z.output<typeof PropertyEntrySchema>): ParsedProperty {
  if (!entry.id && !entry.urn) throw new EntryProblem('id', 'either id or urn is required');
  let urn: string;
  if (entry.urn) {
    if (!entry.urn.startsWith(STRUCTURED_PROPERTY_PREFIX) || entry.urn.length === STRUCTURED_PROPERTY_PREFIX.length) {
      throw new EntryProblem('urn', `must be ${STRUCTURED_PROPERTY_PREFIX}<qualified name>, got ${entry.urn}`);
    }
    urn = entry.urn;
    if (entry.qualified_name === undefined) throw new EntryProblem('qualified_name', 'is required when urn is given');
    if (entry.id !== undefined && `${STRUCTURED_PROPERTY_PREFIX}${entry.id}` !== urn) throw new EntryProblem('id', `${entry.id} does not match urn ${urn}`);
  } else urn = `${STRUCTURED_PROPERTY_PREFIX}${entry.id}`;
  const qualifiedName = urn.slice(STRUCTURED_PROPERTY_PREFIX.length);
  if (entry.qualified_name !== undefined && entry.qualified_name !== qualifiedName) {
    throw new EntryProblem('qualified_name', `${entry.qualified_name} must equal the urn id ${qualifiedName}`);
  }
  const valueType = toValueTypeUrn(entry.type);
  const isNumber = /\.number$/.test(valueType);
  const definition: PropertyDefinition = { qualifiedName, valueType, entityTypes: entry.entity_types.map((t, i) => toEntityTypeUrn(`entity_types[${i}]`, t)) };
  if (entry.display_name !== undefined) definition.displayName = entry.display_name;
  if (entry.description !== undefined) definition.description = entry.description;
  // The record's default: a file without cardinality describes a single-valued property.
  const cardinality = (entry.cardinality ?? 'SINGLE').toUpperCase();
  if (cardinality !== 'SINGLE' && cardinality !== 'MULTIPLE') throw new EntryProblem('cardinality', `must be SINGLE or MULTIPLE, got ${entry.cardinality}`);
  definition.cardinality = cardinality;
  if (entry.allowed_values) {
    definition.allowedValues = entry.allowed_values.map((a, i) => {
      // A number property's allowed values are numbers; quoted numerals in the file are read as numbers too.
      if (isNumber && (typeof a.value === 'number' || (a.value.trim() !== '' && Number.isFinite(Number(a.value))))) {
        return { value: { double: Number(a.value) }, ...(a.description !== undefined ? { description: a.description } : {}) };
      }
      if (isNumber) throw new EntryProblem(`allowed_values[${i}].value`, `${a.value} is not a number`);
      return { value: { string: String(a.value) }, ...(a.description !== undefined ? { description: a.description } : {}) };
    });
  }
  if (entry.version !== undefined) definition.version = entry.version;
  if (entry.immutable !== undefined) definition.immutable = entry.immutable;
  if (entry.type_qualifier) {
    definition.typeQualifier = { allowedTypes: entry.type_qualifier.allowed_types.map((t, i) => toEntityTypeUrn(`type_qualifier.allowed_types[${i}]`, t)) };
  }
  const migration: MigrationSpec | undefined = entry.migration && {
    ...(entry.migration.values && { values: Object.entries(entry.migration.values).map(([from, to]) => ({ from, to })) }),
    ...(entry.migration.cardinality && { cardinality: entry.migration.cardinality }),
  };
  return { urn, definition, ...(entry.constraints !== undefined && { constraints: toRules(entry.constraints) }), ...(migration && { migration }) };
}

const shortValueType = (urn: string) => /^urn:li:dataType:(?:service|datahub)\.([a-z_]+)$/.exec(urn)?.[1] ?? urn;
const shortEntityType = (urn: string) => entityTypeUrnToName(urn) ?? urn;

/**
 * A stored definition as a file entry; `valuesAsText` prints allowed values as text (for display), else keeps numbers.
 * Stored rules (`constraints`), when given, become the entry's `constraints:`.
 */
export function toEntry(urn: string, d: PropertyDefinition, opts: { valuesAsText?: boolean; constraints?: StructuredPropertyConstraints } = {}): Record<string, unknown> {
  const entry: Record<string, unknown> = { urn, qualified_name: d.qualifiedName, type: shortValueType(d.valueType) };
  if (d.cardinality !== undefined) entry.cardinality = d.cardinality;
  if (d.displayName !== undefined) entry.display_name = d.displayName;
  entry.entity_types = d.entityTypes.map(shortEntityType);
  if (d.description !== undefined) entry.description = d.description;
  if (d.allowedValues) {
    entry.allowed_values = d.allowedValues.map((a) => {
      const raw = 'double' in a.value ? a.value.double : a.value.string;
      return { value: opts.valuesAsText ? String(raw) : raw, ...(a.description !== undefined ? { description: a.description } : {}) };
    });
  }
  if (d.version !== undefined) entry.version = d.version;
  if (d.immutable !== undefined) entry.immutable = d.immutable;
  if (d.typeQualifier?.allowedTypes) entry.type_qualifier = { allowed_types: d.typeQualifier.allowedTypes.map(shortEntityType) };
  const rules = rulesEntry(opts.constraints);
  if (rules) entry.constraints = rules;
  return entry;
}

/** Parses a whole file (a YAML list) or refuses it with every problem: file name, entry and field. */
export function parsePropertyFile(file: string, raw: unknown): ParsedProperty[] {
  if (!Array.isArray(raw)) {
    throw new CliError(`${file}: expected a YAML list of structured properties (each "- id: …"), got ${raw === null || raw === undefined ? 'an empty file' : typeof raw}`);
  }
  const problems: FileProblem[] = [];
  const out: ParsedProperty[] = [];
  raw.forEach((item, i) => {
    const id = entryIdOf(item);
    if (!item || typeof item !== 'object' || Array.isArray(item)) {
      problems.push({ entry: i + 1, field: '(entry)', message: 'must be a mapping of fields such as id, type, entity_types' });
      return;
    }
    const parsed = PropertyEntrySchema.safeParse(item);
    if (!parsed.success) return void problems.push(...zodProblems(parsed.error, i + 1, id));
    try {
      out.push(toDefinition(parsed.data));
    } catch (e) {
      if (!(e instanceof EntryProblem)) throw e;
      problems.push({ entry: i + 1, entryId: id, field: e.field, message: e.message });
    }
  });
  const seen = new Map<string, number>();
  out.forEach((p, i) => {
    if (seen.has(p.urn)) problems.push({ entry: i + 1, field: 'urn', message: `${p.urn} is also defined by entry ${seen.get(p.urn)! + 1}` });
    seen.set(p.urn, i);
  });
  if (problems.length > 0) refuseFile(file, problems);
  return out;
}
