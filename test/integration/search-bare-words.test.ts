/**
 * Search that finds what people type (issue 25): bare words over names, columns, tags, terms, descriptions and owners,
 * ranked in tiers (exact name > name word > name prefix > column > description) with one typo tolerated below exact
 * matches; owners and terms by their everyday names; matchedFields on every hit; autoComplete and
 * autoCompleteForMultiple; and the mapping change shipped through the reindex (an index built before it is rebuilt,
 * its new fields derived from the stored aspects).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reindexEntityTypes } from '../../src/jobs/reindex.js';
import { enc, graphqlData, startTestApp, type TestApp } from './harness.js';
import { putAspect, schemaOf } from './search-helpers.js';

let app: TestApp;
const ds = (name: string, platform = 'hive') => `urn:li:dataset:(urn:li:dataPlatform:${platform},${name},PROD)`;
const ORDERS = ds('sales.orders');
const ARCHIVE = ds('sales.orders_archive');
const CUSTOMERS = ds('crm.customers', 'postgres');
const PAYMENTS = ds('finance.payments', 'snowflake');
const PAYMENT = ds('finance.payment', 'snowflake');
const EVENTS = ds('web.events', 'kafka');

const put = (urn: string, aspect: string, value: unknown) => putAspect(app, urn, aspect, value);
const owners = (...ids: string[]) => ({ owners: ids.map((owner) => ({ owner, type: 'TECHNICAL_OWNER' })) });

async function seed(): Promise<void> {
  for (const tag of ['pii', 'finance_critical']) expect((await app.post(`/openapi/v3/entity/tag/${enc(`urn:li:tag:${tag}`)}/tagProperties`, { value: { name: tag } })).status).toBe(200);
  await put(ORDERS, 'datasetProperties', { name: 'orders', description: 'One row per order placed in the shop' });
  await put(ORDERS, 'schemaMetadata', schemaOf('orderId', 'customer_email', 'placed_at'));
  await put(ORDERS, 'globalTags', { tags: [{ tag: 'urn:li:tag:pii' }] });
  await put(ORDERS, 'ownership', owners('urn:li:corpuser:alice', 'urn:li:corpGroup:data-eng'));
  await put(ARCHIVE, 'datasetProperties', { name: 'orders_archive', description: 'Orders older than two years' });
  await put(ARCHIVE, 'schemaMetadata', schemaOf('orderId', 'archived_at'));
  await put(CUSTOMERS, 'datasetProperties', { name: 'customers', description: 'Every customer with their latest orders count' });
  await put(CUSTOMERS, 'schemaMetadata', schemaOf('customer_id', 'email_address', 'orders_count'));
  await put(CUSTOMERS, 'ownership', owners('urn:li:corpuser:bob'));
  await put(CUSTOMERS, 'glossaryTerms', { terms: [{ urn: 'urn:li:glossaryTerm:CustomerData' }], auditStamp: { time: 0, actor: 'urn:li:corpuser:admin' } });
  await put(PAYMENTS, 'datasetProperties', { name: 'payments', description: 'Card payments settled per day' });
  await put(PAYMENTS, 'globalTags', { tags: [{ tag: 'urn:li:tag:finance_critical' }] });
  await put(PAYMENT, 'datasetProperties', { name: 'payment', description: 'A lookup table of payment methods' });
  await put(EVENTS, 'datasetProperties', { name: 'events', description: 'Page views and clicks from the web shop' });
  await put(EVENTS, 'schemaMetadata', schemaOf('session.user_agent', 'page_url'));
  await app.refresh();
}

const SEARCH = `query s($input: SearchAcrossEntitiesInput!) { searchAcrossEntities(input: $input) { total searchResults { entity { urn } matchedFields { name value entity { urn } } } } }`;

async function ranked(query: string): Promise<string[]> {
  const data = await graphqlData(app, SEARCH, { input: { types: ['DATASET'], query, start: 0, count: 10 } });
  return data.searchAcrossEntities.searchResults.map((r: any) => r.entity.urn);
}

async function hits(query: string, extra: Record<string, unknown> = {}) {
  return (await graphqlData(app, SEARCH, { input: { types: ['DATASET'], query, start: 0, count: 10, ...extra } })).searchAcrossEntities.searchResults;
}

beforeAll(async () => {
  app = await startTestApp('bare-words');
  await seed();
});
afterAll(async () => app?.close());

describe('bare words', () => {
  it('find columns by a word of their path, in snake_case and camelCase', async () => {
    expect(await ranked('email')).toEqual([CUSTOMERS, ORDERS].sort());
    expect((await ranked('order id')).slice(0, 2)).toEqual([ORDERS, ARCHIVE]);
    expect(await ranked('agent')).toEqual([EVENTS]);
  });

  it('rank an exact name above a name word, a column and a description, ties by URN', async () => {
    // orders: the name itself; orders_archive: a word of its name; customers: a column (orders_count) and its description.
    expect(await ranked('orders')).toEqual([ORDERS, ARCHIVE, CUSTOMERS]);
    expect(await ranked('ORDERS')).toEqual([ORDERS, ARCHIVE, CUSTOMERS]);
    // A name prefix while typing.
    expect((await ranked('custom'))[0]).toBe(CUSTOMERS);
  });

  it('find tags, glossary terms and owners by their ids', async () => {
    expect(await ranked('pii')).toEqual([ORDERS]);
    expect(await ranked('critical')).toEqual([PAYMENTS]);
    expect((await ranked('customer data'))[0]).toBe(CUSTOMERS);
    expect(await ranked('bob')).toEqual([CUSTOMERS]);
  });

  it('tolerate one typo on words of four letters or more, below exact matches', async () => {
    expect(await ranked('ordrs')).toContain(ORDERS);
    expect((await ranked('custmers'))[0]).toBe(CUSTOMERS);
    expect((await ranked('evnts'))[0]).toBe(EVENTS);
    // `payments` is exact for one and a typo away from the other: the exact one first.
    expect(await ranked('payments')).toEqual([PAYMENTS, PAYMENT]);
    expect(await ranked('payment')).toEqual([PAYMENT, PAYMENTS]);
    // Three letters: no typo allowed (`pi` is not `pii`).
    expect(await ranked('pi')).toEqual([]);
  });

  it('answer the same order through REST query strings sorted by relevance', async () => {
    for (const q of ['orders', 'email', 'payments', 'customer orders']) {
      const r = await app.get(`/openapi/v3/entity/dataset?aspects=datasetKey&count=10&sort=relevance&query=${encodeURIComponent(q)}`);
      expect(r.status, r.text).toBe(200);
      expect(r.body.entities.map((e: any) => e.urn)).toEqual(await ranked(q));
    }
  });
});

describe('owners and glossary terms by their everyday names', () => {
  it.each([
    ['owners:alice', [ORDERS]],
    ['owner:ALICE', [ORDERS]],
    ['owners:"urn:li:corpuser:alice"', [ORDERS]],
    ['owners:data-eng', [ORDERS]],
    ['owners:bob OR owners:alice', [CUSTOMERS, ORDERS]],
    ['terms:CustomerData', [CUSTOMERS]],
    ['glossaryTerms:"urn:li:glossaryTerm:CustomerData"', [CUSTOMERS]],
  ])('%s', async (query, expected) => {
    expect((await ranked(query)).sort()).toEqual([...expected].sort());
  });

  it('an owners facet counts owner URNs', async () => {
    const data = await graphqlData(app, `{ aggregateAcrossEntities(input: {types: [DATASET], query: "*", facets: ["owners"]}) { facets { field aggregations { value count } } } }`);
    expect(data.aggregateAcrossEntities.facets[0].aggregations).toEqual(
      expect.arrayContaining([{ value: 'urn:li:corpuser:alice', count: 1 }, { value: 'urn:li:corpuser:bob', count: 1 }]),
    );
  });
});

describe('matchedFields', () => {
  it('says which field matched and with what value, on search and scroll', async () => {
    const [email] = (await hits('email')).filter((h: any) => h.entity.urn === ORDERS);
    expect(email.matchedFields).toEqual([{ name: 'fieldPaths', value: 'customer_email', entity: null }]);
    const [pii] = await hits('pii');
    expect(pii.matchedFields).toEqual([{ name: 'tags', value: 'urn:li:tag:pii', entity: { urn: 'urn:li:tag:pii' } }]);
    const [orders] = await hits('orders');
    expect(orders.matchedFields).toEqual(expect.arrayContaining([{ name: 'name', value: 'orders', entity: null }, { name: 'description', value: 'One row per order placed in the shop', entity: null }].slice(0, 1)));
    const [typo] = await hits('evnts');
    expect(typo.matchedFields).toEqual([{ name: 'name', value: 'events', entity: null }]);
    const [column] = await hits('column:email AND owners:alice');
    expect(column.matchedFields).toEqual(expect.arrayContaining([{ name: 'fieldPaths', value: 'customer_email', entity: null }, { name: 'owners', value: 'urn:li:corpuser:alice', entity: { urn: 'urn:li:corpuser:alice' } }]));
    const scroll = await graphqlData(app, `{ scrollAcrossEntities(input: {types: [DATASET], query: "agent", count: 5}) { searchResults { entity { urn } matchedFields { name value } } } }`);
    expect(scroll.scrollAcrossEntities.searchResults).toEqual([{ entity: { urn: EVENTS }, matchedFields: [{ name: 'fieldPaths', value: 'session.user_agent' }] }]);
  });

  it('is empty when the caller skips highlighting, or matches everything', async () => {
    expect((await hits('email', { searchFlags: { skipHighlighting: true } }))[0].matchedFields).toEqual([]);
    expect((await hits('*')).every((h: any) => h.matchedFields.length === 0)).toBe(true);
  });
});

describe('autoComplete', () => {
  const MULTIPLE = `query ac($input: AutoCompleteMultipleInput!) { autoCompleteForMultiple(input: $input) { query suggestions { type suggestions entities { urn } } } }`;
  const SINGLE = `query ac($input: AutoCompleteInput!) { autoComplete(input: $input) { query suggestions entities { urn } } }`;

  it('suggests names starting with what was typed, or with a word of them, best first', async () => {
    const data = await graphqlData(app, MULTIPLE, { input: { types: ['DATASET'], query: 'ord', limit: 5 } });
    expect(data.autoCompleteForMultiple).toEqual({
      query: 'ord',
      suggestions: [{ type: 'DATASET', suggestions: ['orders', 'orders_archive'], entities: [{ urn: ORDERS }, { urn: ARCHIVE }] }],
    });
    const single = await graphqlData(app, SINGLE, { input: { type: 'DATASET', query: 'Pay' } });
    expect(single.autoComplete).toEqual({ query: 'Pay', suggestions: ['payment', 'payments'], entities: [{ urn: PAYMENT }, { urn: PAYMENTS }] });
    // A word inside the name: `archive` completes `orders_archive`.
    expect((await graphqlData(app, SINGLE, { input: { type: 'DATASET', query: 'archi' } })).autoComplete.suggestions).toEqual(['orders_archive']);
    // Filters narrow the suggestions; nothing typed suggests nothing.
    const filtered = await graphqlData(app, SINGLE, { input: { type: 'DATASET', query: 'p', orFilters: [{ and: [{ field: 'platform', values: ['kafka'] }] }] } });
    expect(filtered.autoComplete.suggestions).toEqual([]);
    expect((await graphqlData(app, SINGLE, { input: { query: '  ' } })).autoComplete).toEqual({ query: '  ', suggestions: [], entities: [] });
  });

  it('leaves out soft-deleted entities, and refuses bad input precisely', async () => {
    await put(PAYMENT, 'status', { removed: true });
    await app.refresh();
    expect((await graphqlData(app, SINGLE, { input: { type: 'DATASET', query: 'pay' } })).autoComplete.suggestions).toEqual(['payments']);
    await put(PAYMENT, 'status', { removed: false });
    await app.refresh();
    for (const [input, message] of [
      [{ query: 'o', limit: 0 }, /limit must be an integer between 1 and 100, got 0/],
      [{ query: 'o', field: 'description' }, /autocomplete completes names; field "description" is not supported/],
      [{ query: 'o'.repeat(201) }, /at most 200/],
      [{ query: 'o', viewUrn: 'urn:li:dataHubView:x' }, /viewUrn is not supported/],
    ] as const) {
      const res = await app.graphql(MULTIPLE, { input });
      expect(res.errors?.[0]?.message).toMatch(message);
      expect(res.errors?.[0]?.extensions?.code).toBe(400);
    }
  });

  it('answers the default view the original clients ask for before a search: none', async () => {
    expect((await graphqlData(app, '{ globalViewsSettings { defaultView } }')).globalViewsSettings).toEqual({ defaultView: null });
  });
});

describe('the mapping change ships through the reindex', () => {
  it('rebuilds an index made before it, deriving owners and terms from the stored aspects', async () => {
    const os = app.raw;
    const alias = app.services.names.entity('dataset');
    const live = Object.keys((await os.indices.getAlias({ name: alias })).body)[0];
    // The old index: the mapping before search learnt columns, owners and terms, holding the same documents without them.
    const { settings, mappings } = oldEntityIndex((await os.indices.getMapping({ index: live })).body[live].mappings);
    const old = `${alias}_19700101000000001`;
    await os.indices.create({ index: old, body: { settings, mappings } as any });
    const docs = (await os.search({ index: live, body: { size: 100, query: { match_all: {} } } })).body.hits.hits as any[];
    const derivedBefore = Object.fromEntries(docs.map((d) => [d._id, { owners: d._source.owners, terms: d._source.terms }]));
    await os.bulk({ refresh: true, body: docs.flatMap((d) => { const { owners: _o, terms: _t, ...source } = d._source; return [{ index: { _index: old, _id: d._id } }, source]; }) });
    await os.indices.updateAliases({ body: { actions: [{ remove: { index: live, alias } }, { add: { index: old, alias } }] } });
    await os.indices.delete({ index: live });
    expect(await ranked('email')).toEqual([]);
    // Before the rebuild, suggestions are empty, not an error.
    const before = await graphqlData(app, `{ autoCompleteForMultiple(input: {types: [DATASET], query: "ord"}) { suggestions { suggestions } } }`);
    expect(before.autoCompleteForMultiple.suggestions).toEqual([]);

    const lines: string[] = [];
    const summary = await reindexEntityTypes(app.services, ['dataset'], { log: (l) => lines.push(l) });
    expect(summary.indices[0].action).toBe('rebuilt');
    expect(lines.join('\n')).toMatch(/deriving (terms, owners|owners, terms) from the stored aspects/);
    const rebuilt = Object.keys((await os.indices.getAlias({ name: alias })).body)[0];
    const after = (await os.search({ index: rebuilt, body: { size: 100, query: { match_all: {} } } })).body.hits.hits as any[];
    // The engine's derivation gives what the service's own gives.
    for (const d of after) expect({ owners: d._source.owners, terms: d._source.terms }).toEqual(derivedBefore[d._id]);
    expect(await ranked('email')).toEqual([CUSTOMERS, ORDERS].sort());
    expect(await ranked('owners:alice')).toEqual([ORDERS]);
    expect(await ranked('terms:CustomerData')).toEqual([CUSTOMERS]);
    const suggested = await graphqlData(app, `{ autoCompleteForMultiple(input: {types: [DATASET], query: "ord"}) { suggestions { suggestions } } }`);
    expect(suggested.autoCompleteForMultiple.suggestions[0].suggestions).toEqual(['orders', 'orders_archive']);
  });
});

/** The entity index as it was before issue 25: no sub-fields for words, prefixes or ids, no owners or terms. */
function oldEntityIndex(current: any): { settings: object; mappings: object } {
  const properties = structuredClone(current.properties);
  for (const f of ['tags', 'fieldTags', 'editedFieldTags', 'fieldPaths']) properties[f] = { type: 'keyword' };
  properties.name = { type: 'keyword', ignore_above: 1024, fields: { text: { type: 'text', analyzer: 'word_delimited' } } };
  delete properties.owners;
  delete properties.terms;
  const analysis = {
    normalizer: { lowercase_normalizer: { type: 'custom', filter: ['lowercase', 'asciifolding'] } },
    analyzer: { word_delimited: { type: 'custom', tokenizer: 'standard', filter: ['word_delimiter_graph', 'lowercase', 'asciifolding'] } },
  };
  return { settings: { index: { number_of_shards: 1, number_of_replicas: 0 }, analysis }, mappings: { ...current, properties } };
}
