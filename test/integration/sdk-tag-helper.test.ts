import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mintToken } from '../../src/auth/tokens.js';
import { addTag, Emitter, removeTag, TesseraClient } from '../../src/sdk/index.js';
import { startTestApp, TEST_SECRET, type TestApp } from './harness.js';

const DS = 'urn:li:dataset:(urn:li:dataPlatform:hive,sdk.tagged,PROD)';
let app: TestApp;
let token: string;

/** A separate client and emitter per caller, as separate processes would have. */
function emitterWithCalls() {
  const calls: string[] = [];
  const f: typeof fetch = (input, init) => {
    calls.push(`${init?.method ?? 'GET'} ${new URL(String(input)).pathname}`);
    return fetch(input, init);
  };
  return { emitter: new Emitter(new TesseraClient({ server: app.url, token, fetch: f })), calls };
}

const tagsOf = async () => ((await new TesseraClient({ server: app.url, token }).getAspect<{ tags: { tag: string }[] }>(DS, 'globalTags'))?.tags ?? []).map((t) => t.tag);

beforeAll(async () => {
  app = await startTestApp('sdk-tag-helper');
  token = await mintToken(TEST_SECRET, 'urn:li:corpuser:tagger', 3600);
  await emitterWithCalls().emitter.upsertAspect(DS, 'datasetProperties', { name: 'tagged' });
});
afterAll(async () => app?.close());

describe('read-modify-write tag helper', () => {
  it('adds a tag, and skips the write when the tag is already there', async () => {
    const { emitter, calls } = emitterWithCalls();
    expect(await addTag(emitter, DS, 'urn:li:tag:first')).toBe('added');
    expect(calls).toEqual(['GET /openapi/v2/entity/dataset/urn%3Ali%3Adataset%3A%28urn%3Ali%3AdataPlatform%3Ahive%2Csdk.tagged%2CPROD%29/globalTags', 'POST /aspects']);
    calls.length = 0;
    expect(await addTag(emitter, DS, 'urn:li:tag:first')).toBe('present');
    expect(calls).toHaveLength(1);
    expect(await tagsOf()).toEqual(['urn:li:tag:first']);
  });

  it('keeps every tag when 16 helpers add different tags at the same moment', async () => {
    const tags = Array.from({ length: 16 }, (_, i) => `urn:li:tag:concurrent${i}`);
    const results = await Promise.all(tags.map((t) => addTag(emitterWithCalls().emitter, DS, t)));
    expect(results).toEqual(tags.map(() => 'added'));
    expect((await tagsOf()).sort()).toEqual(['urn:li:tag:first', ...tags].sort());
  });

  it('keeps one entry when 8 helpers add the same tag at once', async () => {
    await Promise.all(Array.from({ length: 8 }, () => addTag(emitterWithCalls().emitter, DS, 'urn:li:tag:same')));
    expect((await tagsOf()).filter((t) => t === 'urn:li:tag:same')).toHaveLength(1);
  });

  it('removes tags concurrently without losing the others, and reports absent ones', async () => {
    const gone = ['urn:li:tag:concurrent0', 'urn:li:tag:concurrent1', 'urn:li:tag:concurrent2', 'urn:li:tag:concurrent3'];
    expect(await Promise.all(gone.map((t) => removeTag(emitterWithCalls().emitter, DS, t)))).toEqual(gone.map(() => 'removed'));
    const left = await tagsOf();
    expect(left).toHaveLength(14);
    for (const t of gone) expect(left).not.toContain(t);
    expect(await removeTag(emitterWithCalls().emitter, DS, 'urn:li:tag:concurrent0')).toBe('absent');
  });

  it('refuses a non-tag urn and a missing dataset with precise errors', async () => {
    const { emitter } = emitterWithCalls();
    await expect(addTag(emitter, DS, 'deprecated')).rejects.toThrow(/Expected a tag urn/);
    const missing = 'urn:li:dataset:(urn:li:dataPlatform:hive,sdk.missing,PROD)';
    await expect(addTag(emitter, missing, 'urn:li:tag:x')).rejects.toMatchObject({ status: 404 });
  });
});
