import { afterEach, describe, expect, it, vi } from 'vitest';
import { DefinitionCache } from '../../src/catalog/definition-cache.js';
import { loadDefinitions, type DefinitionInfo } from '../../src/catalog/definitions.js';
import type { CatalogDeps } from '../../src/catalog/catalog-deps.js';

const info = (urn: string): DefinitionInfo => ({ urn, definition: { qualifiedName: urn.split(':').pop()!, valueType: 'urn:li:dataType:datahub.string', entityTypes: [] } as never, removed: false, generation: 'g1' });
const A = 'urn:li:structuredProperty:a';
const B = 'urn:li:structuredProperty:b';

afterEach(() => vi.useRealTimers());

describe('the definitions cache seen by one read', () => {
  it('keeps a remembered definition for the whole request, even when it expires between the check and the use', async () => {
    vi.useFakeTimers();
    const cache = new DefinitionCache(1000);
    cache.remember(B, Promise.resolve(info(B)));
    // A's fetch is slow: the request awaits it after deciding B is remembered, and B's entry expires meanwhile.
    let release!: () => void;
    const slow = new Promise<void>((r) => (release = r));
    const services = {
      store: {
        mget: async (_type: string, urns: string[]) => {
          await slow;
          return new Map(urns.map((u) => [u, { urn: u, entityType: 'structuredProperty', generation: 'g1', aspects: { propertyDefinition: { value: info(u).definition } } }]));
        },
      },
    } as unknown as CatalogDeps;
    const loading = loadDefinitions(services, [A, B], cache.memo());
    vi.advanceTimersByTime(1500);
    release();
    const defs = await loading;
    expect([...defs.keys()].sort()).toEqual([A, B]);
    expect(defs.get(B)?.generation).toBe('g1');
  });

  it('answers an expired entry as unknown to a request that had not looked at it yet', () => {
    vi.useFakeTimers();
    const cache = new DefinitionCache(1000);
    cache.remember(B, Promise.resolve(info(B)));
    vi.advanceTimersByTime(1500);
    const memo = cache.memo();
    expect(memo.has(B)).toBe(false);
    expect(memo.get(B)).toBeUndefined();
  });
});
