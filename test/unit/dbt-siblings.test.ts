/** Which dbt dataset and warehouse table a dataset's lineage pairs as siblings (the original's sibling hook rules). */
import { describe, expect, it } from 'vitest';
import { siblingPairOf } from '../../src/catalog/hooks/dbt-siblings.js';

const ds = (platform: string, name: string) => `urn:li:dataset:(urn:li:dataPlatform:${platform},${name},PROD)`;
const lineage = (...upstreams: string[]) => ({ upstreamLineage: { value: { upstreams: upstreams.map((dataset) => ({ dataset, type: 'COPY' })) } } });
const source = { subTypes: { value: { typeNames: ['Source'] } } };

describe('dbt sibling pairs', () => {
  it('a dbt source names the one warehouse table it reads', () => {
    expect(siblingPairOf(ds('dbt', 'w.raw.orders'), { ...source, ...lineage(ds('postgres', 'w.raw.orders')) })).toEqual({ dbt: ds('dbt', 'w.raw.orders'), warehouse: ds('postgres', 'w.raw.orders') });
  });
  it('a warehouse table names the one dbt model that builds it', () => {
    expect(siblingPairOf(ds('postgres', 'w.stg_orders'), lineage(ds('dbt', 'w.stg_orders')))).toEqual({ dbt: ds('dbt', 'w.stg_orders'), warehouse: ds('postgres', 'w.stg_orders') });
  });
  it('pairs nothing for a dbt model, two candidates, or no lineage', () => {
    expect(siblingPairOf(ds('dbt', 'w.stg'), lineage(ds('postgres', 'w.raw')))).toBeUndefined();
    expect(siblingPairOf(ds('dbt', 'w.raw'), { ...source, ...lineage(ds('postgres', 'a'), ds('postgres', 'b')) })).toBeUndefined();
    expect(siblingPairOf(ds('postgres', 'w.mart'), lineage(ds('dbt', 'a'), ds('dbt', 'b')))).toBeUndefined();
    expect(siblingPairOf(ds('postgres', 'w.mart'), {})).toBeUndefined();
  });
});
