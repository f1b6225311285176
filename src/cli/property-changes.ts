/**
 * What `tessera properties upsert` would do to each definition of a file: create it, leave it unchanged, update it, or
 * replace its version — which makes the server's clean-up job delete every value written under the old version, allowed
 * or not. For a version replacement, how many entities and values that drops, counted by the search index.
 */
import { dequal } from 'dequal';
import type { PropertyDefinition } from '../model/aspects/property-definition.js';
import type { TesseraClient } from '../sdk/client.js';
import { breakingChanges, checkDefinitionShape } from '../catalog/structured-properties/definition-rules.js';
import type { FileProblem } from './file-problems.js';

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

/** Reads every stored definition the file names (a few at a time) and plans each entry. */
export async function planChanges(client: TesseraClient, entries: { urn: string; definition: PropertyDefinition }[]): Promise<PlannedChange[]> {
  const planned: PlannedChange[] = new Array(entries.length);
  let next = 0;
  const lane = async () => {
    while (next < entries.length) {
      const i = next++;
      const { urn, definition } = entries[i];
      const stored = (await client.getEntity(urn, ['propertyDefinition']))?.aspects.propertyDefinition as PropertyDefinition | undefined;
      const kind = classify(stored, definition);
      planned[i] = { urn, definition, kind, previousVersion: stored?.version, stored };
      if (kind === 'new-version') planned[i].impact = await impactOf(client, stored!.qualifiedName);
    }
  };
  await Promise.all(Array.from({ length: Math.min(8, entries.length) }, lane));
  return planned;
}

export function describeImpact(c: PlannedChange): string {
  const { entities, values, valuesAtLeast } = c.impact!;
  const from = c.previousVersion ? `version ${c.previousVersion}` : 'the unversioned definition';
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

/** Every rule each planned definition breaks — its own shape, and breaking changes to the stored one — with entry and field. */
export function planProblems(planned: PlannedChange[]): FileProblem[] {
  return planned.flatMap((c, i) => {
    const urnId = c.urn.replace(/^urn:li:structuredProperty:/, '');
    const messages = [...checkDefinitionShape(urnId, c.definition), ...(c.stored ? breakingChanges(c.stored, c.definition) : [])];
    return messages.map((message) => ({ entry: i + 1, entryId: `id ${urnId}`, field: fileFieldOf(message), message }));
  });
}
