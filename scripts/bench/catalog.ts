/** The generated catalog (pure and deterministic): property definitions in groups of five kinds, and dataset batch items. */

const DATASET_TYPE = 'urn:li:entityType:service.dataset';
const TYPE = (t: string) => `urn:li:dataType:service.${t}`;
export const TIERS = ['gold', 'silver', 'bronze', 'iron'];
const PLATFORMS = ['hive', 'snowflake', 'postgres', 'kafka'];
const COLUMN_KINDS = ['StringType', 'NumberType', 'DateType', 'BooleanType'];

/** The five kinds every group has: number, string with allowed values, date, urn, MULTIPLE string. */
export const KINDS = ['retention', 'tier', 'reviewed', 'steward', 'labels'] as const;
export type Kind = (typeof KINDS)[number];

export const qualifiedName = (group: number, kind: Kind) => `bench.g${group}.${kind}`;
export const propertyUrn = (group: number, kind: Kind) => `urn:li:structuredProperty:${qualifiedName(group, kind)}`;
/** The OpenSearch field of a property's values (`.` → `_`, as the storage design says). */
export const propertyField = (group: number, kind: Kind) => `structuredProperties.${qualifiedName(group, kind).replace(/\./g, '_')}`;
export const groupsOf = (definitions: number) => Math.max(1, Math.floor(definitions / KINDS.length));

export interface Definition {
  urn: string;
  value: Record<string, unknown>;
}

/** Definition number `n` (0-based): group n / 5, kind n % 5. */
export function definition(n: number): Definition {
  const group = Math.floor(n / KINDS.length);
  const kind = KINDS[n % KINDS.length];
  const base = { qualifiedName: qualifiedName(group, kind), entityTypes: [DATASET_TYPE], displayName: `${kind} (${group})` };
  const byKind: Record<Kind, Record<string, unknown>> = {
    retention: { valueType: TYPE('number'), cardinality: 'SINGLE', description: 'Retention in days' },
    tier: { valueType: TYPE('string'), cardinality: 'SINGLE', allowedValues: TIERS.map((t) => ({ value: { string: t } })) },
    reviewed: { valueType: TYPE('date'), cardinality: 'SINGLE' },
    steward: { valueType: TYPE('urn'), cardinality: 'SINGLE' },
    labels: { valueType: TYPE('string'), cardinality: 'MULTIPLE' },
  };
  return { urn: propertyUrn(group, kind), value: { ...base, ...byKind[kind] } };
}

export const datasetTag = (i: number, which: 0 | 1) => (which === 0 ? `urn:li:tag:bench.domain_${i % 10}` : `urn:li:tag:bench.quality_${i % 7}`);
export const columnTag = (i: number) => `urn:li:tag:bench.pii_${i % 5}`;
export const allTags = (): string[] => [
  ...Array.from({ length: 10 }, (_, i) => datasetTag(i, 0)),
  ...Array.from({ length: 7 }, (_, i) => datasetTag(i, 1)),
  ...Array.from({ length: 5 }, (_, i) => columnTag(i)),
];

export const datasetUrn = (name: string, i: number) => `urn:li:dataset:(urn:li:dataPlatform:${PLATFORMS[i % PLATFORMS.length]},${name},PROD)`;
export const catalogName = (i: number) => `bench.db${i % 100}.table_${i}`;

/** The retention value of dataset i: 0…99, spread evenly. */
export const retentionOf = (i: number) => (i * 37) % 100;

function column(i: number, c: number) {
  const kind = COLUMN_KINDS[(i + c) % COLUMN_KINDS.length];
  return {
    fieldPath: `col_${String(c).padStart(2, '0')}`,
    type: { type: { [`com.linkedin.schema.${kind}`]: {} } },
    nativeDataType: kind.replace('Type', '').toLowerCase(),
    description: `Column ${c} of table ${i}`,
    ...(c === 0 ? { globalTags: { tags: [{ tag: columnTag(i) }] } } : {}),
  };
}

/** Aspects of dataset i without structured properties, in the REST v3 batch item shape. */
export function datasetAspects(i: number, name = catalogName(i)) {
  const platform = `urn:li:dataPlatform:${PLATFORMS[i % PLATFORMS.length]}`;
  return {
    datasetProperties: {
      value: {
        name: name.split('.').pop(),
        description: `Table ${i} of database db${i % 100}: orders, customers and their shipments, refreshed daily.`,
        customProperties: { owner_team: `team_${i % 20}`, sla: i % 3 === 0 ? 'hourly' : 'daily' },
      },
    },
    schemaMetadata: {
      value: {
        schemaName: name, platform, version: 0, hash: '', platformSchema: { 'com.linkedin.schema.Schemaless': {} },
        fields: Array.from({ length: 20 }, (_, c) => column(i, c)),
      },
    },
    globalTags: { value: { tags: [{ tag: datasetTag(i, 0) }, { tag: datasetTag(i, 1) }] } },
  };
}

/** Values of dataset i for the five properties of its group. */
export function structuredPropertiesOf(i: number, groups: number) {
  const g = i % groups;
  const day = new Date(Date.UTC(2024, 0, 1) + (i % 700) * 86_400_000).toISOString().slice(0, 10);
  return {
    value: {
      properties: [
        { propertyUrn: propertyUrn(g, 'retention'), values: [{ double: retentionOf(i) }] },
        { propertyUrn: propertyUrn(g, 'tier'), values: [{ string: TIERS[i % TIERS.length] }] },
        { propertyUrn: propertyUrn(g, 'reviewed'), values: [{ string: day }] },
        { propertyUrn: propertyUrn(g, 'steward'), values: [{ string: `urn:li:corpuser:steward_${i % 50}` }] },
        { propertyUrn: propertyUrn(g, 'labels'), values: [{ string: `label_${i % 6}` }, { string: `label_${(i + 2) % 6}` }] },
      ],
    },
  };
}

/**
 * One REST v3 batch item. `create` holds the aspects that create an entity, `annotate` those that need it to exist
 * (globalTags, structuredProperties): a two-pass load while Tessera refuses both kinds in one item.
 */
export function datasetItem(i: number, groups: number, opts: { name?: string; part?: 'all' | 'create' | 'annotate' } = {}) {
  const name = opts.name ?? catalogName(i);
  const { globalTags, ...creating } = datasetAspects(i, name);
  const annotating = { globalTags, structuredProperties: structuredPropertiesOf(i, groups) };
  const part = opts.part ?? 'all';
  return { urn: datasetUrn(name, i), ...(part !== 'annotate' ? creating : {}), ...(part !== 'create' ? annotating : {}) };
}
