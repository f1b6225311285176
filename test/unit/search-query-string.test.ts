import { describe, expect, it } from 'vitest';
import { buildQueryStringQuery, parseQueryString, referencedFields } from '../../src/search/query-string.js';
import type { BareWordPlan } from '../../src/search/bare-words.js';
import type { ResolvedField } from '../../src/search/resolved-field.js';
import { SearchInputError } from '../../src/search/search-input-error.js';
import { BUILTIN_FIELDS } from '../../src/catalog/search/builtin-fields.js';

const RETENTION = 'structuredProperties.io_acryl_privacy_retentionTime';

function resolve(name: string): ResolvedField {
  if (name.startsWith('_') || name.startsWith('aspects.')) throw new SearchInputError(`Unknown search field ${name}`);
  if (name === RETENTION) return { name, path: name, kind: 'double' };
  if (name === 'structuredProperties.io_acryl_privacy_deadline') return { name, path: 'structuredProperties.io_acryl_privacy_deadline', kind: 'date' };
  if (name === 'removed') return { name, path: 'removed', kind: 'boolean' };
  if (name === 'description') return { name, path: 'description', kind: 'text' };
  if (name === 'name') return { name, path: 'name', kind: 'keyword', textPath: 'name.text' };
  if (name === 'tags' || name === 'platform') return { name, path: name, kind: 'keyword' };
  throw new SearchInputError(`Unknown search field ${name}`);
}

/** A small plan: an exact name, its words, a description, and typos on names. */
const TEXT: BareWordPlan = {
  places: [
    { path: 'name.exact', how: 'exact', tier: 100, label: 'name' },
    { path: 'name.text', how: 'words', tier: 60, label: 'name' },
    { path: 'description', how: 'words', tier: 8, label: 'description' },
  ],
  typos: { minLength: 4, places: [{ path: 'name.text', how: 'words', tier: 2, label: 'name' }] },
  together: [{ path: 'name.text', how: 'words', tier: 100, label: 'name' }],
};
const build = (q: string) => buildQueryStringQuery(parseQueryString(q), resolve, TEXT);
const tier = (filter: object, boost: number, label: string) => ({ constant_score: { filter, boost, _name: label } });
const ranked = (...queries: object[]) => ({ dis_max: { queries, tie_breaker: 0.001 } });

function refusal(q: string, build = true): SearchInputError {
  try {
    const parsed = parseQueryString(q);
    if (build) buildQueryStringQuery(parsed, resolve, TEXT);
  } catch (e) {
    expect(e).toBeInstanceOf(SearchInputError);
    return e as SearchInputError;
  }
  throw new Error(`expected ${q} to be refused`);
}

describe('match all', () => {
  it.each(['', '   ', '*', ' * '])('%j matches everything', (q) => {
    expect(build(q)).toEqual({ match_all: {} });
  });
});

describe('comparisons and ranges', () => {
  it('field:>45', () => expect(build(`${RETENTION}:>45`)).toEqual({ range: { [RETENTION]: { gt: 45 } } }));
  it('field:>=45.5', () => expect(build(`${RETENTION}:>=45.5`)).toEqual({ range: { [RETENTION]: { gte: 45.5 } } }));
  it('field:<45', () => expect(build(`${RETENTION}:<45`)).toEqual({ range: { [RETENTION]: { lt: 45 } } }));
  it('field:<=45', () => expect(build(`${RETENTION}:<=45`)).toEqual({ range: { [RETENTION]: { lte: 45 } } }));
  it('negative comparison bound', () => expect(build(`${RETENTION}:>-5`)).toEqual({ range: { [RETENTION]: { gt: -5 } } }));
  it('percent-decoded REST form', () => {
    const q = decodeURIComponent('structuredProperties.io_acryl_privacy_retentionTime%3A%3E45');
    expect(build(q)).toEqual({ range: { [RETENTION]: { gt: 45 } } });
  });
  it('[a TO b]', () => expect(build(`${RETENTION}:[10 TO 20]`)).toEqual({ range: { [RETENTION]: { gte: 10, lte: 20 } } }));
  it('{a TO b}', () => expect(build(`${RETENTION}:{10 TO 20}`)).toEqual({ range: { [RETENTION]: { gt: 10, lt: 20 } } }));
  it('mixed inclusivity', () => {
    expect(build(`${RETENTION}:[10 TO 20}`)).toEqual({ range: { [RETENTION]: { gte: 10, lt: 20 } } });
    expect(build(`${RETENTION}:{10 TO 20]`)).toEqual({ range: { [RETENTION]: { gt: 10, lte: 20 } } });
  });
  it('* as an open bound', () => {
    expect(build(`${RETENTION}:[* TO 20]`)).toEqual({ range: { [RETENTION]: { lte: 20 } } });
    expect(build(`${RETENTION}:{10 TO *]`)).toEqual({ range: { [RETENTION]: { gt: 10 } } });
    expect(build(`${RETENTION}:[* TO *]`)).toEqual({ exists: { field: RETENTION } });
  });
  it('negative range bounds', () => expect(build(`${RETENTION}:[-5 TO -1]`)).toEqual({ range: { [RETENTION]: { gte: -5, lte: -1 } } }));
  it('dates as YYYY-MM-DD or epoch millis', () => {
    const d = 'structuredProperties.io_acryl_privacy_deadline';
    expect(build(`${d}:>=2024-01-01`)).toEqual({ range: { [d]: { gte: 1704067200000 } } });
    expect(build(`${d}:[2024-01-01 TO 1735689600000}`)).toEqual({ range: { [d]: { gte: 1704067200000, lt: 1735689600000 } } });
    expect(build(`${d}:2024-06-14`)).toEqual({ term: { [d]: 1718323200000 } });
  });
  it('keyword ranges compare as strings', () => expect(build('tags:[a TO m]')).toEqual({ range: { tags: { gte: 'a', lte: 'm' } } }));
});

describe('terms by field kind', () => {
  it('keyword exact', () => expect(build('platform:hive')).toEqual({ term: { platform: 'hive' } }));
  it('quoted keyword value keeps colons', () => expect(build('tags:"urn:li:tag:pii"')).toEqual({ term: { tags: 'urn:li:tag:pii' } }));
  it('escaped colons', () => expect(build('tags:urn\\:li\\:tag\\:pii')).toEqual({ term: { tags: 'urn:li:tag:pii' } }));
  it('double exact', () => expect(build(`${RETENTION}:60`)).toEqual({ term: { [RETENTION]: 60 } }));
  it('quoted double', () => expect(build(`${RETENTION}:"60.0"`)).toEqual({ term: { [RETENTION]: 60 } }));
  it('boolean exact', () => expect(build('removed:true')).toEqual({ term: { removed: true } }));
  it('keyword with textPath: a bare word is analysed, its words in order', () => {
    expect(build('name:sales')).toEqual({ match_phrase: { 'name.text': 'sales' } });
    expect(build('name:sales.orders')).toEqual({ match_phrase: { 'name.text': 'sales.orders' } });
  });
  it('keyword with textPath: quoted is a phrase', () => expect(build('name:"Sales Data"')).toEqual({ match_phrase: { 'name.text': 'Sales Data' } }));
  it('text field', () => {
    expect(build('description:pii')).toEqual({ match_phrase: { description: 'pii' } });
    expect(build('description:pii~')).toEqual({ match: { description: { query: 'pii', fuzziness: 1 } } });
    expect(build('description:"personal data"~2')).toEqual({ match_phrase: { description: { query: 'personal data', slop: 2 } } });
  });
  it('trailing wildcards on keyword', () => {
    expect(build('tags:urn\\:li\\:tag\\:p*')).toEqual({ wildcard: { tags: { value: 'urn:li:tag:p*' } } });
    expect(build('platform:h?ve')).toEqual({ wildcard: { platform: { value: 'h?ve' } } });
    const either = (value: string) => ({ bool: { should: [{ wildcard: { name: { value, case_insensitive: true } } }, { wildcard: { 'name.text': { value, case_insensitive: true } } }], minimum_should_match: 1 } });
    expect(build('name:sal*')).toEqual(either('sal*'));
  });
  it('escaped wildcard characters stay literal', () => expect(build('platform:a\\*b*')).toEqual({ wildcard: { platform: { value: 'a\\*b*' } } }));
  it('fuzzy distance 1', () => {
    expect(build('platform:hiv~1')).toEqual({ fuzzy: { platform: { value: 'hiv', fuzziness: 1 } } });
    expect(build('platform:hiv~0')).toEqual({ term: { platform: 'hiv' } });
  });
});

describe('existence', () => {
  it('_exists_:field', () => expect(build(`_exists_:${RETENTION}`)).toEqual({ exists: { field: RETENTION } }));
  it('field:*', () => expect(build('tags:*')).toEqual({ exists: { field: 'tags' } }));
  it('NOT _exists_', () => expect(build(`NOT _exists_:${RETENTION}`)).toEqual({ bool: { must_not: [{ exists: { field: RETENTION } }] } }));
});

describe('bare terms', () => {
  it('a word: each place is a tier, the best one counts; a typo tier for words of four letters or more', () => {
    expect(build('Sales')).toEqual(
      ranked(
        tier({ term: { 'name.exact': 'sales' } }, 100, 'name'),
        tier({ match: { 'name.text': { query: 'Sales', operator: 'and' } } }, 60, 'name'),
        tier({ match: { description: { query: 'Sales', operator: 'and' } } }, 8, 'description'),
        tier({ match: { 'name.text': { query: 'Sales', fuzziness: 'AUTO:4,1000', operator: 'and' } } }, 2, 'name'),
      ),
    );
    // Short words are never matched with a typo, unless asked for with `~`.
    expect(JSON.stringify(build('abc'))).not.toMatch(/fuzziness/);
    expect(JSON.stringify(build('abc~'))).toMatch(/"fuzziness":"AUTO:1,1000"/);
  });
  it('quoted phrase: the words in order in an analysed place', () =>
    expect(build('"sales data"')).toEqual(ranked(tier({ match_phrase: { 'name.text': 'sales data' } }, 60, 'name'), tier({ match_phrase: { description: 'sales data' } }, 8, 'description'))));
  it('wildcard: a word of an analysed place, any case', () => {
    expect(build('sal*')).toEqual(
      ranked(tier({ wildcard: { 'name.text': { value: 'sal*', case_insensitive: true } } }, 60, 'name'), tier({ wildcard: { description: { value: 'sal*', case_insensitive: true } } }, 8, 'description')),
    );
  });
  it('several plain words found together in one place score that place more', () => {
    const q = build('customer orders') as any;
    expect(q.bool.must).toHaveLength(2);
    expect(q.bool.should).toEqual([ranked(tier({ match: { 'name.text': { query: 'customer orders', operator: 'and' } } }, 100, 'name'))]);
    expect((build('customer ord*') as any).bool.should).toBeUndefined();
  });
  it('refused when nothing is searched by bare words', () => {
    expect(() => buildQueryStringQuery(parseQueryString('sales'), resolve)).toThrow(/name a field/);
  });
});

describe('boolean operators', () => {
  const tag = (t: string) => ({ term: { tags: t } });
  it('AND', () => expect(build('tags:a AND tags:b')).toEqual({ bool: { must: [tag('a'), tag('b')] } }));
  it('&& and implicit AND', () => {
    expect(build('tags:a && tags:b')).toEqual({ bool: { must: [tag('a'), tag('b')] } });
    expect(build('tags:a tags:b')).toEqual({ bool: { must: [tag('a'), tag('b')] } });
  });
  it('OR', () => expect(build('tags:a OR tags:b OR tags:c')).toEqual({ bool: { should: [tag('a'), tag('b'), tag('c')], minimum_should_match: 1 } }));
  it('leading NOT', () => expect(build('NOT tags:a')).toEqual({ bool: { must_not: [tag('a')] } }));
  it('AND NOT', () => expect(build('tags:a AND NOT tags:b')).toEqual({ bool: { must: [tag('a')], must_not: [tag('b')] } }));
  it('binary NOT', () => expect(build('tags:a NOT tags:b')).toEqual({ bool: { must: [tag('a')], must_not: [tag('b')] } }));
  it('NOT applies to one clause only', () => expect(build('NOT tags:a tags:b')).toEqual({ bool: { must: [tag('b')], must_not: [tag('a')] } }));
  it('-field:value and field:-value', () => {
    expect(build('-tags:a')).toEqual({ bool: { must_not: [tag('a')] } });
    expect(build('tags:-a')).toEqual({ bool: { must_not: [tag('a')] } });
    expect(build('tags:a -tags:b')).toEqual({ bool: { must: [tag('a')], must_not: [tag('b')] } });
  });
  it('+ prefix is a plain required clause', () => expect(build('+tags:a +tags:b')).toEqual({ bool: { must: [tag('a'), tag('b')] } }));
  it('negated group', () => {
    expect(build('-(tags:a OR tags:b)')).toEqual({ bool: { must_not: [{ bool: { should: [tag('a'), tag('b')], minimum_should_match: 1 } }] } });
  });
  it('field group', () => expect(build('tags:(a OR b)')).toEqual({ bool: { should: [tag('a'), tag('b')], minimum_should_match: 1 } }));
  it('parentheses', () => {
    expect(build(`(tags:a OR tags:b) AND ${RETENTION}:>45`)).toEqual({
      bool: { must: [{ bool: { should: [tag('a'), tag('b')], minimum_should_match: 1 } }, { range: { [RETENTION]: { gt: 45 } } }] },
    });
  });
  it('operators group to the right (the parser has no precedence)', () => {
    expect(build('tags:a AND tags:b OR tags:c')).toEqual({ bool: { must: [tag('a'), { bool: { should: [tag('b'), tag('c')], minimum_should_match: 1 } }] } });
  });
  it('* next to other clauses adds nothing', () => expect(build('* AND tags:a')).toEqual({ bool: { must: [tag('a')] } }));
});

describe('referencedFields', () => {
  it('lists distinct user field names, including _exists_ targets', () => {
    const p = parseQueryString(`tags:a AND (${RETENTION}:>4 OR tags:b) AND _exists_:name AND sales`);
    expect(referencedFields(p)).toEqual(['tags', RETENTION, 'name']);
  });
  it('field groups count once', () => expect(referencedFields(parseQueryString('platform:(a OR b)'))).toEqual(['platform']));
});

describe('refusals', () => {
  it('syntax errors name the character', () => {
    const e = refusal('tags:a,b');
    expect(e.message).toBe('Invalid query syntax: unexpected "," at character 7');
    expect(e.position).toBe(7);
  });
  it('unclosed quote', () => expect(refusal('tags:"abc').message).toBe('Invalid query syntax: unexpected end of query at character 10'));
  it('unbalanced parentheses', () => {
    expect(refusal('(tags:a').message).toBe("Unclosed '(' at character 1");
    expect(refusal('tags:a)').message).toBe("Unmatched ')' at character 7");
  });
  it('dangling operators', () => {
    expect(refusal('AND tags:a').message).toBe('AND needs a clause before it at character 1');
    expect(refusal('tags:a OR').message).toBe('OR needs a clause after it at character 8');
    expect(refusal('tags:a NOT').message).toBe('NOT needs a clause after it at character 8');
  });
  it('field without value', () => expect(refusal('tags: AND x').message).toBe('Field tags has no value at character 1'));
  it('leading wildcards', () => {
    expect(refusal('tags:*abc').message).toBe('Leading wildcards are not supported ("*abc") at character 6');
    expect(refusal('?abc').message).toBe('Leading wildcards are not supported ("?abc") at character 1');
  });
  it('regular expressions', () => expect(refusal('tags:/ab.*/').message).toBe('Regular expressions are not supported at character 6'));
  it('fuzzy distance above 1', () => expect(refusal('tags:sales~2').message).toBe('Fuzzy edit distance above 1 is not supported ("~2") at character 11'));
  it('too many clauses', () => {
    const q = Array.from({ length: 65 }, (_, i) => `tags:t${i}`).join(' OR ');
    expect(refusal(q, false).message).toBe('Query has 65 clauses; at most 64 are allowed');
    expect(() => parseQueryString(q, { maxClauses: 65 })).not.toThrow();
  });
  it('too many characters', () => {
    expect(refusal('x'.repeat(2001), false).message).toBe('Query is 2001 characters long; at most 2000 are allowed');
    expect(() => parseQueryString('tags:abc', { maxChars: 5 })).toThrow(SearchInputError);
  });
  it('fields the resolver rejects, with their position', () => {
    expect(refusal('tags:a AND _secret:1').message).toBe('Unknown search field _secret at character 12');
    expect(refusal('aspects.status:x').message).toBe('Unknown search field aspects.status at character 1');
    expect(refusal('_exists_:aspects.x').message).toBe('Unknown search field aspects.x at character 10');
  });
  it('values of the wrong shape', () => {
    expect(refusal(`${RETENTION}:abc`).message).toBe(`Invalid value "abc" for field ${RETENTION}: expected a number at character 1`);
    expect(refusal(`${RETENTION}:>NaN`).message).toMatch(/Invalid value "NaN" .* expected a number/);
    expect(refusal('structuredProperties.io_acryl_privacy_deadline:2024-02-30').message).toMatch(/expected a date as YYYY-MM-DD or epoch milliseconds/);
    expect(refusal('removed:maybe').message).toMatch(/Invalid value "maybe" for field removed: expected true or false/);
  });
  it('wildcards on numbers, ranges on text, comparisons without a field', () => {
    expect(refusal(`${RETENTION}:4*`).message).toMatch(/not supported on double field/);
    expect(refusal('description:[a TO b]').message).toMatch(/Ranges are not supported on text field description/);
    expect(refusal('>45').message).toBe('Comparison ">45" needs a field, as in field:>45');
    expect(refusal(`${RETENTION}:>`).message).toBe(`Comparison "${RETENTION}:>" needs a value at character 1`);
  });
});

describe('everyday field names (the catalog\'s own allow-list)', () => {
  const everyday = (q: string) =>
    buildQueryStringQuery(parseQueryString(q), (name) => {
      if (!Object.hasOwn(BUILTIN_FIELDS, name)) throw new SearchInputError(`Unknown search field ${name}`);
      return { name, ...BUILTIN_FIELDS[name] };
    }, TEXT);
  it('a platform or tag by its id, a pattern on ids too; a whole URN is kept', () => {
    expect(everyday('platform:hive')).toEqual({ term: { platform: 'urn:li:dataPlatform:hive' } });
    expect(everyday('platform:"urn:li:dataPlatform:hive"')).toEqual({ term: { platform: 'urn:li:dataPlatform:hive' } });
    expect(everyday('platform:hi*')).toEqual({ wildcard: { platform: { value: 'urn:li:dataPlatform:hi*' } } });
    expect(everyday('tags:pii')).toEqual({ term: { tags: 'urn:li:tag:pii' } });
    expect(everyday('tag:pii')).toEqual({ term: { tags: 'urn:li:tag:pii' } });
    expect(everyday('fieldTags:pii')).toEqual({ term: { fieldTags: 'urn:li:tag:pii' } });
  });
  it('origin in any case', () => expect(everyday('origin:prod')).toEqual({ term: { origin: 'PROD' } }));
  it('a column by a word inside its path, any case, literal text', () => {
    expect(everyday('column:email')).toEqual({ wildcard: { fieldPaths: { value: '*email*', case_insensitive: true } } });
    expect(everyday('column:cust*')).toEqual({ wildcard: { fieldPaths: { value: '*cust*', case_insensitive: true } } });
    expect(everyday('column:"a*b"')).toEqual({ wildcard: { fieldPaths: { value: '*a\\*b*', case_insensitive: true } } });
    expect(everyday('fieldPaths:email')).toEqual({ term: { fieldPaths: 'email' } });
  });
});
