import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enc, startTestApp, type TestApp } from './harness.js';
import {
  AGGREGATE, createDataset, DATASET_TYPE, defineProperty, NUMBER, restSearch, restUrns, SCROLL, scrollUrns, setValues, STRING,
} from './search-helpers.js';

// The specification's structured property walkthrough (reference §5.1): search by GraphQL and REST, aggregation, versioned field.
const RETENTION = 'urn:li:structuredProperty:io.acryl.privacy.retentionTime';
const RETENTION02 = 'urn:li:structuredProperty:io.acryl.privacy.retentionTime02';
let app: TestApp;
let ds: string;
let other: string;

beforeAll(async () => {
  app = await startTestApp('search-walkthrough');
  await defineProperty(app, 'io.acryl.privacy.retentionTime', NUMBER, {
    cardinality: 'MULTIPLE',
    displayName: 'Retention Time',
    entityTypes: [DATASET_TYPE, 'urn:li:entityType:service.dataFlow'],
    allowedValues: [{ value: { double: 30 } }, { value: { double: 60 } }, { value: { double: 365 } }],
  });
  await defineProperty(app, 'io.acryl.privacy.retentionTime02', STRING, { allowedValues: [{ value: { string: 'foo2' } }, { value: { string: 'bar2' } }] });
  ds = await createDataset(app, 'fct_users_created');
  other = await createDataset(app, 'fct_users_deleted');
  await setValues(app, ds, { [RETENTION]: [{ double: 60 }], [RETENTION02]: [{ string: 'bar2' }] });
  await app.refresh();
});
afterAll(async () => app?.close());

describe('GraphQL scrollAcrossEntities (walkthrough)', () => {
  it('GREATER_THAN 45.0 on structuredProperties.io.acryl.privacy.retentionTime finds the dataset', async () => {
    const res = await app.graphql(SCROLL, {
      input: { types: 'DATASET', count: 10, query: '*', orFilters: { and: [{ field: 'structuredProperties.io.acryl.privacy.retentionTime', condition: 'GREATER_THAN', values: ['45.0'] }] } },
    });
    expect(res.errors).toBeUndefined();
    expect(res.data.scrollAcrossEntities.searchResults).toEqual([{ entity: { urn: ds, type: 'DATASET' } }]);
    expect(res.data.scrollAcrossEntities.nextScrollId).toBeNull();
  });

  it('EXISTS finds only the dataset carrying a value', async () => {
    expect(await scrollUrns(app, [{ field: 'structuredProperties.io.acryl.privacy.retentionTime', condition: 'EXISTS' }])).toEqual([ds]);
  });

  it('EQUAL bar2 on structuredProperties.io.acryl.privacy.retentionTime02', async () => {
    expect(await scrollUrns(app, [{ field: 'structuredProperties.io.acryl.privacy.retentionTime02', condition: 'EQUAL', values: ['bar2'] }])).toEqual([ds]);
    expect(await scrollUrns(app, [{ field: 'structuredProperties.io.acryl.privacy.retentionTime02', condition: 'EQUAL', values: ['foo2'] }])).toEqual([]);
  });

  it('full-text search does not look at structured property values', async () => {
    const res = await app.graphql(SCROLL, { input: { types: ['DATASET'], query: 'bar2', count: 10 } });
    expect(res.data.scrollAcrossEntities.searchResults).toEqual([]);
    const byName = await app.graphql(SCROLL, { input: { types: ['DATASET'], query: 'deleted', count: 10 } });
    expect(byName.data.scrollAcrossEntities.searchResults.map((r: any) => r.entity.urn)).toEqual([other]);
  });
});

describe('REST query-string search (walkthrough)', () => {
  it('structuredProperties.io_acryl_privacy_retentionTime%3A%3E45 (the percent-encoded form) answers {entities: [{urn, datasetKey, structuredProperties}]}', async () => {
    const r = await restSearch(app, 'structuredProperties.io_acryl_privacy_retentionTime%3A%3E45');
    expect(r.status, r.text).toBe(200);
    expect(r.body.entities).toEqual([
      {
        urn: ds,
        datasetKey: { value: { name: 'fct_users_created', platform: 'urn:li:dataPlatform:hive', origin: 'PROD' } },
        structuredProperties: {
          value: {
            properties: [
              { propertyUrn: RETENTION, values: [{ double: 60.0 }] },
              { propertyUrn: RETENTION02, values: [{ string: 'bar2' }] },
            ],
          },
        },
      },
    ]);
    expect(r.text).toContain('"double":60.0');
  });

  it('_exists_:structuredProperties.io_acryl_privacy_retentionTime (encoded and plain)', async () => {
    const r = await restSearch(app, '_exists_%3AstructuredProperties.io_acryl_privacy_retentionTime');
    expect(r.body.entities.map((e: any) => e.urn)).toEqual([ds]);
    expect(await restUrns(app, 'NOT _exists_:structuredProperties.io_acryl_privacy_retentionTime')).toEqual([other]);
  });

  it('ranges, quoted values and boolean operators', async () => {
    expect(await restUrns(app, 'structuredProperties.io_acryl_privacy_retentionTime:[60 TO 365]')).toEqual([ds]);
    expect(await restUrns(app, 'structuredProperties.io_acryl_privacy_retentionTime:{60 TO 365]')).toEqual([]);
    expect(await restUrns(app, 'structuredProperties.io_acryl_privacy_retentionTime02:"bar2"')).toEqual([ds]);
    expect(await restUrns(app, 'structuredProperties.io_acryl_privacy_retentionTime:<45 OR name:"fct_users_deleted"')).toEqual([other]);
    expect(await restUrns(app, 'structuredProperties.io_acryl_privacy_retentionTime:>45 AND structuredProperties.io_acryl_privacy_retentionTime02:bar2')).toEqual([ds]);
    expect(await restUrns(app, '*')).toEqual([ds, other].sort());
  });
});

describe('aggregateAcrossEntities (walkthrough)', () => {
  it('answers each structured property facet under its requested name, numbers as decimal text', async () => {
    const res = await app.graphql(AGGREGATE, {
      input: {
        types: [],
        facets: ['structuredProperties.io.acryl.privacy.retentionTime02', 'structuredProperties.io.acryl.privacy.retentionTime'],
        query: '*',
        orFilters: [],
        searchFlags: { maxAggValues: 100 },
      },
    });
    expect(res.errors).toBeUndefined();
    expect(res.data.aggregateAcrossEntities.facets).toEqual([
      {
        field: 'structuredProperties.io.acryl.privacy.retentionTime02',
        displayName: 'structuredProperties.io.acryl.privacy.retentionTime02',
        entity: { urn: RETENTION02, type: 'STRUCTURED_PROPERTY' },
        aggregations: [{ value: 'bar2', count: 1, entity: null }],
      },
      {
        field: 'structuredProperties.io.acryl.privacy.retentionTime',
        displayName: 'Retention Time',
        entity: { urn: RETENTION, type: 'STRUCTURED_PROPERTY' },
        aggregations: [{ value: '60.0', count: 1, entity: null }],
      },
    ]);
  });
});

describe('versioned field after a version bump', () => {
  it('searches structuredProperties._versioned.io_acryl_privacy_retentionTime02.20240614080000.string', async () => {
    await defineProperty(app, 'io.acryl.privacy.retentionTime02', STRING, {
      cardinality: 'MULTIPLE',
      version: '20240614080000',
      allowedValues: [{ value: { string: 'foo2' } }, { value: { string: 'bar2' } }],
    });
    await setValues(app, ds, { [RETENTION]: [{ double: 60 }], [RETENTION02]: [{ string: 'bar2' }, { string: 'foo2' }] });
    await app.refresh();
    const field = 'structuredProperties._versioned.io_acryl_privacy_retentionTime02.20240614080000.string';
    expect(await restUrns(app, `${field}:bar2`)).toEqual([ds]);
    expect(await restUrns(app, `_exists_:${field}`)).toEqual([ds]);
    expect(await restUrns(app, `${field}:nope`)).toEqual([]);
    // The GraphQL (dotted) name follows the definition to its current field.
    expect(await scrollUrns(app, [{ field: 'structuredProperties.io.acryl.privacy.retentionTime02', values: ['foo2'] }])).toEqual([ds]);
    // A field of another version is refused, naming the current one.
    const stale = await restSearch(app, encodeURIComponent('structuredProperties._versioned.io_acryl_privacy_retentionTime02.20200101000000.string:bar2'));
    expect(stale.status).toBe(400);
    expect(stale.body.message).toContain(field);
  });

  it('the list endpoint for structured properties takes a query too (endpoint 5)', async () => {
    const r = await app.get(`/openapi/v3/entity/structuredproperty?aspects=propertyDefinition&count=10&sortCriteria=urn&sortOrder=ASCENDING&query=${enc('qualifiedName:io.acryl.privacy.retentionTime02')}`);
    expect(r.status, r.text).toBe(200);
    expect(r.body.entities.map((e: any) => e.urn)).toEqual([RETENTION02]);
  });
});
