/** The README's dataset file with every key is one `tessera dataset upsert` accepts, and it writes every key it shows. */
import { readFileSync } from 'node:fs';
import { CORE_SCHEMA, load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { parseDatasetFile } from '../../src/cli/dataset-file.js';
import { buildProposal } from '../../src/sdk/emitter.js';

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

describe("the README's dataset file", () => {
  it('parses, builds valid proposals, and writes every aspect its keys name', () => {
    const at = README.indexOf('**A dataset file with every key**');
    const start = README.indexOf('```yaml\n', at) + 8;
    const block = README.slice(start, README.indexOf('\n```', start));
    const [plan] = parseDatasetFile('sales.yaml', load(block, { schema: CORE_SCHEMA }));
    for (const change of plan.changes) expect(() => buildProposal(change)).not.toThrow();
    const own = plan.changes.filter((c) => c.entityUrn === plan.urn).map((c) => c.aspectName).sort();
    expect(plan.urn).toBe('urn:li:dataset:(urn:li:dataPlatform:snowflake,sales.orders,PROD)');
    expect(own).toEqual(expect.arrayContaining(['datasetProperties', 'domains', 'globalTags', 'glossaryTerms', 'ownership', 'schemaMetadata', 'structuredProperties', 'subTypes']));
    expect(plan.changes.some((c) => c.entityUrn.startsWith('urn:li:schemaField:') && c.aspectName === 'structuredProperties')).toBe(true);
    expect(plan.changes.some((c) => c.aspectName === 'upstreamLineage' && c.entityUrn.includes('sales.orders_daily'))).toBe(true);
    expect(plan.propertyUrns.sort()).toEqual(['urn:li:structuredProperty:io.acme.privacy.tier', 'urn:li:structuredProperty:io.acme.retention.days']);
  });
});
