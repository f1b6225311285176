import { describe, expect, it } from 'vitest';
import { judgedCatalog } from '../relevance/judged-catalog.js';
import { JUDGED_QUERIES, type JudgedQuery } from '../relevance/judged-queries.js';
import { firstRelevantRank, formatMisses, mrrAt10, runJudgedSet, shortUrn, successAt } from '../relevance/relevance-metrics.js';

const q = (query: string, relevant: string[]): JudgedQuery => ({ query, relevant, category: 'name', note: '' });

describe('relevance metrics', () => {
  it('finds the rank of the first relevant result', () => {
    expect(firstRelevantRank(['a', 'b', 'c'], ['c', 'b'])).toBe(2);
    expect(firstRelevantRank(['a', 'b'], ['z'])).toBeUndefined();
    expect(firstRelevantRank([], ['a'])).toBeUndefined();
  });

  it('success@k counts queries with a relevant result within k', () => {
    expect(successAt([1, 3, 4, undefined], 3)).toBe(0.5);
    expect(successAt([1, 3, 4, undefined], 1)).toBe(0.25);
    expect(successAt([1, 2], 3)).toBe(1);
    expect(successAt([], 3)).toBe(0);
  });

  it('MRR@10 averages 1/rank, 0 past 10 or for none', () => {
    expect(mrrAt10([1, 2, 4, undefined])).toBeCloseTo((1 + 0.5 + 0.25 + 0) / 4, 12);
    expect(mrrAt10([11, 10])).toBeCloseTo(0.05, 12);
    expect(mrrAt10([1])).toBe(1);
    expect(mrrAt10([])).toBe(0);
  });

  it('runs a judged set and lists what was missed, failures included', async () => {
    const answers: Record<string, string[]> = { one: ['x', 'a'], two: ['b', 'y'], three: ['p', 'q', 'r', 's'] };
    const run = await runJudgedSet(async (query) => {
      if (query === 'four') throw new Error('Unknown search field owners');
      return answers[query];
    }, [q('one', ['a']), q('two', ['b']), q('three', ['s']), q('four', ['z'])]);
    expect(run.outcomes.map((o) => o.rank)).toEqual([2, 1, 4, undefined]);
    expect(run.successAt3).toBe(0.5);
    expect(run.mrrAt10).toBeCloseTo((0.5 + 1 + 0.25) / 4, 12);
    const text = formatMisses(run);
    expect(text.split('\n')).toEqual([
      'success@3 0.500, MRR@10 0.438 over 4 queries',
      '  "one" (name; first relevant at 2): expected one of [a]; got [x, a]',
      '  "three" (name; first relevant at 4): expected one of [s]; got [p, q, r]',
      '  "four" (name; not in top 10): expected one of [z]; error: Unknown search field owners',
    ]);
  });

  it('shortens dataset URNs for the miss list', () => {
    expect(shortUrn('urn:li:dataset:(urn:li:dataPlatform:hive,sales.orders,PROD)')).toBe('hive:sales.orders');
    expect(shortUrn('urn:li:dataset:(urn:li:dataPlatform:hive,hr.payroll,DEV)')).toBe('hive:hr.payroll/DEV');
  });
});

describe('the judged set', () => {
  const catalog = judgedCatalog();
  const urns = new Set(catalog.map((d) => d.urn));

  it('is a deterministic catalog of about 400 distinct datasets', () => {
    expect(catalog.length).toBeGreaterThanOrEqual(300);
    expect(catalog.length).toBeLessThanOrEqual(500);
    expect(urns.size).toBe(catalog.length);
    expect(JSON.stringify(judgedCatalog())).toBe(JSON.stringify(catalog));
  });

  it('has at least 60 queries, each with a small set of datasets that exist', () => {
    expect(JUDGED_QUERIES.length).toBeGreaterThanOrEqual(60);
    expect(new Set(JUDGED_QUERIES.map((j) => j.query)).size).toBe(JUDGED_QUERIES.length);
    for (const j of JUDGED_QUERIES) {
      expect(j.relevant.length, j.query).toBeGreaterThanOrEqual(1);
      expect(j.relevant.length, j.query).toBeLessThanOrEqual(6);
      for (const urn of j.relevant) expect(urns.has(urn), `${j.query}: ${urn}`).toBe(true);
    }
    expect(JUDGED_QUERIES.filter((j) => j.category === 'typo').length).toBeGreaterThanOrEqual(8);
  });
});
