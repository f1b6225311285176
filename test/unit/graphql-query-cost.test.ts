/** The GraphQL cost of a document: a field taking a page size costs a page of what it selects, asked for or not. */
import { buildSchema, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { queryCost } from '../../src/graphql/query-cost.js';

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
