/** The GraphQL cost of a document: a field taking a page size costs a page of what it selects, asked for or not. */
import { buildSchema, parse } from 'graphql';
import { createSchema } from 'graphql-yoga';
import { describe, expect, it } from 'vitest';
import { queryCost, READS_WHOLE_WINDOW } from '../../src/graphql/query-cost.js';

const schema = buildSchema(`
  input SearchInput { query: String!, start: Int, count: Int }
  type Hit { urn: String!, name: String }
  type Results { total: Int!, hits: [Hit!]! }
  type Query {
    search(input: SearchInput!): Results
    list(first: Int): [Hit!]!
    hit(urn: String!): Hit
  }
`);
const opts = { maxCost: 100_000, defaultPage: 10, maxPage: 10_000 };
const cost = (query: string, variables: Record<string, unknown> = {}) => queryCost(opts, schema, parse(query), variables);

describe('query cost', () => {
  it('a search without `count` costs its default page, the same as asking for it', () => {
    const asked = cost('{ search(input: {query: "x", count: 10}) { total hits { urn name } } }');
    expect(cost('{ search(input: {query: "x"}) { total hits { urn name } } }')).toBe(asked);
    // 1 for the search, then 10 results of (total, hits, urn, name).
    expect(asked).toBe(1 + 10 * 4);
  });

  it('multiplies by the page asked for, as a literal, a variable or a direct argument, capped at the largest page', () => {
    expect(cost('{ search(input: {query: "x", count: 1000}) { hits { urn } } }')).toBe(1 + 1000 * 2);
    expect(cost('query q($n: Int) { search(input: {query: "x", count: $n}) { hits { urn } } }', { n: 50 })).toBe(1 + 50 * 2);
    expect(cost('{ list(first: 7) { urn } }')).toBe(1 + 7);
    expect(cost('{ list { urn } }')).toBe(1 + 10);
    expect(cost('{ search(input: {query: "x", count: 1000000}) { hits { urn } } }')).toBe(1 + 10_000 * 2);
  });

  it('a field without a page costs one per field', () => {
    expect(cost('{ hit(urn: "u") { urn name } }')).toBe(3);
  });
});

describe('query cost of a field reading a whole window unless limited', () => {
  const windowed = createSchema({
    typeDefs: 'type Point { t: Int, v: Int } type Query { points(from: Int, limit: Int): [Point!], usage: [Point!] }',
    resolvers: { Query: { points: { resolve: () => [], extensions: READS_WHOLE_WINDOW }, usage: { resolve: () => [], extensions: READS_WHOLE_WINDOW } } },
  });
  const costOf = (query: string, variables: Record<string, unknown> = {}) => queryCost(opts, windowed, parse(query), variables);

  it('costs the largest page when no limit is asked for (or a null one), else the limit', () => {
    expect(costOf('{ points { t v } }')).toBe(1 + 10_000 * 2);
    expect(costOf('query q($n: Int) { points(limit: $n) { t v } }', { n: null })).toBe(1 + 10_000 * 2);
    expect(costOf('{ points(limit: 3) { t v } }')).toBe(1 + 3 * 2);
    // Without a page argument at all: always the whole window.
    expect(costOf('{ usage { t } }')).toBe(1 + 10_000);
  });
});
