import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SEARCH_FIELDS } from '../../src/catalog/search-fields.js';
import { graphqlSdl, openApiJson } from '../../src/contracts.js';

const read = (p: string) => readFileSync(new URL(`../../${p}`, import.meta.url), 'utf8');
const HINT = "run `npm run contracts` and commit the result if the change is intended";

describe('generated contracts', () => {
  it('the GraphQL schema matches docs/schema.graphql', () => {
    expect(graphqlSdl(), HINT).toBe(read('docs/schema.graphql'));
  });

  it('the OpenAPI document matches docs/openapi.json', () => {
    expect(openApiJson(), HINT).toBe(read('docs/openapi.json'));
  });
});

describe('mappings', () => {
  it('maps every derived search field explicitly in mappings/entity-index.json', () => {
    const mapped = Object.keys(JSON.parse(read('mappings/entity-index.json')).mappings.properties);
    expect(SEARCH_FIELDS.filter((f) => !mapped.includes(f))).toEqual([]);
  });
});
