/** The README's table of entity types and aspects is the registry's: a row or aspect added to one is added to the other. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { registryTable } from '../../src/model/registry/registry-table.js';

describe('the README entity type table', () => {
  it('is what `npm run registry-table` prints from the registry', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const at = readme.indexOf('| Entity type | URN | GraphQL | Rest.li snapshot |');
    expect(at, 'the table is in the README').toBeGreaterThan(0);
    const end = readme.indexOf('\n\n', at);
    expect(readme.slice(at, end), 'run npm run registry-table and paste its output into the README').toBe(registryTable());
  });
});
