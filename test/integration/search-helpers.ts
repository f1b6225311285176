/** Shared steps of the search integration tests: definitions, datasets, values and the three ways to search. */
import { expect } from 'vitest';
import { enc, type TestApp } from './harness.js';

export const NUMBER = 'urn:li:dataType:service.number';
export const STRING = 'urn:li:dataType:service.string';
export const DATE = 'urn:li:dataType:service.date';
export const RICH_TEXT = 'urn:li:dataType:service.rich_text';
export const DATASET_TYPE = 'urn:li:entityType:service.dataset';

export const propertyUrn = (qn: string) => `urn:li:structuredProperty:${qn}`;
export const datasetUrn = (name: string) => `urn:li:dataset:(urn:li:dataPlatform:hive,${name},PROD)`;

export async function defineProperty(app: TestApp, qn: string, valueType: string, extra: Record<string, unknown> = {}): Promise<string> {
  const urn = propertyUrn(qn);
  const value = { qualifiedName: qn, valueType, cardinality: 'SINGLE', entityTypes: [DATASET_TYPE], ...extra };
  const r = await app.post(`/openapi/v3/entity/structuredProperty/${enc(urn)}/propertyDefinition?createIfNotExists=false`, { value });
  expect(r.status, r.text).toBe(200);
  return urn;
}

export async function createDataset(app: TestApp, name: string, props: Record<string, unknown> = {}): Promise<string> {
  const urn = datasetUrn(name);
  const r = await app.post(`/openapi/v3/entity/dataset/${enc(urn)}/datasetProperties?createIfNotExists=false`, { value: { name, ...props } });
  expect(r.status, r.text).toBe(200);
  return urn;
}

/** Writes one aspect of an existing or new dataset through REST v3. */
export async function putAspect(app: TestApp, urn: string, aspect: string, value: unknown): Promise<void> {
  const r = await app.post(`/openapi/v3/entity/dataset/${enc(urn)}/${aspect}?createIfNotExists=false`, { value });
  expect(r.status, r.text).toBe(200);
}

/** A schemaMetadata aspect with string columns at these paths. */
export const schemaOf = (...paths: string[]) => ({
  schemaName: 's', platform: 'urn:li:dataPlatform:hive', version: 0, hash: '', platformSchema: { 'com.linkedin.schema.OtherSchema': { rawSchema: '' } },
  fields: paths.map((fieldPath) => ({ fieldPath, nativeDataType: 'string', type: { type: { 'com.linkedin.schema.StringType': {} } } })),
});

export type Value = { double: number } | { string: string };

export async function setValues(app: TestApp, dataset: string, values: Record<string, Value[]>, query = 'createIfNotExists=false'): Promise<void> {
  const properties = Object.entries(values).map(([propertyUrn, vs]) => ({ propertyUrn, values: vs }));
  const r = await app.post(`/openapi/v3/entity/dataset/${enc(dataset)}/structuredProperties?${query}`, { value: { properties } });
  expect(r.status, r.text).toBe(200);
}

export const SCROLL = `query scroll($input: ScrollAcrossEntitiesInput!) {
  scrollAcrossEntities(input: $input) { nextScrollId count total searchResults { entity { urn type } } }
}`;

export const AGGREGATE = `query agg($input: AggregateAcrossEntitiesInput!) {
  aggregateAcrossEntities(input: $input) { facets { field displayName entity { urn type } aggregations { value count entity { urn } } } }
}`;

export type Criterion = { field: string; condition?: string; values?: string[]; negated?: boolean };

/** Runs scrollAcrossEntities over datasets; returns the sorted URNs, or throws with the GraphQL errors. */
export async function scrollUrns(app: TestApp, and: Criterion[], extra: Record<string, unknown> = {}): Promise<string[]> {
  const res = await app.graphql(SCROLL, { input: { types: ['DATASET'], query: '*', count: 100, orFilters: [{ and }], ...extra } });
  if (res.errors) throw new Error(`${res.errors[0].extensions?.type}: ${res.errors[0].message}`);
  return res.data.scrollAcrossEntities.searchResults.map((r: any) => r.entity.urn).sort();
}

/** The GraphQL error a filter earns (type and message). */
export async function scrollError(app: TestApp, and: Criterion[]): Promise<{ type: string; code: number; message: string }> {
  const res = await app.graphql(SCROLL, { input: { types: ['DATASET'], query: '*', count: 10, orFilters: [{ and }] } });
  expect(res.errors, JSON.stringify(res.data)).toBeDefined();
  return { type: res.errors[0].extensions.type, code: res.errors[0].extensions.code, message: res.errors[0].message };
}

/** GET /openapi/v3/entity/dataset with a raw (already percent-encoded) query parameter. */
export async function restSearch(app: TestApp, encodedQuery: string, extra = '') {
  return app.get(`/openapi/v3/entity/dataset?aspects=datasetKey&aspects=structuredProperties&count=50&sort=urn&sortOrder=ASCENDING&query=${encodedQuery}${extra}`);
}

export async function restUrns(app: TestApp, query: string, extra = ''): Promise<string[]> {
  const r = await restSearch(app, encodeURIComponent(query), extra);
  expect(r.status, r.text).toBe(200);
  return r.body.entities.map((e: any) => e.urn).sort();
}
