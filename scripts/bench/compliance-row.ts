/**
 * The compliance row: the stewards' report (`GET /openapi/v3/structuredProperties/compliance`) of one required number
 * property over 1,000,000 datasets, one call at a time, against raw OpenSearch answering the same aggregation. The
 * datasets live under a prefix of their own, `<prefix>compliance_`, served by a Tessera process of its own, so the
 * catalog the other rows count stays as it is. The definition and its rules go through the REST API while no values
 * exist (the index and its mapping are the service's); the datasets go straight into that index with `_bulk`, since
 * the service refuses the invalid values the report has to find. With --keep a rerun reuses the loaded datasets.
 *
 * The engine keeps the answer of an unchanged index's `size: 0` search in its shard request cache, so the cache is
 * cleared before every call of either side: each call counts the 1,000,000 datasets again.
 */
import { infoFromDoc, indexFieldOf, type DefinitionInfo } from '../../src/catalog/definitions.js';
import { complianceQueries } from '../../src/catalog/structured-properties/compliance-query.js';
import { NOT_SOFT_DELETED } from '../../src/catalog/search/search-entities.js';
import { docIdOf } from '../../src/storage/entity-store.js';
import { enc, expectEqual, osCall, osOk, tesseraCall, tesseraOk, type BenchContext } from './context.js';
import type { Running } from './processes.js';
import { ratioOf } from './stats.js';
import { bulkLoad } from './bulk-load.js';
import { figuresOf, measure, sideOf, type Side } from './sequential-calls.js';
import type { Row } from './table.js';

export const COMPLIANCE_DATASETS = 1_000_000;
const QUALIFIED_NAME = 'bench.compliance.retention';
const PROPERTY_URN = `urn:li:structuredProperty:${QUALIFIED_NAME}`;
const RULES = { required: true, min: 1, max: 3650 };
const HIVE = 'urn:li:dataPlatform:hive';
const CALLS = 30;
const SAMPLES = 10;
const P99_MAX_MS = 1000;

export const compliancePrefix = (c: BenchContext) => `${c.prefix}compliance_`;

type State = 'compliant' | 'missing' | 'invalid';

/** Dataset i: 14 in 20 hold a value within the rules, 1 in 20 one outside them (0 or 5,000 in turn), 5 in 20 none. */
function valueOf(i: number): { state: State; value?: number } {
  const k = i % 20;
  if (k < 14) return { state: 'compliant', value: RULES.min + ((i * 37) % RULES.max) };
  if (k === 14) return { state: 'invalid', value: i % 40 === 14 ? 0 : 5000 };
  return { state: 'missing' };
}

const urnOf = (i: number) => `urn:li:dataset:(${HIVE},bench.compliance.table_${i},PROD)`;

export interface ComplianceCounts {
  applicable: number;
  compliant: number;
  missing: number;
  invalid: number;
}

function expectedCounts(n: number): ComplianceCounts {
  const counts: ComplianceCounts = { applicable: n, compliant: 0, missing: 0, invalid: 0 };
  for (let i = 0; i < n; i++) counts[valueOf(i).state]++;
  return counts;
}

export interface ComplianceFigures {
  datasets: number;
  reused: boolean;
  loadSeconds: number;
  docsPerSecond: number;
  segments: number;
  counts: ComplianceCounts;
  tesseraMs: number[];
  rawMs: number[];
}

/** The searches the service sends for one property's report (compliance.ts, through the entity store's `search`). */
function rawBodies(info: DefinitionInfo): object[] {
  const q = complianceQueries(info);
  // The store adds its time limit and leaves tombstones out (entity-store.ts, NOT_TOMBSTONE).
  const body = (query: object, size: number) => ({
    timeout: '10000ms', size, track_total_hits: true, ...(size > 0 && { _source: ['urn'], sort: [{ urn: 'asc' }] }),
    query: { bool: { must: { bool: { filter: [NOT_SOFT_DELETED, query] } }, must_not: { term: { tombstone: true } } } },
  });
  return [body(q.applicable, 0), body(q.missing, SAMPLES), ...(q.invalid ? [body(q.invalid, SAMPLES)] : [])];
}

/** The report's figures from the raw answers, in the service's shape. */
function fromRaw([applicable, missing, invalid]: any[]) {
  const named = (res: any) => ((res?.hits.hits ?? []) as { _source: { urn: string } }[]).map((h) => h._source.urn);
  const counts = { applicable: applicable.hits.total.value as number, missing: missing.hits.total.value as number, invalid: (invalid?.hits.total.value as number | undefined) ?? 0 };
  return { applicable: counts.applicable, compliant: counts.applicable - counts.missing - counts.invalid, missing: counts.missing, invalid: counts.invalid, missingSamples: named(missing), invalidSamples: named(invalid) };
}

const pick = (p: any) => ({ applicable: p.applicable, compliant: p.compliant, missing: p.missing, invalid: p.invalid, missingSamples: p.missingSamples, invalidSamples: p.invalidSamples });

async function countOf(c: BenchContext, index: string): Promise<number> {
  const r = await osCall(c, 'GET', `/${index}/_count`);
  return r.status === 200 ? r.json().count : 0;
}

/** The definition as the service stored it (so the raw side builds its buckets from the same rules). */
async function storedDefinition(c: BenchContext, prefix: string): Promise<DefinitionInfo> {
  const r = await osCall(c, 'GET', `/${prefix}structuredproperty/_doc/${enc(docIdOf(PROPERTY_URN))}`);
  const info = r.status === 200 ? infoFromDoc(r.json()._source) : undefined;
  if (!info) throw new Error(`${PROPERTY_URN} is not stored under ${prefix}: delete ${prefix}* and run again`);
  const rules = info.constraints as Record<string, unknown> | undefined;
  if (rules?.required !== true || rules.min !== RULES.min || rules.max !== RULES.max) {
    throw new Error(`${PROPERTY_URN} under ${prefix} has rules ${JSON.stringify(rules)}, not ${JSON.stringify(RULES)}: delete ${prefix}* and run again`);
  }
  return info;
}

/** The property and its rules through the REST API, while no dataset holds a value. */
async function defineProperty(ctx: BenchContext, index: string): Promise<void> {
  const value = {
    qualifiedName: QUALIFIED_NAME, displayName: 'Retention (compliance row)', description: 'Retention in days',
    valueType: 'urn:li:dataType:service.number', cardinality: 'SINGLE', entityTypes: ['urn:li:entityType:service.dataset'],
  };
  await tesseraOk(ctx, 'POST', `/openapi/v3/entity/structuredProperty/${enc(PROPERTY_URN)}/propertyDefinition?createIfNotExists=false&waitForSearch=true`, { value });
  await tesseraOk(ctx, 'POST', '/openapi/v3/structuredProperties/constraints?waitForSearch=true', { urn: PROPERTY_URN, constraints: RULES });
  const field = `structuredProperties.${QUALIFIED_NAME.replace(/\./g, '_')}`;
  const mapping = (await osOk(ctx, 'GET', `/${index}/_mapping/field/${field}`)).json();
  const type = (Object.values(mapping)[0] as any)?.mappings?.[field]?.mapping?.[field.split('.').pop()!]?.type;
  if (type !== 'double') throw new Error(`the service did not map ${field} as a number on ${index} (mapping: ${JSON.stringify(mapping).slice(0, 300)})`);
}

/** 1,000,000 small datasets with the fields the report reads. */
function loadDatasets(c: BenchContext, index: string, field: string): Promise<number> {
  const word = field.slice('structuredProperties.'.length);
  return bulkLoad(c, index, COMPLIANCE_DATASETS, (i) => {
    const urn = urnOf(i);
    const { value } = valueOf(i);
    const doc = {
      urn, entityType: 'dataset', platform: HIVE, origin: 'PROD', removed: false,
      ...(value !== undefined && { propertyUrns: [PROPERTY_URN], structuredProperties: { [word]: [value] } }),
    };
    return { id: docIdOf(urn), doc };
  });
}

const ms = (n: number) => `${n.toFixed(n < 10 ? 1 : 0)} ms`;

/** Loads (or reuses) the row's datasets on a Tessera started by `start` (on compliancePrefix), times the report, makes the row. */
export async function runComplianceRow(c: BenchContext, start: (prefix: string, name?: string) => Promise<Running>, keep: boolean): Promise<{ row: Row; figures: ComplianceFigures }> {
  const prefix = compliancePrefix(c);
  const index = `${prefix}dataset`;
  let have = await countOf(c, index);
  if (have !== 0 && have !== COMPLIANCE_DATASETS) {
    c.progress(`  ${index} holds ${have.toLocaleString('en-US')} documents, not ${COMPLIANCE_DATASETS.toLocaleString('en-US')}: deleting ${prefix}* and loading again`);
    await osOk(c, 'DELETE', `/${prefix}*`);
    have = 0;
  }
  const tessera = await start(prefix, 'tessera-compliance');
  try {
    const ctx: BenchContext = { ...c, tessera: tessera.url, prefix, tesseraPid: tessera.pid, datasets: COMPLIANCE_DATASETS };
    const reused = have === COMPLIANCE_DATASETS;
    let loadSeconds = 0;
    if (reused) c.progress(`  reusing ${have.toLocaleString('en-US')} datasets under ${prefix}`);
    else {
      await defineProperty(ctx, index);
      c.progress(`  ${QUALIFIED_NAME} defined with rules ${JSON.stringify(RULES)}; loading ${COMPLIANCE_DATASETS.toLocaleString('en-US')} datasets with _bulk`);
      const info = await storedDefinition(c, prefix);
      loadSeconds = await loadDatasets(c, index, indexFieldOf(info.definition));
      const loaded = await countOf(c, index);
      if (loaded !== COMPLIANCE_DATASETS) throw new Error(`loaded ${loaded} datasets into ${index}, expected ${COMPLIANCE_DATASETS}`);
      c.progress(`  loaded in ${loadSeconds.toFixed(1)} s (${Math.round(COMPLIANCE_DATASETS / loadSeconds).toLocaleString('en-US')} docs/s)`);
    }
    const info = await storedDefinition(c, prefix);
    const bodies = rawBodies(info);
    const path = `/openapi/v3/structuredProperties/compliance?property=${enc(QUALIFIED_NAME)}&samples=${SAMPLES}`;
    const report = async () => {
      const r = await tesseraCall(ctx, 'GET', path);
      if (r.status !== 200) throw new Error(`Tessera GET ${path} → ${r.status}: ${r.text.slice(0, 300)}`);
      return r.json().properties[0];
    };
    const raw = async () => fromRaw(await Promise.all(bodies.map(async (body) => (await osOk(c, 'POST', `/${index}/_search`, body)).json())));

    // Probe: both sides alike, and the counts the load put there (the report fails loudly otherwise).
    const [t, r] = [pick(await report()), await raw()];
    expectEqual('the compliance report', t, r);
    const expected = expectedCounts(COMPLIANCE_DATASETS);
    const counts: ComplianceCounts = { applicable: t.applicable, compliant: t.compliant, missing: t.missing, invalid: t.invalid };
    expectEqual('the compliance counts against the loaded datasets', counts, expected, 'report');
    c.progress(`  counts: ${Object.entries(counts).map(([k, v]) => `${k} ${v.toLocaleString('en-US')}`).join(', ')}`);

    const sides: Side[] = [
      sideOf('tessera', report),
      sideOf('raw', raw),
    ];
    await measure(c, index, tessera.pid, sides, CALLS);
    const tf = figuresOf(sides[0], true);
    const rf = figuresOf(sides[1], false);
    const ratio = ratioOf(tf.rate, rf.rate);
    const segments = (await osOk(c, 'GET', `/${index}/_stats/segments`)).json()._all.primaries.segments.count as number;
    const pass = tf.p99Ms < P99_MAX_MS && tf.errors === 0 && rf.errors === 0;
    c.progress(`  Tessera p50 ${ms(tf.p50Ms)}, p99 ${ms(tf.p99Ms)}; raw p50 ${ms(rf.p50Ms)}, p99 ${ms(rf.p99Ms)}; ratio ${ratio.toFixed(2)} (${pass ? 'pass' : 'MISS'})`);
    const pct = (n: number) => `${((n / COMPLIANCE_DATASETS) * 100).toFixed(1)} %`;
    const row: Row = {
      workload: `compliance report of one required property over ${COMPLIANCE_DATASETS.toLocaleString('en-US')} datasets (three counting queries side by side), one call at a time`,
      unit: 'report', tessera: tf, raw: rf, ratio, target: `p99 < ${P99_MAX_MS / 1000} s`, verdict: pass ? 'pass' : 'MISS',
      note: [
        `${CALLS} calls a side, request cache cleared before each`,
        `counts right: compliant ${pct(counts.compliant)}, missing ${pct(counts.missing)}, invalid ${pct(counts.invalid)}`,
        reused ? `datasets reused (${segments} segments)` : `datasets loaded with raw _bulk in ${loadSeconds.toFixed(1)} s (${segments} segments)`,
        tf.errors || rf.errors ? `errors: Tessera ${tf.errors}, raw ${rf.errors}` : '',
      ].filter(Boolean).join('; '),
    };
    const figures: ComplianceFigures = {
      datasets: COMPLIANCE_DATASETS, reused, loadSeconds, docsPerSecond: loadSeconds ? COMPLIANCE_DATASETS / loadSeconds : NaN, segments, counts,
      tesseraMs: sides[0].latencies.map((x) => +x.toFixed(1)), rawMs: sides[1].latencies.map((x) => +x.toFixed(1)),
    };
    return { row, figures };
  } finally {
    await tessera.stop();
    if (!keep) await osCall(c, 'DELETE', `/${prefix}*`);
  }
}
