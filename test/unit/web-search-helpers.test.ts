/** The web page's pure search helpers: the suggestion list built from an autocomplete answer, and matchedFields in words. */
import { describe, expect, it } from 'vitest';
import { explainsMatches, toMatchLabels } from '../../web/src/search/match-labels.js';
import { toSuggestionOptions } from '../../web/src/search/suggestion-options.js';

const ds = (name: string, platform = 'hive') => ({ urn: `urn:li:dataset:(urn:li:dataPlatform:${platform},${name},PROD)`, type: 'DATASET', name, platform: { name: platform }, properties: { name } });

describe('suggestion options', () => {
  it('offers the datasets a name names, in the order of the names, and a name naming none as a search', () => {
    const options = toSuggestionOptions({ names: ['orders', 'ordinal', 'Orders'], datasets: [ds('orders', 'hive'), ds('orders', 'kafka')] }, 8);
    expect(options).toEqual([
      { kind: 'dataset', label: 'orders', urn: ds('orders', 'hive').urn, platform: 'hive' },
      { kind: 'dataset', label: 'orders', urn: ds('orders', 'kafka').urn, platform: 'kafka' },
      { kind: 'query', label: 'ordinal' },
    ]);
  });

  it('matches a name to the URN name or the display name, appends datasets no name names, and stops at the limit', () => {
    const shown = { ...ds('db.orders'), properties: { name: 'Orders' } };
    const options = toSuggestionOptions({ names: ['db.orders'], datasets: [shown, ds('b'), ds('c')] }, 2);
    expect(options.map((o) => [o.kind, o.label])).toEqual([
      ['dataset', 'Orders'],
      ['dataset', 'b'],
    ]);
  });
});

describe('match labels', () => {
  it('names each reason once, in order, with friendly labels', () => {
    const labels = toMatchLabels(
      [
        { name: 'fieldPaths', value: 'customer_email' },
        { name: 'tags', value: 'urn:li:tag:pii', entity: { urn: 'urn:li:tag:pii', properties: { name: 'PII' } } },
        { name: 'tags', value: 'urn:li:tag:gold' },
        { name: 'description', value: 'Every email' },
        { name: 'name', value: 'orders' },
        { name: 'qualifiedName', value: 'db.orders' },
        { name: 'urn', value: 'urn:li:dataset:(x)' },
        { name: 'owners', value: 'urn:li:corpuser:jane' },
        { name: 'glossaryTerms', value: 'urn:li:glossaryTerm:Commerce.Order', entity: { urn: 'urn:li:glossaryTerm:Commerce.Order', name: 'Order' } },
        { name: 'glossaryTerms', value: 'urn:li:glossaryTerm:Email' },
        { name: 'fieldPaths', value: 'customer_email' },
      ],
      new Map([['urn:li:tag:gold', 'Gold']]),
    );
    expect(labels).toEqual(['column customer_email', 'tag PII', 'tag Gold', 'description', 'name', 'owner jane', 'term Order', 'term Email']);
  });

  it('falls back to the id of a tag nobody named', () => {
    expect(toMatchLabels([{ name: 'tags', value: 'urn:li:tag:pii', entity: null }])).toEqual(['tag pii']);
  });

  it('explains no match for an empty or match-all query', () => {
    expect([explainsMatches(''), explainsMatches(' * '), explainsMatches('email')]).toEqual([false, false, true]);
  });
});
