/**
 * The stewards' CSV rows. Export: the whole catalog as CSV (urn, name, three properties of group 0, tags) streamed
 * from `/openapi/v3/export/dataset`, against raw OpenSearch paging the same hits with `search_after` (1,000 a page,
 * doc values, as the export reads them). Import: 10,000 rows each changing one retention value, applied through
 * `/openapi/v3/import/dataset`, against raw OpenSearch reading and rewriting the same 10,000 documents (`_mget` and
 * `_bulk`, 1,000 a request) in a scratch copy; the catalog's values are put back afterwards by a second import.
 */
import { datasetUrn, catalogName, propertyField, propertyUrn, qualifiedName, retentionOf } from './catalog.js';
import { datasetIndex, osCall, osOk, tesseraOk, type BenchContext } from './context.js';

const RUNS = 2;
export const IMPORT_ROWS = 10_000;

export interface CsvFigures {
  tesseraSeconds: number[];
  rawSeconds: number[];
  rows: number;
}

const EXPORTED = ['retention', 'tier', 'labels'] as const;

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return (performance.now() - t0) / 1000;
}

async function rawExport(c: BenchContext): Promise<number> {
  let after: unknown[] | undefined;
  let rows = 0;
  const fields = ['urn', 'name', 'tags', propertyField(0, 'retention'), propertyField(0, 'tier'), propertyField(0, 'labels')];
  for (;;) {
    const body = { size: 1000, sort: [{ urn: 'asc' }], _source: false, docvalue_fields: fields, query: { bool: { must_not: [{ term: { removed: true } }] } }, ...(after && { search_after: after }) };
    const hits = (await osOk(c, 'POST', `/${datasetIndex(c)}/_search`, body)).json().hits.hits as any[];
    rows += hits.length;
    if (hits.length < 1000) return rows;
    after = hits[hits.length - 1].sort;
  }
}

export async function runExportRow(c: BenchContext): Promise<CsvFigures> {
  const path = `/openapi/v3/export/dataset?${EXPORTED.map((k) => `property=${qualifiedName(0, k)}`).join('&')}`;
  const figures: CsvFigures = { tesseraSeconds: [], rawSeconds: [], rows: 0 };
  for (let run = 0; run < RUNS; run++) {
    const sides = [
      async () => figures.tesseraSeconds.push(await timed(async () => (figures.rows = (await tesseraOk(c, 'GET', path)).text.trimEnd().split('\r\n').length - 1))),
      async () => figures.rawSeconds.push(await timed(() => rawExport(c))),
    ];
    for (const side of run % 2 === 0 ? sides : sides.reverse()) await side();
  }
  if (figures.rows !== c.datasets) throw new Error(`the export wrote ${figures.rows} rows for ${c.datasets} datasets`);
  return figures;
}

/** 10,000 rows: dataset i's retention (of its own group) set to `valueOf(i)`. */
function importCsv(c: BenchContext, valueOf: (i: number) => number): string {
  const groups = Array.from({ length: c.groups }, (_, g) => qualifiedName(g, 'retention'));
  const lines = [`urn,${groups.join(',')}`];
  for (let i = 0; i < IMPORT_ROWS; i++) {
    const cells = groups.map((_, g) => (g === i % c.groups ? String(valueOf(i)) : ''));
    lines.push(`"${datasetUrn(catalogName(i), i)}",${cells.join(',')}`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

async function tesseraImport(c: BenchContext, csv: string): Promise<void> {
  const report = (await tesseraOk(c, 'POST', '/openapi/v3/import/dataset', { csv, dryRun: false })).json();
  if (report.refused > 0) throw new Error(`the import refused ${report.refused} rows; first: ${JSON.stringify(report.outcomes.find((o: any) => o.status === 'refused'))}`);
  if (report.changed !== IMPORT_ROWS) throw new Error(`the import changed ${report.changed} of ${IMPORT_ROWS} rows`);
}

/** What a hand-written import does to the same documents: read them, change the value, write them back conditionally. */
async function rawImport(c: BenchContext, scratch: string, valueOf: (i: number) => number): Promise<void> {
  for (let start = 0; start < IMPORT_ROWS; start += 1000) {
    const ids = Array.from({ length: Math.min(1000, IMPORT_ROWS - start) }, (_, k) => datasetUrn(catalogName(start + k), start + k));
    const docs = (await osOk(c, 'POST', `/${scratch}/_mget`, { ids })).json().docs as any[];
    const lines = docs.flatMap((d, k) => {
      const i = start + k;
      const retention = propertyUrn(i % c.groups, 'retention');
      for (const p of d._source.aspects.structuredProperties.value.properties) if (p.propertyUrn === retention) p.values = [{ double: valueOf(i) }];
      return [JSON.stringify({ index: { _index: scratch, _id: d._id, if_seq_no: d._seq_no, if_primary_term: d._primary_term } }), JSON.stringify(d._source)];
    });
    const res = (await osOk(c, 'POST', '/_bulk', `${lines.join('\n')}\n`)).json();
    if (res.errors) throw new Error('raw import: a _bulk item failed');
  }
}

export async function runImportRow(c: BenchContext): Promise<CsvFigures> {
  if (c.datasets < IMPORT_ROWS) throw new Error(`the import row needs ${IMPORT_ROWS} datasets, the catalog has ${c.datasets}`);
  const scratch = `${c.prefix}import_raw`;
  await osCall(c, 'DELETE', `/${scratch}`);
  const live = Object.values((await osOk(c, 'GET', `/${datasetIndex(c)}`)).json())[0] as { mappings: object; settings: { index: { analysis: object } } };
  await osOk(c, 'PUT', `/${scratch}`, { settings: { number_of_shards: 1, number_of_replicas: 0, analysis: live.settings.index.analysis }, mappings: live.mappings });
  await osOk(c, 'POST', '/_reindex?refresh=true', { source: { index: datasetIndex(c), size: 1000 }, dest: { index: scratch } });
  const changed = (i: number) => (retentionOf(i) + 1) % 100;
  const figures: CsvFigures = { tesseraSeconds: [], rawSeconds: [], rows: IMPORT_ROWS };
  try {
    const csv = importCsv(c, changed);
    const sides = [async () => figures.tesseraSeconds.push(await timed(() => tesseraImport(c, csv))), async () => figures.rawSeconds.push(await timed(() => rawImport(c, scratch, changed)))];
    for (const side of sides) await side();
  } finally {
    // The catalog's own values back, so later rows and runs read the catalog they expect.
    await tesseraImport(c, importCsv(c, retentionOf)).catch(() => undefined);
    await osOk(c, 'DELETE', `/${scratch}`);
  }
  return figures;
}
