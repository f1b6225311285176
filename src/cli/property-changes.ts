/**
 * What `tessera properties upsert` would do to each definition of a file: create it, leave it unchanged, update it, or
 * replace its version — which makes the server's clean-up job delete every value written under the old version, allowed
 * or not. For a version replacement, how many entities and values that drops, counted by the search index. And what it
 * would do to the entry's rules (`constraints:`): set, clear or leave them, previewed by the server.
 */
import { dequal } from 'dequal';
import type { PropertyDefinition } from '../model/aspects/property-definition.js';
import type { StructuredPropertyConstraints } from '../model/aspects/structured-property-constraints.js';
import type { TesseraClient } from '../sdk/client.js';
import { breakingChanges, checkDefinitionShape } from '../catalog/structured-properties/definition-rules.js';
import { checkConstraintsShape } from '../catalog/structured-properties/constraint-rules.js';
import type { FileProblem } from './file-problems.js';
import type { ParsedProperty } from './property-file.js';
import { rulesFieldOf, sameRules, type Rules } from './property-rules.js';
import type { MigrationSpec } from '../catalog/structured-properties/value-migration.js';

export type ChangeKind = 'created' | 'unchanged' | 'updated' | 'new-version';

export interface PlannedChange {
  urn: string;
  definition: PropertyDefinition;
  kind: ChangeKind;
  /** The stored definition's version, for a new version. */
  previousVersion?: string;
  /** The definition as stored, when there is one. */
  stored?: PropertyDefinition;
  /** For a new version: entities holding a value, and their values (`valuesAtLeast` when more distinct values exist than were counted). */
  impact?: { entities: number; values: number; valuesAtLeast: boolean };
  /** The entry's rules, when it has `constraints:` (null clears them). */
  rules?: RulesPlan;
  /** The entry's `migration:`, and for a new version the server's dry run of it. */
  migration?: { spec: MigrationSpec; preview?: MigrationPreview };
}

/** The migrations endpoint's dry run (counts of what a new version keeps, maps, converts and drops). */
export interface MigrationPreview {
  entities: number;
  migrated: number;
  emptied: number;
  values: { kept: number; mapped: number; converted: number; dropped: number };
}

export const MIGRATIONS_PATH = '/openapi/v3/structuredProperties/migrations';

/** The body of a migration of `c`: its new version with the definition's breaking fields, its rules, its value map. */
export function migrationBody(c: PlannedChange, dryRun: boolean): Record<string, unknown> {
  const d = c.definition;
  const rules = c.rules?.change === 'set' ? { constraints: c.rules.next } : c.rules?.change === 'cleared' ? { constraints: null } : {};
  return { urn: c.urn, version: d.version, valueType: d.valueType, cardinality: d.cardinality, allowedValues: d.allowedValues ?? null, ...rules, migration: c.migration!.spec, dryRun };
}

export interface RulesPlan {
  next: Rules | null;
  change: 'set' | 'cleared' | 'unchanged';
  /** The server's preview of setting them (a property that exists, keeping its version): would they apply, which values break them. */
  preview?: RulesPreview;
}

export interface RulesPreview {
  applied: boolean;
  problems: string[];
  breaking: { entities: number; samples: string[] };
}

const withoutUndefined = (o: object) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

export function classify(stored: PropertyDefinition | undefined, next: PropertyDefinition): ChangeKind {
  if (!stored) return 'created';
  if (dequal(withoutUndefined(stored), withoutUndefined(next))) return 'unchanged';
  const replaces = next.version !== undefined && (stored.version === undefined || next.version.toLowerCase() > stored.version.toLowerCase());
  return replaces ? 'new-version' : 'updated';
}

const MAX_COUNTED_VALUES = 100;

/** Entities with a value of the property and how many values they hold, from one aggregation over every entity type. */
async function impactOf(client: TesseraClient, qualifiedName: string): Promise<PlannedChange['impact']> {
  const field = `structuredProperties.${qualifiedName}`;
  const data = await client.graphql<{ aggregateAcrossEntities: { facets: { entitiesWithValue: number; aggregations: { count: number }[] }[] } }>(
    `query impact($input: AggregateAcrossEntitiesInput!) { aggregateAcrossEntities(input: $input) { facets { entitiesWithValue aggregations { count } } } }`,
    { input: { query: '*', facets: [field], searchFlags: { maxAggValues: MAX_COUNTED_VALUES } } },
  );
  const facet = data.aggregateAcrossEntities.facets[0];
  const buckets = facet?.aggregations ?? [];
  return { entities: facet?.entitiesWithValue ?? 0, values: buckets.reduce((n, b) => n + b.count, 0), valuesAtLeast: buckets.length >= MAX_COUNTED_VALUES };
}

function rulesPlan(stored: StructuredPropertyConstraints | undefined, next: Rules | null): RulesPlan {
  return { next, change: sameRules(stored, next) ? 'unchanged' : next === null ? 'cleared' : 'set' };
}

const BREAKING = /is a breaking change/;
/** The rule checks the CLI runs itself against the file's definition (the server's preview judges the stored one). */
const SHAPE = /^Invalid structuredPropertyConstraints for /;

/**
 * The server's dry run of setting the rules of a property that exists and keeps its version (a new version starts with
 * no values, and a new property has none). Problems of the rules' shape are left to `planProblems` when the file also
 * changes the definition, as the server checks them against the stored one.
 */
async function previewRules(client: TesseraClient, c: PlannedChange): Promise<RulesPreview | undefined> {
  if (c.rules?.change !== 'set' || c.kind === 'created' || c.kind === 'new-version') return undefined;
  const res = await client.request<RulesPreview>('POST', '/openapi/v3/structuredProperties/constraints', { body: { urn: c.urn, constraints: c.rules.next, dryRun: true } });
  const problems = res.problems.filter((p) => !BREAKING.test(p) && (c.kind === 'unchanged' || !SHAPE.test(p)));
  return { applied: problems.length === 0 && res.breaking.entities === 0, problems, breaking: res.breaking };
}

/** Reads every stored definition (and its rules) the file names, a few at a time, and plans each entry. */
export async function planChanges(client: TesseraClient, entries: ParsedProperty[]): Promise<PlannedChange[]> {
  const planned: PlannedChange[] = new Array(entries.length);
  let next = 0;
  const lane = async () => {
    while (next < entries.length) {
      const i = next++;
      const { urn, definition, constraints, migration } = entries[i];
      const aspects = (await client.getEntity(urn, ['propertyDefinition', 'structuredPropertyConstraints']))?.aspects;
      const stored = aspects?.propertyDefinition as PropertyDefinition | undefined;
      const kind = classify(stored, definition);
      planned[i] = { urn, definition, kind, previousVersion: stored?.version, stored };
      if (kind === 'new-version') planned[i].impact = await impactOf(client, stored!.qualifiedName);
      if (constraints !== undefined) planned[i].rules = rulesPlan(aspects?.structuredPropertyConstraints as StructuredPropertyConstraints | undefined, constraints);
      if (migration) {
        planned[i].migration = { spec: migration };
        // Only a new version migrates; planProblems names an entry that asks without one.
        if (kind === 'new-version') planned[i].migration!.preview = await client.request<MigrationPreview>('POST', MIGRATIONS_PATH, { body: migrationBody(planned[i], true) });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(8, entries.length) }, lane));
  return planned;
}

export function describeImpact(c: PlannedChange): string {
  const { entities, values, valuesAtLeast } = c.impact!;
  const from = c.previousVersion ? `version ${c.previousVersion}` : 'the unversioned definition';
  const m = c.migration?.preview;
  if (m) {
    const v = m.values;
    return `${c.urn}: version ${c.definition.version} replaces ${from}: values of ${m.entities} entit${m.entities === 1 ? 'y' : 'ies'} migrated — ${m.migrated} keep a value, ${m.emptied} are left without; ${v.kept} values kept (${v.mapped} mapped, ${v.converted} converted), ${v.dropped} dropped`;
  }
  const what = entities === 0 ? 'no entity holds a value' : `the values of ${entities} entit${entities === 1 ? 'y' : 'ies'} (${valuesAtLeast ? 'at least ' : ''}${values} value${values === 1 ? '' : 's'}) will be deleted, allowed ones included`;
  return `${c.urn}: version ${c.definition.version} replaces ${from}: ${what}`;
}

/** The file's field a rule's message is about (the rules speak of the stored definition's fields). */
function fileFieldOf(message: string): string {
  const rules: [RegExp, string][] = [
    [/^Urn ID/, 'id'],
    [/^(Qualified names|qualifiedName|Cannot change the fully qualified name)/, 'qualified_name'],
    [/^(valueType|Value type)/, 'type'],
    [/^cardinality|cardinality cannot/i, 'cardinality'],
    [/^entityTypes/, 'entity_types'],
    [/^typeQualifier/, 'type_qualifier'],
    [/^allowed ?value|restrict values/i, 'allowed_values'],
    [/^(Invalid version|version)/, 'version'],
  ];
  return rules.find(([re]) => re.test(message))?.[1] ?? '(entry)';
}

/**
 * Every rule each planned definition breaks — its own shape, and breaking changes to the stored one — and every rule
 * its `constraints:` break against that definition, with entry and field.
 */
export function planProblems(planned: PlannedChange[]): FileProblem[] {
  return planned.flatMap((c, i) => {
    const urnId = c.urn.replace(/^urn:li:structuredProperty:/, '');
    const messages = [...checkDefinitionShape(urnId, c.definition), ...(c.stored ? breakingChanges(c.stored, c.definition) : [])];
    const rules = c.rules?.next;
    const ruleMessages = rules && c.rules!.change === 'set' ? checkConstraintsShape(c.definition, rules) : [];
    if (c.migration && c.kind !== 'new-version') messages.push('migration: a migration goes with a new version (raise `version` above the stored one)');
    return [
      ...messages.map((message) => ({ entry: i + 1, entryId: `id ${urnId}`, field: message.startsWith('migration:') ? 'migration' : fileFieldOf(message), message: message.replace(/^migration: /, '') })),
      ...ruleMessages.map((message) => ({ entry: i + 1, entryId: `id ${urnId}`, field: rulesFieldOf(message, rules!), message })),
    ];
  });
}

/** Previews every rule change the server can judge before anything is written (a few at a time), into each plan. */
export async function previewAllRules(client: TesseraClient, planned: PlannedChange[]): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < planned.length) {
      const c = planned[next++];
      const preview = await previewRules(client, c);
      if (preview) c.rules!.preview = preview;
    }
  };
  await Promise.all(Array.from({ length: Math.min(8, planned.length) }, lane));
}

/** What a preview says against the rules, in one phrase (undefined when they would apply). */
export function describeRefusal(p: RulesPreview): string | undefined {
  if (p.applied) return undefined;
  const { entities, samples } = p.breaking;
  const breaking = entities > 0 ? [`${entities} entit${entities === 1 ? 'y holds' : 'ies hold'} values that would break them (e.g. ${samples.join(', ')})`] : [];
  return [...breaking, ...p.problems].join('; ');
}

/** The rule changes the server's preview refuses, as problems of their entries (nothing is written then). */
export function rulesRefusals(planned: PlannedChange[]): FileProblem[] {
  return planned.flatMap((c, i) => {
    const preview = c.rules?.preview;
    const refusal = preview && describeRefusal(preview);
    if (!refusal) return [];
    const urnId = c.urn.replace(/^urn:li:structuredProperty:/, '');
    const fix = preview.breaking.entities > 0 ? '; fix those values first (for instance with `tessera import`), or give the definition a new version' : '';
    return [{ entry: i + 1, entryId: `id ${urnId}`, field: 'constraints', message: `${refusal}${fix}` }];
  });
}
