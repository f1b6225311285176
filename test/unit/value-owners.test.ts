/** Who set each value and what a whole write may replace (catalog/value-owners), and how the web page says it. */
import { describe, expect, it } from 'vitest';
import type { CatalogDeps } from '../../src/catalog/catalog-deps.js';
import { isLoad, ownerOf, setterOf, settersAfter } from '../../src/catalog/value-owners/value-setters.js';
import { mergeWholeWrite, ownershipRecords } from '../../src/catalog/value-owners/whole-write.js';
import { ago, setBySentence } from '../../web/src/components/set-by.js';

const STEWARD = 'urn:li:corpuser:steward';
const LOADER = 'urn:li:corpuser:service.nightly';
const tags = (...t: string[]) => ({ tags: t.map((tag) => ({ tag: `urn:li:tag:${tag}` })) });
const steward = setterOf(STEWARD, 1, undefined, 'GRAPHQL');
const nightly = setterOf(LOADER, 2, { properties: { 'tessera.sourceFile': 'nightly.yaml' } }, 'CLI');
const dbt = (actor: string) => setterOf(actor, 3, { pipelineName: 'dbt-prod', runId: 'r1' }, 'WIRE');
// Tags need no definitions: the engine is never asked.
const noServices = {} as CatalogDeps;

describe('value setters', () => {
  it('say who and through what; a pipeline owns its values whoever runs it; a load is a run, pipeline or file', () => {
    expect(nightly).toEqual({ time: 2, actor: LOADER, sourceDetail: { via: 'CLI', file: 'nightly.yaml' } });
    expect(dbt(STEWARD)).toEqual({ time: 3, actor: STEWARD, source: 'dbt-prod', sourceDetail: { via: 'WIRE', runId: 'r1' } });
    expect(ownerOf(dbt(STEWARD))).toBe(ownerOf(dbt(LOADER)));
    expect(ownerOf(nightly)).toBe(LOADER);
    expect([steward, nightly, dbt(STEWARD), setterOf(STEWARD, 1, { runId: 'no-run-id-provided' }, 'WIRE')].map(isLoad)).toEqual([false, true, true, false]);
  });

  it('an unchanged entry keeps its setter; a new or changed one takes the writer; unrecorded ones stay unrecorded', () => {
    const before = tags('gold', 'raw', 'old');
    const after = { tags: [{ tag: 'urn:li:tag:gold' }, { tag: 'urn:li:tag:raw', context: 'new' }, { tag: 'urn:li:tag:old' }, { tag: 'urn:li:tag:fresh' }] };
    expect(settersAfter('globalTags', before, { 'urn:li:tag:gold': steward, 'urn:li:tag:raw': steward }, after, nightly)).toEqual({
      'urn:li:tag:gold': steward,
      'urn:li:tag:raw': nightly,
      'urn:li:tag:fresh': nightly,
    });
  });
});

describe('a whole write', () => {
  const setters = { 'urn:li:tag:gold': steward, 'urn:li:tag:raw': nightly, 'urn:li:tag:certified': dbt(LOADER) };

  it("keeps what others set and it leaves out, removes its own and the unrecorded, and records the rules", async () => {
    const { value, decisions } = await mergeWholeWrite(noServices, 'globalTags', tags('gold', 'raw', 'legacy', 'certified'), setters, tags('fresh'), nightly, new Map());
    expect(value).toEqual(tags('fresh', 'gold', 'certified'));
    expect(decisions.map((d) => [d.key, d.rule])).toEqual([
      ['urn:li:tag:gold', 'KEPT_FOR_ITS_SETTER'],
      ['urn:li:tag:raw', 'SAME_SETTER'],
      ['urn:li:tag:legacy', 'NO_SETTER_RECORDED'],
      ['urn:li:tag:certified', 'KEPT_FOR_ITS_SETTER'],
    ]);
    const removals = [{ aspect: 'globalTags', category: 'TAG' as const, operation: 'REMOVE' as const, modifier: 'urn:li:tag:raw' }];
    const records = ownershipRecords('globalTags', decisions, removals, (d) => d.key === 'urn:li:tag:certified');
    expect(records).toEqual([
      { ...removals[0], rule: 'SAME_SETTER', setBy: { actor: LOADER } },
      { aspect: 'globalTags', category: 'TAG', operation: 'KEEP', modifier: 'urn:li:tag:gold', rule: 'KEPT_FOR_ITS_SETTER', setBy: { actor: STEWARD } },
    ]);
  });

  it("a load keeps another's entry it names with another value; a person's whole write replaces it", async () => {
    const before = { tags: [{ tag: 'urn:li:tag:gold', context: 'steward' }] };
    const sent = { tags: [{ tag: 'urn:li:tag:gold', context: 'load' }] };
    expect((await mergeWholeWrite(noServices, 'globalTags', before, setters, sent, nightly, new Map())).value).toEqual(before);
    const byPerson = await mergeWholeWrite(noServices, 'globalTags', before, setters, sent, setterOf('urn:li:corpuser:ann', 4, undefined, 'REST_V3'), new Map());
    expect(byPerson.value).toEqual(sent);
    expect(byPerson.decisions).toEqual([{ key: 'urn:li:tag:gold', rule: 'NAMED_BY_A_PERSON', setBy: steward }]);
  });

  it('an entry resent as it is, or a write of the same setter, decides nothing', async () => {
    expect((await mergeWholeWrite(noServices, 'globalTags', tags('gold'), setters, tags('gold'), nightly, new Map())).decisions).toEqual([]);
  });
});

describe('the dataset page', () => {
  it('says who set a value, or the pipeline it came from, and how long ago', () => {
    const now = Date.now();
    expect(ago(now - 3 * 86_400_000 - 5, now)).toBe('3 days ago');
    expect(ago(now - 61_000, now)).toBe('1 minute ago');
    expect(ago(now + 5_000, now)).toBe('just now');
    expect(setBySentence({ time: now, actor: { urn: STEWARD }, sourceDetail: [{ key: 'via', value: 'GRAPHQL' }] })).toBe('set by steward · just now');
    expect(setBySentence({ time: now, actor: { urn: LOADER }, sourceDetail: [{ key: 'file', value: 'nightly.yaml' }] })).toBe('set by service.nightly from nightly.yaml · just now');
    expect(setBySentence({ time: now, actor: { urn: LOADER }, sourceDetail: [{ key: 'pipelineName', value: 'dbt-prod' }] })).toBe('from dbt-prod · just now');
  });
});
