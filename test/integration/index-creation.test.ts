import { inject } from 'vitest';
import { Client } from '@opensearch-project/opensearch';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { startTestApp } from './harness.js';
import { waitForPrimaries } from '../../src/storage/indices.js';

// An index OpenSearch refuses to create (here past its shards-per-node limit) stops the start with the node's reason;
// it used to be ignored as a creation race, and the start went on to reads failing with no_shard_available.
describe('creating the catalog\'s indices', () => {
  it('stops the start with the node reason, and leaves no index behind', async () => {
    const prefix = `t_refused_${randomBytes(3).toString('hex')}_`;
    await expect(startTestApp('refused', { INDEX_PREFIX: prefix, OPENSEARCH_SHARDS: '1024' })).rejects.toThrow(
      /OpenSearch refused to create the index t_refused_[0-9a-f]+_\w+: Validation Failed: 1: this action would add \[1024\] total shards, but this cluster currently has \[\d+\]\/\[\d+\] maximum shards open/,
    );
    const raw = new Client({ node: inject('opensearchUrl') });
    const left = await raw.cat.indices({ index: `${prefix}*`, format: 'json' }, { ignore: [404] });
    expect(left.statusCode === 404 ? [] : left.body).toEqual([]);
    await raw.close();
  });

  it('a start reads nothing before every new primary has started (cluster health says yellow before that)', async () => {
    const raw = new Client({ node: inject('opensearchUrl') });
    const prefix = `t_primaries_${randomBytes(3).toString('hex')}_`;
    const names = Array.from({ length: 12 }, (_, i) => `${prefix}${i}`);
    // As a busy node answers a creation: before its primary has started.
    await Promise.all(names.map((index) => raw.indices.create({ index, wait_for_active_shards: 0, body: { settings: { number_of_replicas: 0 } } } as any)));
    await waitForPrimaries(raw, `${prefix}*`);
    const read = await raw.mget({ body: { docs: names.map((index) => ({ _index: index, _id: 'x' })) } });
    expect((read.body as { docs: { error?: unknown }[] }).docs.filter((d) => d.error)).toEqual([]);
    await raw.indices.delete({ index: `${prefix}*` });
    await raw.close();
  });
});
