/** The one earlier version kept beside a run's value, what a rollback makes of it, and the run search fields. */
import { describe, expect, it } from 'vitest';
import { DELETE_ASPECT, KEEP_ASPECT } from '../../src/catalog/write-input.js';
import { DEFAULT_RUN_ID, keptPrevious, revertOf, runFieldsOf } from '../../src/catalog/runs/run-aspects.js';
import type { EntityDoc, StoredAspect } from '../../src/storage/entity-store.js';

const at = (time: number) => ({ time, actor: 'urn:li:corpuser:x' });
const stored = (value: unknown, runId?: string, previous?: unknown, time = 1): StoredAspect => ({
  value,
  created: at(0),
  lastModified: at(time),
  version: time,
  ...((runId || previous) && { meta: { ...(runId && { systemMetadata: { runId } }), ...(previous ? { previous } : {}) } }),
});
const run = (runId: string) => ({ runId });

describe('keptPrevious', () => {
  it('keeps the stored value when a run overwrites another run’s (or no run’s) value, with its meta', () => {
    expect(keptPrevious(stored({ n: 1 }, 'a'), run('b'), { n: 2 })).toEqual({ value: { n: 1 }, lastModified: at(1), version: 1, meta: { systemMetadata: { runId: 'a' } } });
    expect(keptPrevious(stored({ n: 1 }), run('b'), { n: 2 })).toEqual({ value: { n: 1 }, lastModified: at(1), version: 1 });
  });

  it('keeps nothing for a new aspect, a write of no run or of the default run id', () => {
    expect(keptPrevious(undefined, run('b'), { n: 2 })).toBeUndefined();
    expect(keptPrevious(stored({ n: 1 }, 'a'), undefined, { n: 2 })).toBeUndefined();
    expect(keptPrevious(stored({ n: 1 }, 'a'), run(DEFAULT_RUN_ID), { n: 2 })).toBeUndefined();
  });

  it('keeps what the run overwrote first when the same run writes again, never a previous of a previous', () => {
    const first = { value: { n: 1 }, lastModified: at(1), version: 1 };
    expect(keptPrevious(stored({ n: 2 }, 'b', first, 2), run('b'), { n: 3 })).toEqual(first);
    expect(keptPrevious(stored({ n: 2 }, 'b', undefined, 2), run('b'), { n: 3 })).toBeUndefined();
    const kept = keptPrevious(stored({ n: 2 }, 'b', first, 2), run('c'), { n: 3 });
    expect(kept).toEqual({ value: { n: 2 }, lastModified: at(2), version: 2, meta: { systemMetadata: { runId: 'b' } } });
  });

  it('leaves out a value equal to the new one, and writes it in once the run changes the value', () => {
    const same = keptPrevious(stored({ n: 1 }, 'a'), run('b'), { n: 1 });
    expect(same).toEqual({ lastModified: at(1), version: 1, meta: { systemMetadata: { runId: 'a' } } });
    expect(keptPrevious(stored({ n: 1 }, 'b', same, 2), run('b'), { n: 1 })).toBe(same);
    expect(keptPrevious(stored({ n: 1 }, 'b', same, 2), run('b'), { n: 5 })).toEqual({ ...same, value: { n: 1 } });
  });
});

describe('revertOf', () => {
  const kept = { value: { n: 1 }, lastModified: at(1), version: 1, meta: { systemMetadata: { runId: 'a' } } };
  it('restores the kept version of the run’s value, removes what the run created, leaves the others', () => {
    expect(revertOf(stored({ n: 2 }, 'b', kept, 2), 'b', false)).toEqual(kept);
    expect(revertOf(stored({ n: 2 }, 'b', undefined, 2), 'b', false)).toBe(DELETE_ASPECT);
    expect(revertOf(stored({ n: 2 }, 'c', kept, 2), 'b', false)).toBe(KEEP_ASPECT);
    expect(revertOf(undefined, 'b', false)).toBe(KEEP_ASPECT);
  });

  it('leaves a key aspect the run created (its entity goes as a whole), restores one it overwrote', () => {
    expect(revertOf(stored({ id: 'x' }, 'b'), 'b', true)).toBe(KEEP_ASPECT);
    expect(revertOf(stored({ id: 'x' }, 'b', { lastModified: at(1), version: 1 }, 2), 'b', true)).toEqual({ value: { id: 'x' }, lastModified: at(1), version: 1 });
  });
});

describe('runFieldsOf', () => {
  it('counts each run’s aspects and its newest write, in aspect order, without the default run id', () => {
    const doc: EntityDoc = {
      urn: 'urn:li:tag:t',
      entityType: 'tag',
      aspects: { tagKey: stored({ name: 't' }, 'b', undefined, 3), tagProperties: stored({}, 'a', undefined, 5), status: stored({}, 'b', undefined, 7), ownership: stored({}, DEFAULT_RUN_ID), deprecation: stored({}) },
    };
    expect(runFieldsOf(doc)).toEqual({ runIds: ['b', 'a'], runs: [{ runId: 'b', rows: 2, time: 7 }, { runId: 'a', rows: 1, time: 5 }] });
    expect(runFieldsOf({ ...doc, aspects: { deprecation: stored({}) } })).toEqual({});
  });
});
