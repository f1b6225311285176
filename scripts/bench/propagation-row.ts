/**
 * The propagation row: a structured property's value on one column propagated, by its rule (COLUMN level, one hop), to
 * the 10,000 columns its data flows to (100 datasets of 100 columns, each named by `fineGrainedLineages`), timed from
 * the rule's write until the job has written every value, and until the event poll holds their events. A Tessera of
 * its own serves a fresh catalog under `<prefix>propagation_`, its job runner and sweep as configured by default. The
 * raw side is one `_bulk` of the same 10,000 column documents (what the end state needs, with nothing checked).
 */
import { enc, osOk, tesseraOk, type BenchContext } from './context.js';
import type { Running } from './processes.js';
import type { Row } from './table.js';

const DATASETS = 100;
const COLUMNS = 100;
const TARGET_SECONDS = 60;
const PROPERTY = 'urn:li:structuredProperty:bench.propagation.sensitivity';
const ds = (name: string) => `urn:li:dataset:(urn:li:dataPlatform:hive,bench.propagation.${name},PROD)`;
const col = (dataset: string, path: string) => `urn:li:schemaField:(${dataset},${path})`;
const SOURCE = ds('source');

export interface PropagationFigures {
  columns: number;
  setupSeconds: number;
  /** From the rule's write until every value is written (the job says so). */
  writtenSeconds: number;
  /** From the rule's write until the event poll holds an event per value. */
  eventsSeconds: number;
  rawSeconds: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const put = (c: BenchContext, urn: string, aspect: string, value: unknown) =>
  tesseraOk(c, 'POST', `/openapi/v3/entity/${urn.split(':')[2]}/${enc(urn)}/${aspect}?createIfNotExists=true`, { value });
const countOf = async (c: BenchContext, index: string, query: object = { match_all: {} }) => {
  await osOk(c, 'POST', `/${index}/_refresh`);
  return (await osOk(c, 'POST', `/${index}/_count`, { query })).json().count as number;
};

export async function runPropagationRow(c: BenchContext, start: (prefix: string, name?: string) => Promise<Running>): Promise<{ row: Row; figures: PropagationFigures }> {
  const prefix = `${c.prefix}propagation_`;
  await osOk(c, 'DELETE', `/${prefix}*`);
  const tessera = await start(prefix, 'tessera-propagation');
  try {
    const ctx: BenchContext = { ...c, tessera: tessera.url, prefix, tesseraPid: tessera.pid };
    const t0 = performance.now();
    await put(ctx, PROPERTY, 'propertyDefinition', {
      qualifiedName: 'bench.propagation.sensitivity', valueType: 'urn:li:dataType:datahub.string', cardinality: 'SINGLE',
      entityTypes: ['urn:li:entityType:datahub.schemaField'],
    });
    await put(ctx, SOURCE, 'datasetProperties', { name: 'source' });
    for (let i = 0; i < DATASETS; i++) {
      const target = ds(`target_${i}`);
      await put(ctx, target, 'datasetProperties', { name: `target ${i}` });
      const fineGrainedLineages = Array.from({ length: COLUMNS }, (_, j) => ({ upstreamType: 'FIELD_SET', upstreams: [col(SOURCE, 'email')], downstreamType: 'FIELD', downstreams: [col(target, `email_${j}`)] }));
      await put(ctx, target, 'upstreamLineage', { upstreams: [{ dataset: SOURCE, type: 'TRANSFORMED' }], fineGrainedLineages });
    }
    await put(ctx, col(SOURCE, 'email'), 'structuredProperties', { properties: [{ propertyUrn: PROPERTY, values: [{ string: 'high' }] }] });
    const setupSeconds = (performance.now() - t0) / 1000;
    const events = `${prefix}events`;
    const eventsBefore = await countOf(c, events);
    c.progress(`  ${DATASETS} datasets of ${COLUMNS} columns named downstream of ${col(SOURCE, 'email')} (${setupSeconds.toFixed(1)} s); writing the rule`);

    const t1 = performance.now();
    await put(ctx, PROPERTY, 'labelPropagation', { level: 'COLUMN', maxHops: 1 });
    const columns = DATASETS * COLUMNS;
    const carrying = { term: { propertyUrns: PROPERTY } };
    let writtenSeconds = Number.NaN;
    for (let waited = 0; waited < 600_000; waited += 250) {
      // The source column carries it too.
      if ((await countOf(c, `${prefix}schemafield`, carrying)) >= columns + 1) {
        writtenSeconds = (performance.now() - t1) / 1000;
        break;
      }
      await sleep(250);
    }
    let eventsSeconds = Number.NaN;
    for (let waited = 0; waited < 600_000; waited += 250) {
      if ((await countOf(c, events)) - eventsBefore >= columns) {
        eventsSeconds = (performance.now() - t1) / 1000;
        break;
      }
      await sleep(250);
    }
    c.progress(`  values written after ${writtenSeconds.toFixed(1)} s, their events on the poll after ${eventsSeconds.toFixed(1)} s`);

    // Raw: the same 10,000 column documents in one _bulk, nothing checked.
    const scratch = `${prefix}raw_columns`;
    const body = Array.from({ length: columns }, (_, k) => {
      const urn = col(ds(`target_${Math.floor(k / COLUMNS)}`), `email_${k % COLUMNS}`);
      return `${JSON.stringify({ index: { _index: scratch, _id: urn } })}\n${JSON.stringify({ urn, structuredProperties: { properties: [{ propertyUrn: PROPERTY, values: [{ string: 'high' }] }] } })}\n`;
    }).join('');
    const t2 = performance.now();
    await osOk(c, 'POST', '/_bulk?refresh=wait_for', body);
    const rawSeconds = (performance.now() - t2) / 1000;

    const side = (seconds: number) => ({ rate: columns / seconds, units: columns, seconds, p50Ms: seconds * 1000, p99Ms: seconds * 1000, errors: 0 });
    const pass = writtenSeconds <= TARGET_SECONDS && eventsSeconds <= TARGET_SECONDS;
    const row: Row = {
      workload: `propagation of one column's property value to ${columns.toLocaleString('en-US')} downstream columns (rule written → values and events)`,
      unit: 'column', tessera: side(eventsSeconds), raw: side(rawSeconds), ratio: rawSeconds / eventsSeconds,
      target: `≤ ${TARGET_SECONDS} s`, verdict: pass ? 'pass' : 'MISS',
      note: `values written after ${writtenSeconds.toFixed(1)} s, events on the poll after ${eventsSeconds.toFixed(1)} s (job poll and sweep as configured by default); raw _bulk of the same documents ${rawSeconds.toFixed(1)} s`,
    };
    return { row, figures: { columns, setupSeconds, writtenSeconds, eventsSeconds, rawSeconds } };
  } finally {
    await tessera.stop();
    await osOk(c, 'DELETE', `/${prefix}*`);
  }
}
