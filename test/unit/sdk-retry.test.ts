import { describe, expect, it } from 'vitest';
import { Emitter, TesseraApiError, TesseraClient } from '../../src/sdk/index.js';
import { DEFAULT_RETRY, retryDelayMs } from '../../src/sdk/retry.js';

// The SDK's retry policy, on a stand-in transport: which answers are retried, how often, and how long it waits.
const URN = 'urn:li:dataset:(urn:li:dataPlatform:hive,sdk.retry,PROD)';

/** Answers the first `failFirst` calls with `status`, then 200 as the ingest wire does. */
function scriptedFetch(failFirst: number, status: number) {
  const calls: string[] = [];
  const f: typeof fetch = async (input) => {
    calls.push(String(input));
    if (calls.length <= failFirst) return new Response(JSON.stringify({ error: 'busy', message: 'try later' }), { status, headers: { 'retry-after': '0' } });
    return new Response(JSON.stringify({ value: URN }), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  return { fetch: f, calls };
}

const emitterWith = (f: typeof fetch, retry: Partial<typeof DEFAULT_RETRY> = {}) =>
  new Emitter(new TesseraClient({ server: 'http://tessera.invalid/gms', token: 't', fetch: f, retry: { baseDelayMs: 1, ...retry } }));

describe('SDK retries', () => {
  it('retries 429 and 503 with backoff until it gets through', async () => {
    const flaky = scriptedFetch(2, 429);
    expect(await emitterWith(flaky.fetch).upsertAspect(URN, 'datasetProperties', { name: 'r' })).toBe(URN);
    expect(flaky.calls).toHaveLength(3);
  });

  it('gives up after its retries with the server error, and never retries a 400', async () => {
    const down = scriptedFetch(100, 503);
    const err = await emitterWith(down.fetch, { retries: 2 }).upsertAspect(URN, 'datasetProperties', { name: 'r' }).catch((e) => e);
    expect(err).toBeInstanceOf(TesseraApiError);
    expect(err).toMatchObject({ status: 503, error: 'busy', message: 'try later' });
    expect(down.calls).toHaveLength(3);
    const bad = scriptedFetch(100, 400);
    await expect(emitterWith(bad.fetch).upsertAspect(URN, 'status', { removed: true })).rejects.toMatchObject({ status: 400 });
    expect(bad.calls).toHaveLength(1);
  });

  it('computes exponential backoff with jitter, honouring Retry-After up to the cap', () => {
    const opts = { ...DEFAULT_RETRY, baseDelayMs: 100, maxDelayMs: 1000 };
    expect(retryDelayMs(0, opts, null, () => 0)).toBe(50);
    expect(retryDelayMs(0, opts, null, () => 1)).toBe(100);
    expect(retryDelayMs(3, opts, null, () => 1)).toBe(800);
    expect(retryDelayMs(6, opts, null, () => 1)).toBe(1000);
    expect(retryDelayMs(0, opts, '0.5', () => 1)).toBe(500);
    expect(retryDelayMs(0, opts, '30', () => 1)).toBe(1000);
  });
});
