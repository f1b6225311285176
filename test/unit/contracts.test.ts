import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SEARCH_FIELDS } from '../../src/catalog/search-fields.js';
import { contractFiles } from '../../src/contracts.js';

const read = (p: string) => readFileSync(new URL(`../../${p}`, import.meta.url), 'utf8');
const HINT = "run `npm run contracts` and commit the result if the change is intended";

describe('generated contracts', () => {
  for (const [path, text] of Object.entries(contractFiles())) {
    it(`${path} matches what the code generates`, () => {
      expect(text, HINT).toBe(read(path));
    });
  }
});

describe('mappings', () => {
  it('maps every derived search field explicitly in mappings/entity-index.json', () => {
    const mapped = Object.keys(JSON.parse(read('mappings/entity-index.json')).mappings.properties);
    expect(SEARCH_FIELDS.filter((f) => !mapped.includes(f))).toEqual([]);
  });
});
