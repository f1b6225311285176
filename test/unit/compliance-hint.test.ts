/** `tessera properties compliance` names one CSV file per entity type when a property applies to several. */
import { describe, expect, it } from 'vitest';
import { listAllHint } from '../../src/cli/commands/properties-compliance.js';
import type { PropertyCompliance } from '../../src/catalog/structured-properties/compliance.js';

const property = (entityTypes: string[]) => ({ qualifiedName: 'io.acme.owner', entityTypes }) as PropertyCompliance;

describe('the compliance hint', () => {
  it('keeps the short file name for one entity type and names the type for several', () => {
    expect(listAllHint(property(['dataset']), 'dataset', 'missing')).toBe('tessera export --type dataset --missing io.acme.owner --property io.acme.owner -o io.acme.owner-missing.csv');
    const both = property(['dataset', 'schemaField']);
    expect([listAllHint(both, 'dataset', 'missing'), listAllHint(both, 'schemaField', 'missing')]).toEqual([
      'tessera export --type dataset --missing io.acme.owner --property io.acme.owner -o io.acme.owner-dataset-missing.csv',
      'tessera export --type schemaField --missing io.acme.owner --property io.acme.owner -o io.acme.owner-schemaField-missing.csv',
    ]);
  });
});
