import { describe, expect, it } from 'vitest';
import { buildFilterQuery, filterFields, hasFilterOn, type FilterCriterion } from '../../src/search/filters.js';
import type { ResolvedField } from '../../src/search/resolved-field.js';
import { SearchInputError } from '../../src/search/search-input-error.js';

const RETENTION = 'structuredProperties.io.acryl.privacy.retentionTime';
const RETENTION_PATH = 'structuredProperties.io_acryl_privacy_retentionTime';
/** A property value is present when indexed, or (a text too long for the keyword index) when its length is. */
const PRESENT = { bool: { should: [{ exists: { field: RETENTION_PATH } }, { exists: { field: 'structuredPropertyLengths.io_acryl_privacy_retentionTime' } }], minimum_should_match: 1 } };
const DEADLINE = 'structuredProperties.deadline';

function resolve(name: string): ResolvedField {
  if (name.startsWith('_') || name.startsWith('aspects.')) throw new SearchInputError(`Unknown filter field ${name}`);
  if (name === RETENTION) return { name, path: RETENTION_PATH, kind: 'double' };
  if (name === DEADLINE) return { name, path: 'structuredProperties.deadline', kind: 'date' };
  if (name === 'removed') return { name, path: 'removed', kind: 'boolean' };
  if (name === 'description') return { name, path: 'description', kind: 'text' };
  if (name === 'name') return { name, path: 'name', kind: 'keyword', textPath: 'name.text' };
  return { name, path: name, kind: 'keyword' };
}

/** One group with one criterion, unwrapped to the criterion's clause. */
function one(c: FilterCriterion): unknown {
  const q = buildFilterQuery([{ and: [c] }], resolve) as any;
  return c.negated ? q.bool.should[0].bool.must_not[0] : q.bool.should[0].bool.filter[0];
}

describe('structure', () => {
  it('OR of AND groups, negated criteria as must_not', () => {
    const q = buildFilterQuery(
      [
        { and: [{ field: 'tags', values: ['urn:li:tag:pii'] }, { field: 'platform', values: ['hive'], negated: true }] },
        { and: [{ field: RETENTION, condition: 'EXISTS' }] },
      ],
      resolve,
    );
    expect(q).toEqual({
      bool: {
        should: [
          { bool: { filter: [{ terms: { tags: ['urn:li:tag:pii'] } }], must_not: [{ terms: { platform: ['hive'] } }] } },
          { bool: { filter: [PRESENT] } },
        ],
        minimum_should_match: 1,
      },
    });
  });
  it('no filters at all', () => {
    expect(buildFilterQuery([], resolve)).toBeUndefined();
    expect(buildFilterQuery(undefined, resolve)).toBeUndefined();
    expect(buildFilterQuery([{ and: [] }], resolve)).toBeUndefined();
  });
  it('a group whose criteria are all skipped matches everything', () => {
    expect(buildFilterQuery([{ and: [{ field: 'tags', values: ['x'] }] }, { and: [{ field: 'tags', values: [] }] }], resolve)).toBeUndefined();
  });
  it('criteria with no values are skipped, other criteria stay', () => {
    const q = buildFilterQuery([{ and: [{ field: 'tags' }, { field: 'platform', condition: 'EQUAL', values: ['', ' '] }, { field: 'tags', values: ['a'] }] }], resolve);
    expect(q).toEqual({ bool: { should: [{ bool: { filter: [{ terms: { tags: ['a'] } }] } }], minimum_should_match: 1 } });
  });
});

describe('conditions', () => {
  it('EQUAL is the default, any of the values', () => {
    expect(one({ field: 'tags', values: ['a', 'b'] })).toEqual({ terms: { tags: ['a', 'b'] } });
    expect(one({ field: 'tags', condition: 'EQUAL', values: ['a'] })).toEqual({ terms: { tags: ['a'] } });
  });
  it('EQUAL on numbers, dates and booleans is typed', () => {
    expect(one({ field: RETENTION, condition: 'EQUAL', values: ['60', '90.0'] })).toEqual({ terms: { [RETENTION_PATH]: [60, 90] } });
    expect(one({ field: DEADLINE, values: ['2024-06-14', '1718323200000'] })).toEqual({ terms: { 'structuredProperties.deadline': [1718323200000, 1718323200000] } });
    expect(one({ field: 'removed', values: ['true'] })).toEqual({ terms: { removed: [true] } });
  });
  it('EQUAL on a text field is a phrase per value', () => {
    expect(one({ field: 'description', values: ['a b', 'c'] })).toEqual({
      bool: { should: [{ match_phrase: { description: 'a b' } }, { match_phrase: { description: 'c' } }], minimum_should_match: 1 },
    });
  });
  it('IN behaves as EQUAL', () => expect(one({ field: 'tags', condition: 'IN', values: ['a', 'b'] })).toEqual({ terms: { tags: ['a', 'b'] } }));
  it('IEQUAL', () => {
    expect(one({ field: 'platform', condition: 'IEQUAL', values: ['Hive'] })).toEqual({ term: { platform: { value: 'Hive', case_insensitive: true } } });
    expect(one({ field: 'platform', condition: 'IEQUAL', values: ['Hive', 'KAFKA'] })).toEqual({
      bool: {
        should: [{ term: { platform: { value: 'Hive', case_insensitive: true } } }, { term: { platform: { value: 'KAFKA', case_insensitive: true } } }],
        minimum_should_match: 1,
      },
    });
  });
  it('CONTAIN / START_WITH / END_WITH, escaping wildcard characters', () => {
    expect(one({ field: 'name', condition: 'CONTAIN', values: ['ale'] })).toEqual({ wildcard: { name: { value: '*ale*', case_insensitive: true } } });
    expect(one({ field: 'name', condition: 'START_WITH', values: ['sa'] })).toEqual({ wildcard: { name: { value: 'sa*', case_insensitive: true } } });
    expect(one({ field: 'name', condition: 'END_WITH', values: ['es'] })).toEqual({ wildcard: { name: { value: '*es', case_insensitive: true } } });
    expect(one({ field: 'name', condition: 'CONTAIN', values: ['a*b?c\\'] })).toEqual({ wildcard: { name: { value: '*a\\*b\\?c\\\\*', case_insensitive: true } } });
    expect(one({ field: 'name', condition: 'START_WITH', values: ['a', 'b'] })).toEqual({
      bool: { should: [{ wildcard: { name: { value: 'a*', case_insensitive: true } } }, { wildcard: { name: { value: 'b*', case_insensitive: true } } }], minimum_should_match: 1 },
    });
  });
  it('EXISTS needs no values', () => {
    expect(one({ field: RETENTION, condition: 'EXISTS' })).toEqual(PRESENT);
    expect(one({ field: RETENTION, condition: 'EXISTS', negated: true })).toEqual(PRESENT);
    expect(one({ field: 'tags', condition: 'EXISTS' })).toEqual({ exists: { field: 'tags' } });
  });
  it('GREATER_THAN with numeric text', () => expect(one({ field: RETENTION, condition: 'GREATER_THAN', values: ['45.0'] })).toEqual({ range: { [RETENTION_PATH]: { gt: 45 } } }));
  it('GREATER_THAN_OR_EQUAL_TO', () => expect(one({ field: RETENTION, condition: 'GREATER_THAN_OR_EQUAL_TO', values: ['45'] })).toEqual({ range: { [RETENTION_PATH]: { gte: 45 } } }));
  it('LESS_THAN on dates', () => {
    expect(one({ field: DEADLINE, condition: 'LESS_THAN', values: ['2024-01-01'] })).toEqual({ range: { 'structuredProperties.deadline': { lt: 1704067200000 } } });
    expect(one({ field: DEADLINE, condition: 'LESS_THAN', values: ['1704067200000'] })).toEqual({ range: { 'structuredProperties.deadline': { lt: 1704067200000 } } });
  });
  it('LESS_THAN_OR_EQUAL_TO', () => expect(one({ field: RETENTION, condition: 'LESS_THAN_OR_EQUAL_TO', values: ['-1.5e2'] })).toEqual({ range: { [RETENTION_PATH]: { lte: -150 } } }));
  it('range on booleans and keywords', () => {
    expect(one({ field: 'removed', condition: 'GREATER_THAN', values: ['false'] })).toEqual({ range: { removed: { gt: false } } });
    expect(one({ field: 'platform', condition: 'LESS_THAN', values: ['m'] })).toEqual({ range: { platform: { lt: 'm' } } });
  });
});

describe('refusals', () => {
  const refuse = (c: FilterCriterion) => () => buildFilterQuery([{ and: [c] }], resolve);
  it('unknown condition', () => {
    expect(refuse({ field: 'tags', condition: 'DESCENDANTS_INCL', values: ['a'] })).toThrow(new SearchInputError('Unsupported condition: DESCENDANTS_INCL'));
    expect(refuse({ field: 'tags', condition: 'LIKE' })).toThrow('Unsupported condition: LIKE');
  });
  it('range conditions need exactly one value', () => {
    expect(refuse({ field: RETENTION, condition: 'GREATER_THAN', values: ['1', '2'] })).toThrow(`Condition GREATER_THAN on field ${RETENTION} takes exactly one value, got 2`);
  });
  it('values of the wrong shape name field and value', () => {
    expect(refuse({ field: RETENTION, condition: 'GREATER_THAN', values: ['abc'] })).toThrow(`Invalid value "abc" for field ${RETENTION}: expected a number`);
    expect(refuse({ field: RETENTION, values: ['NaN'] })).toThrow(SearchInputError);
    expect(refuse({ field: DEADLINE, condition: 'LESS_THAN', values: ['14/06/2024'] })).toThrow(`Invalid value "14/06/2024" for field ${DEADLINE}`);
    expect(refuse({ field: 'removed', values: ['yes'] })).toThrow('Invalid value "yes" for field removed: expected true or false');
  });
  it('pattern conditions on non-text fields', () => {
    expect(refuse({ field: RETENTION, condition: 'CONTAIN', values: ['4'] })).toThrow(`Condition CONTAIN is not supported on double field ${RETENTION}`);
  });
  it('fields the resolver rejects, even when the criterion would be skipped', () => {
    expect(refuse({ field: '_index', values: ['x'] })).toThrow('Unknown filter field _index');
    expect(refuse({ field: 'aspects.status' })).toThrow('Unknown filter field aspects.status');
  });
});

describe('field helpers', () => {
  const filters = [{ and: [{ field: 'tags', values: ['a'] }, { field: RETENTION, condition: 'EXISTS' }] }, { and: [{ field: 'tags', values: ['b'] }, { field: 'removed', values: ['true'] }] }];
  it('filterFields lists distinct names', () => expect(filterFields(filters)).toEqual(['tags', RETENTION, 'removed']));
  it('hasFilterOn', () => {
    expect(hasFilterOn(filters, 'removed')).toBe(true);
    expect(hasFilterOn(filters, 'platform')).toBe(false);
    expect(hasFilterOn(undefined, 'removed')).toBe(false);
  });
});
