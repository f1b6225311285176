/** The web page's CSV import report in words: the summary line and each change. */
import { describe, expect, it } from 'vitest';
import { describeChange, summaryOf } from '../../web/src/import/import-text.js';

const P = 'urn:li:structuredProperty:io.acme.retention';

describe('import text', () => {
  it('summarises a preview and an applied import', () => {
    const counts = { rows: 7, changed: 3, unchanged: 1, refused: 3, outcomes: [] };
    expect(summaryOf({ ...counts, dryRun: true })).toBe('7 rows: 3 would change, 1 unchanged, 3 refused');
    expect(summaryOf({ ...counts, dryRun: false })).toBe('7 rows: 3 changed, 1 unchanged, 3 refused');
    expect(summaryOf({ dryRun: true, rows: 1, changed: 0, unchanged: 1, refused: 0, outcomes: [] })).toBe('1 row: 0 would change, 1 unchanged, 0 refused');
  });

  it('names properties by qualified name and tags by id, values as short JSON', () => {
    expect(describeChange({ field: P, operation: 'MODIFY', before: [30], after: [45] })).toBe('io.acme.retention 30 → 45');
    expect(describeChange({ field: P, operation: 'ADD', after: ['a;b', 'c'] })).toBe('io.acme.retention set to ["a;b", "c"]');
    expect(describeChange({ field: P, operation: 'REMOVE', before: ['x'] })).toBe('io.acme.retention "x" removed');
    expect(describeChange({ field: 'urn:li:tag:pii', operation: 'ADD', after: 'urn:li:tag:pii' })).toBe('tag pii added');
    expect(describeChange({ field: 'urn:li:tag:pii', operation: 'REMOVE', before: 'urn:li:tag:pii' })).toBe('tag pii removed');
  });
});
