import { describe, expect, it } from 'vitest';
import { parseBenchArgs } from '../../scripts/bench/args.js';
import { datasetItem, definition, propertyField } from '../../scripts/bench/catalog.js';
import { endpointOf } from '../../scripts/bench/counting-proxy.js';
import { cpuPerUnitUs, percentile, ratioOf, summarise, verdictOf } from '../../scripts/bench/stats.js';
import { formatMs, formatTable } from '../../scripts/bench/table.js';

describe('bench stats', () => {
  it('percentile is nearest-rank over unsorted samples', () => {
    const xs = [5, 1, 4, 2, 3, 10, 9, 8, 7, 6];
    expect(percentile(xs, 50)).toBe(5);
    expect(percentile(xs, 99)).toBe(10);
    expect(percentile(xs, 0)).toBe(1);
    expect(percentile([], 50)).toBeNaN();
  });
  it('summarise gives rate per second and the percentiles', () => {
    expect(summarise([1, 2, 3, 4], 400, 2)).toMatchObject({ rate: 200, p50Ms: 2, p99Ms: 4, errors: 0 });
  });
  it('ratio is Tessera over raw; a row passes at or above its target and only without errors', () => {
    expect(ratioOf(90, 100)).toBeCloseTo(0.9);
    expect(ratioOf(1, 0)).toBeNaN();
    expect(verdictOf(0.9, { min: 0.9 })).toBe('pass');
    expect(verdictOf(0.89, { min: 0.9 })).toBe('MISS');
    expect(verdictOf(5, { min: 2 }, false)).toBe('MISS');
    expect(verdictOf(NaN, { min: 0.1 })).toBe('MISS');
  });
  it('CPU per unit turns clock ticks into microseconds', () => {
    expect(cpuPerUnitUs(100, 100, 1000)).toBe(1000);
    expect(cpuPerUnitUs(5, 100, 0)).toBeNaN();
  });
});

describe('bench table', () => {
  const fig = (rate: number) => ({ rate, units: rate * 8, seconds: 8, p50Ms: 4.25, p99Ms: 1500, errors: 0, osCpuUs: 1234.4, serviceCpuUs: 880 });
  it('renders one Markdown line per row with rate, percentiles, ratio, verdict and CPU', () => {
    const text = formatTable([{ workload: 'point read', unit: 'req', tessera: fig(1023), raw: fig(3231), thin: fig(2000), ratio: 0.3166, target: '≥ 0.60', verdict: 'MISS', note: 'n' }]);
    const lines = text.split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toContain('| point read | 1,023 req/s, p50 4.3 ms, p99 1.50 s |');
    expect(lines[2]).toContain('thin node:http layer: 2,000 req/s');
    expect(lines[2]).toContain('| 0.32 | ≥ 0.60 | MISS | 1,234 / 1,234 | Tessera 880; thin 880 | n |');
  });
  it('formats milliseconds and seconds, and a missing figure as a dash', () => {
    expect(formatMs(12.4)).toBe('12 ms');
    expect(formatMs(2500)).toBe('2.50 s');
    expect(formatMs(NaN)).toBe('–');
  });
});

describe('bench arguments', () => {
  it('defaults to 20,000 datasets and 50 definitions; --scale to 1,000,000 and 10,000; flags bound both', () => {
    expect(parseBenchArgs([])).toMatchObject({ datasets: 20_000, definitions: 50, scale: false, prefix: 'bench_' });
    expect(parseBenchArgs(['--scale'])).toMatchObject({ datasets: 1_000_000, definitions: 10_000, prefix: 'bench_scale_' });
    expect(parseBenchArgs(['--scale', '--datasets', '100000', '--definitions=1000'])).toMatchObject({ datasets: 100_000, definitions: 1000 });
    expect(parseBenchArgs(['--only', 'rest-get,facets'])).toMatchObject({ only: ['rest-get', 'facets'] });
  });
  it('refuses unknown flags, rows and bad numbers', () => {
    expect(parseBenchArgs(['--fast'])).toMatch(/unknown argument --fast/);
    expect(parseBenchArgs(['--only', 'nope'])).toMatch(/unknown row/);
    expect(parseBenchArgs(['--datasets', '-3'])).toMatch(/positive number/);
  });
});

describe('bench catalog and proxy', () => {
  it('definitions come in groups of five kinds; fields use _ for .', () => {
    expect(definition(0).value).toMatchObject({ qualifiedName: 'bench.g0.retention', valueType: 'urn:li:dataType:service.number' });
    expect(definition(9).value).toMatchObject({ qualifiedName: 'bench.g1.labels', cardinality: 'MULTIPLE' });
    expect(propertyField(3, 'tier')).toBe('structuredProperties.bench_g3_tier');
  });
  it('a dataset item has 20 columns, one column tag, two dataset tags and five property values', () => {
    const item: any = datasetItem(7, 10);
    expect(item.schemaMetadata.value.fields).toHaveLength(20);
    expect(item.schemaMetadata.value.fields.filter((f: any) => f.globalTags)).toHaveLength(1);
    expect(item.globalTags.value.tags).toHaveLength(2);
    expect(item.structuredProperties.value.properties).toHaveLength(5);
    expect(Object.keys(datasetItem(7, 10, { part: 'create' }))).toEqual(['urn', 'datasetProperties', 'schemaMetadata']);
    expect(Object.keys(datasetItem(7, 10, { part: 'annotate' }))).toEqual(['urn', 'globalTags', 'structuredProperties']);
  });
  it('the counting proxy names endpoints without prefix, physical suffix or ids', () => {
    expect(endpointOf('GET', '/bench_dataset/_doc/urn%3Ali%3Adataset%3Ax?realtime=true', 'bench_')).toBe('GET dataset/_doc');
    expect(endpointOf('POST', '/bench_structuredproperty_20261124092717432/_mget', 'bench_')).toBe('POST structuredproperty/_mget');
    expect(endpointOf('GET', '/_cluster/health?timeout=2s', 'bench_')).toBe('GET _cluster/health');
    expect(endpointOf('POST', '/_bulk', 'bench_')).toBe('POST _bulk');
  });
});

describe('bench load', () => {
  it('counts every unit of concurrent workers and runs the halves mirrored', async () => {
    const { runMirrored } = await import('../../scripts/bench/load.js');
    const order: string[] = [];
    const op = (name: string) => async () => {
      if (order.at(-1) !== name) order.push(name);
      await new Promise((r) => setTimeout(r, 1));
      return 2;
    };
    const f = await runMirrored([{ name: 'a', op: op('a') }, { name: 'b', op: op('b') }], { concurrency: 8, seconds: 10, ops: 40, warmupSeconds: 0.01, progress: () => undefined });
    expect(f.a.units).toBe(160);
    expect(f.b.units).toBe(160);
    // Warm-ups a, b; then the timed halves a, b, b, a (the two b halves run back to back).
    expect(order).toEqual(['a', 'b', 'a', 'b', 'a']);
  });
});
