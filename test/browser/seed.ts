/** A small catalog for the browser tests and screenshots: tags, two structured properties and datasets with columns. */
import type { TestApp } from '../integration/harness.js';

/** What seeding needs of an app: the test harness's app, or a running service reached over HTTP. */
export type SeedTarget = Pick<TestApp, 'request' | 'graphql' | 'refresh'>;
const enc = encodeURIComponent;

export const TIER = 'urn:li:structuredProperty:io.acme.privacy.tier';
export const RETENTION = 'urn:li:structuredProperty:io.acme.retentionDays';
export const datasetUrn = (platform: string, name: string) => `urn:li:dataset:(urn:li:dataPlatform:${platform},${name},PROD)`;

export const DATASETS = [
  { platform: 'hive', name: 'sales.orders', description: 'Every order placed in the web shop', tags: ['pii', 'gold'], tier: ['internal'], retention: 90, columns: ['order_id', 'customer_email', 'amount'] },
  { platform: 'hive', name: 'sales.customers', description: 'Customer master data', tags: ['pii'], tier: ['secret'], retention: 365, columns: ['customer_id', 'email', 'country'] },
  { platform: 'mysql', name: 'shop.products', description: 'Product catalogue', tags: ['gold'], tier: ['public'], retention: 30, columns: ['sku', 'title', 'price'] },
  { platform: 'mysql', name: 'shop.inventory', description: 'Stock per warehouse', tags: [], tier: ['internal'], retention: 30, columns: ['sku', 'warehouse', 'quantity'] },
  { platform: 'kafka', name: 'events.clicks', description: 'Click stream of the web shop', tags: [], tier: [], retention: undefined, columns: ['ts', 'session', 'url'] },
] as const;

async function ok(app: SeedTarget, method: string, path: string, body?: unknown): Promise<void> {
  const r = await app.request(method, path, body);
  if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${r.text}`);
}

async function gqlOk(app: SeedTarget, query: string, variables?: Record<string, unknown>): Promise<any> {
  const r = await app.graphql(query, variables);
  if (r.errors) throw new Error(JSON.stringify(r.errors));
  return r.data;
}

export async function defineProperties(app: SeedTarget): Promise<void> {
  const types = ['urn:li:entityType:service.dataset', 'urn:li:entityType:service.schemaField'];
  await ok(app, 'POST', `/openapi/v3/entity/structuredProperty/${enc(TIER)}/propertyDefinition?createIfNotExists=false`, {
    value: {
      qualifiedName: 'io.acme.privacy.tier',
      displayName: 'Privacy tier',
      description: 'Who may read the data',
      valueType: 'urn:li:dataType:service.string',
      cardinality: 'MULTIPLE',
      entityTypes: types,
      allowedValues: [
        { value: { string: 'public' }, description: 'Anyone' },
        { value: { string: 'internal' }, description: 'Employees' },
        { value: { string: 'secret' }, description: 'Named people only' },
      ],
    },
  });
  await ok(app, 'POST', `/openapi/v3/entity/structuredProperty/${enc(RETENTION)}/propertyDefinition?createIfNotExists=false`, {
    value: {
      qualifiedName: 'io.acme.retentionDays',
      displayName: 'Retention (days)',
      description: 'How long rows are kept',
      valueType: 'urn:li:dataType:service.number',
      cardinality: 'SINGLE',
      entityTypes: types,
    },
  });
}

/** A schemaMetadata aspect with string columns at these paths. */
export const schemaMetadataOf = (platform: string, name: string, columns: readonly string[]) => ({
  schemaName: name,
  platform: `urn:li:dataPlatform:${platform}`,
  version: 0,
  hash: '',
  platformSchema: { 'com.linkedin.schema.Schemaless': {} },
  fields: columns.map((fieldPath) => ({ fieldPath, type: { type: { 'com.linkedin.schema.StringType': {} } }, nativeDataType: 'string' })),
});

export async function seedCatalog(app: SeedTarget): Promise<void> {
  await defineProperties(app);
  for (const [id, name, description] of [
    ['pii', 'PII', 'Personal data'],
    ['gold', 'Gold', 'Curated and trusted'],
  ]) {
    await gqlOk(app, 'mutation($input: CreateTagInput!) { createTag(input: $input) }', { input: { id, name, description } });
  }
  await gqlOk(app, 'mutation { setTagColor(urn: "urn:li:tag:pii", colorHex: "#d64545") }');
  await gqlOk(app, 'mutation { setTagColor(urn: "urn:li:tag:gold", colorHex: "#c9a227") }');
  for (const d of DATASETS) {
    const urn = datasetUrn(d.platform, d.name);
    const base = `/openapi/v3/entity/dataset/${enc(urn)}`;
    await ok(app, 'POST', `${base}/datasetProperties?createIfNotExists=false`, { value: { name: d.name, description: d.description } });
    await ok(app, 'POST', `${base}/schemaMetadata?createIfNotExists=false`, {
      value: schemaMetadataOf(d.platform, d.name, d.columns),
    });
    if (d.tags.length) await ok(app, 'POST', `${base}/globalTags?createIfNotExists=false`, { value: { tags: d.tags.map((t) => ({ tag: `urn:li:tag:${t}` })) } });
    const properties = [
      ...(d.tier.length ? [{ propertyUrn: TIER, values: d.tier.map((string) => ({ string })) }] : []),
      ...(d.retention !== undefined ? [{ propertyUrn: RETENTION, values: [{ double: d.retention }] }] : []),
    ];
    if (properties.length) await ok(app, 'POST', `${base}/structuredProperties?createIfNotExists=false`, { value: { properties } });
  }
  await app.refresh();
}
