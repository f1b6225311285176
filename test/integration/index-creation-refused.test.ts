import { inject } from 'vitest';
import { Client } from '@opensearch-project/opensearch';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { startTestApp } from './harness.js';

// An index OpenSearch refuses to create (here past its shards-per-node limit) stops the start with the node's reason;
// it used to be ignored as a creation race, and the start went on to reads failing with no_shard_available.
describe('an index the node refuses to create', () => {
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
});
