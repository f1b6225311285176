/**
 * GraphQL presents every registered entity type in the original's shapes: typed lookups and `entity(urn)`, the name and
 * properties its aspect gives, tags, terms, owners, domain and structured properties, the container chain, and search
 * by type. What connectors write through the wire is what GraphQL reads.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enc, graphqlData, startTestApp, type TestApp } from './harness.js';

let app: TestApp;

const WAREHOUSE = 'urn:li:container:wh01';
const SCHEMA = 'urn:li:container:sc01';
const CHART = 'urn:li:chart:(looker,revenue_by_month)';
const TERM = 'urn:li:glossaryTerm:finance.revenue';
const FEATURE = 'urn:li:mlFeature:(users,age)';
const PROP = 'urn:li:structuredProperty:io.reg.tier';
const actor = { time: 0, actor: 'urn:li:corpuser:jdoe' };

const proposal = (entityType: string, urn: string, aspect: string, value: unknown) => ({
  entityType, entityUrn: urn, changeType: 'UPSERT', aspectName: aspect, aspect: { value: JSON.stringify(value), contentType: 'application/json' },
});

beforeAll(async () => {
  app = await startTestApp('registry-graphql');
  const def = { qualifiedName: 'io.reg.tier', valueType: 'urn:li:dataType:datahub.string', cardinality: 'SINGLE', entityTypes: ['urn:li:entityType:datahub.chart'] };
  const defined = await app.post(`/openapi/v3/entity/structuredproperty/${enc(PROP)}/propertyDefinition?createIfNotExists=false`, { value: def });
  expect(defined.status, defined.text).toBe(200);
  const proposals = [
    proposal('container', WAREHOUSE, 'containerProperties', { name: 'warehouse' }),
    proposal('container', SCHEMA, 'containerProperties', { name: 'analytics', description: 'curated tables', customProperties: { owner_team: 'bi' }, qualifiedName: 'wh.analytics' }),
    proposal('container', SCHEMA, 'container', { container: WAREHOUSE }),
    proposal('container', SCHEMA, 'subTypes', { typeNames: ['Schema'] }),
    proposal('chart', CHART, 'chartInfo', { title: 'Revenue by month', description: 'booked revenue', externalUrl: 'https://bi.example/c/1', lastModified: { created: actor, lastModified: actor } }),
    proposal('chart', CHART, 'container', { container: SCHEMA }),
    proposal('chart', CHART, 'globalTags', { tags: [{ tag: 'urn:li:tag:gold' }] }),
    proposal('chart', CHART, 'glossaryTerms', { terms: [{ urn: TERM }], auditStamp: actor }),
    proposal('chart', CHART, 'ownership', { owners: [{ owner: 'urn:li:corpuser:jdoe', type: 'TECHNICAL_OWNER' }], lastModified: actor }),
    proposal('chart', CHART, 'domains', { domains: ['urn:li:domain:finance'] }),
    proposal('chart', CHART, 'structuredProperties', { properties: [{ propertyUrn: PROP, values: [{ string: 'gold' }] }] }),
    proposal('glossaryTerm', TERM, 'glossaryTermInfo', { name: 'Revenue', definition: 'money coming in from sales', termSource: 'INTERNAL' }),
    proposal('mlFeature', FEATURE, 'mlFeatureProperties', { description: 'age in years' }),
  ];
  const res = await app.request('POST', '/gms/aspects?action=ingestProposalBatch', { proposals });
  expect(res.status, res.text).toBe(200);
  await app.refresh();
});
afterAll(async () => app?.close());

describe('GraphQL on every registered entity type', () => {
  it('reads a chart in the original shape: name, properties, tags, terms, owners, domain, structured properties, container chain', async () => {
    const data = await graphqlData(app, `query q($urn: String!) { chart(urn: $urn) {
      __typename urn type exists name
      properties { name description externalUrl customProperties { key value } }
      tags { tags { tag { urn } } } glossaryTerms { terms { term { urn } } }
      ownership { owners { owner { ... on CorpUser { urn } } type } } domain { domain { urn } }
      structuredProperties { properties { structuredProperty { urn } values { ... on StringValue { stringValue } } } }
      container { urn name subTypes { typeNames } properties { name description qualifiedName customProperties { key value } } }
      parentContainers { count containers { urn name } }
    } }`, { urn: CHART });
    expect(data.chart).toEqual({
      __typename: 'Chart', urn: CHART, type: 'CHART', exists: true, name: 'Revenue by month',
      properties: { name: 'Revenue by month', description: 'booked revenue', externalUrl: 'https://bi.example/c/1', customProperties: null },
      tags: { tags: [{ tag: { urn: 'urn:li:tag:gold' } }] },
      glossaryTerms: { terms: [{ term: { urn: TERM } }] },
      ownership: { owners: [{ owner: { urn: 'urn:li:corpuser:jdoe' }, type: 'TECHNICAL_OWNER' }] },
      domain: { domain: { urn: 'urn:li:domain:finance' } },
      structuredProperties: { properties: [{ structuredProperty: { urn: PROP }, values: [{ stringValue: 'gold' }] }] },
      container: { urn: SCHEMA, name: 'analytics', subTypes: { typeNames: ['Schema'] }, properties: { name: 'analytics', description: 'curated tables', qualifiedName: 'wh.analytics', customProperties: [{ key: 'owner_team', value: 'bi' }] } },
      parentContainers: { count: 2, containers: [{ urn: SCHEMA, name: 'analytics' }, { urn: WAREHOUSE, name: 'warehouse' }] },
    });
  });

  it('answers entity(urn) with the registered object, typed lookups null for what does not exist, and a name from the key where no aspect gives one', async () => {
    const data = await graphqlData(app, `query q($term: String!, $feature: String!, $missing: String!) {
      term: entity(urn: $term) { __typename type ... on GlossaryTerm { name properties { name description } } }
      feature: mlFeature(urn: $feature) { __typename type name properties { name description } }
      missing: container(urn: $missing) { urn }
    }`, { term: TERM, feature: FEATURE, missing: 'urn:li:container:nothing' });
    expect(data).toEqual({
      term: { __typename: 'GlossaryTerm', type: 'GLOSSARY_TERM', name: 'Revenue', properties: { name: 'Revenue', description: 'money coming in from sales' } },
      feature: { __typename: 'MLFeature', type: 'MLFEATURE', name: 'age', properties: { name: 'age', description: 'age in years' } },
      missing: null,
    });
  });

  it('searches by the new types, and finds a glossary term by words of its definition', async () => {
    const all = await graphqlData(app, `{ searchAcrossEntities(input: {types: [CHART, CONTAINER, GLOSSARY_TERM, MLFEATURE], query: "*", count: 20}) {
      total searchResults { entity { __typename urn } } } }`);
    expect(all.searchAcrossEntities.searchResults.map((r: any) => `${r.entity.__typename} ${r.entity.urn}`).sort()).toEqual(
      [`Chart ${CHART}`, `Container ${SCHEMA}`, `Container ${WAREHOUSE}`, `GlossaryTerm ${TERM}`, `MLFeature ${FEATURE}`].sort(),
    );
    const byDefinition = await graphqlData(app, `{ searchAcrossEntities(input: {types: [GLOSSARY_TERM], query: "sales", count: 5}) { searchResults { entity { urn } } } }`);
    expect(byDefinition.searchAcrossEntities.searchResults).toEqual([{ entity: { urn: TERM } }]);
  });

  it('adds and removes a tag on a chart through the same mutation as on a dataset', async () => {
    expect((await app.post(`/openapi/v3/entity/tag/${enc('urn:li:tag:silver')}/tagProperties?createIfNotExists=false`, { value: { name: 'silver' } })).status).toBe(200);
    const added = await graphqlData(app, `mutation { addTag(input: {tagUrn: "urn:li:tag:silver", resourceUrn: "${CHART}"}) }`);
    expect(added.addTag).toBe(true);
    const read = await graphqlData(app, `{ chart(urn: "${CHART}") { tags { tags { tag { urn } } } } }`);
    expect(read.chart.tags.tags.map((t: any) => t.tag.urn)).toEqual(['urn:li:tag:gold', 'urn:li:tag:silver']);
    expect((await graphqlData(app, `mutation { removeTag(input: {tagUrn: "urn:li:tag:gold", resourceUrn: "${CHART}"}) }`)).removeTag).toBe(true);
    expect((await app.get(`/openapi/v3/entity/chart/${enc(CHART)}/globalTags`)).body.globalTags.value).toEqual({ tags: [{ tag: 'urn:li:tag:silver' }] });
  });
});
