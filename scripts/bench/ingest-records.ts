/**
 * The ingest row's generated `file` source: a connector run's mix of records, in the order a SQL connector with
 * profiling emits them — per database a container (`containerProperties`, `subTypes`), then per table its
 * `datasetProperties`, a 10-column `schemaMetadata`, `container`, `status`, `subTypes`, `upstreamLineage` naming
 * earlier tables (every third with column-level `fineGrainedLineages`) and two `datasetProfile` points — as proposals
 * the file source reads (`{entityType, entityUrn, changeType, aspectName, aspect: {json}}`).
 */
import { closeSync, openSync, writeSync } from 'node:fs';

/** Tables per database (container). */
const TABLES_PER_DB = 50;
const COLUMNS = [
  ['id', 'BIGINT', 'NumberType'], ['customer_id', 'BIGINT', 'NumberType'], ['order_date', 'DATE', 'DateType'], ['amount', 'DECIMAL(12,2)', 'NumberType'],
  ['currency', 'VARCHAR(3)', 'StringType'], ['status', 'VARCHAR(16)', 'StringType'], ['country', 'VARCHAR(2)', 'StringType'], ['email', 'VARCHAR(256)', 'StringType'],
  ['is_test', 'BOOLEAN', 'BooleanType'], ['updated_at', 'TIMESTAMP', 'TimeType'],
] as const;
const STAMP = { time: Date.UTC(2026, 10, 1), actor: 'urn:li:corpuser:datahub' };
const DAY = 86_400_000;

export interface IngestFile {
  records: number;
  containers: number;
  datasets: number;
  points: number;
}

/** `marker` is in every URN of the file (the raw side renames it); `i` numbers the tables. */
export const datasetUrnOf = (marker: string, i: number) => `urn:li:dataset:(urn:li:dataPlatform:postgres,${marker}.db${Math.floor(i / TABLES_PER_DB)}.t${i},PROD)`;
const containerUrnOf = (marker: string, g: number) => `urn:li:container:${marker}_db${g}`;
const fieldUrn = (dataset: string, path: string) => `urn:li:schemaField:(${dataset},${path})`;

const proposal = (entityType: string, entityUrn: string, aspectName: string, json: object) => ({ entityType, entityUrn, changeType: 'UPSERT', aspectName, aspect: { json } });

function schemaOf(name: string) {
  return {
    schemaName: name, platform: 'urn:li:dataPlatform:postgres', version: 0, created: STAMP, lastModified: STAMP, hash: '',
    platformSchema: { 'com.linkedin.schema.MySqlDDL': { tableSchema: '' } },
    fields: COLUMNS.map(([fieldPath, nativeDataType, type], k) => ({
      fieldPath, nullable: k > 0, description: `${fieldPath.replace('_', ' ')} of the row`, type: { type: { [`com.linkedin.schema.${type}`]: {} } },
      nativeDataType, recursive: false, isPartOfKey: k === 0,
    })),
  };
}

function lineageOf(marker: string, i: number) {
  const first = i - 1;
  const second = i - 2 - ((i * 7919) % Math.min(i - 1, 500));
  const ups = [datasetUrnOf(marker, first), datasetUrnOf(marker, second)];
  const me = datasetUrnOf(marker, i);
  return {
    upstreams: ups.map((dataset) => ({ auditStamp: STAMP, dataset, type: 'TRANSFORMED' })),
    ...(i % 3 === 0 && {
      fineGrainedLineages: ['id', 'customer_id', 'amount'].map((col) => ({
        upstreamType: 'FIELD_SET', upstreams: [fieldUrn(ups[0], col)], downstreamType: 'FIELD', downstreams: [fieldUrn(me, col)], transformOperation: 'IDENTITY', confidenceScore: 1,
      })),
    }),
  };
}

function profileOf(i: number, k: number) {
  const rows = 1000 + ((i * 37) % 100_000);
  return {
    timestampMillis: STAMP.time + ((i + k * 7) % 28) * DAY, eventGranularity: { unit: 'DAY', multiple: 1 },
    partitionSpec: { type: 'FULL_TABLE', partition: 'FULL_TABLE_SNAPSHOT' }, rowCount: rows + k * 10, columnCount: COLUMNS.length,
    fieldProfiles: COLUMNS.map(([fieldPath], c) => ({
      fieldPath, uniqueCount: Math.max(1, Math.floor(rows / (c + 1))), uniqueProportion: 1 / (c + 1), nullCount: c * 3, nullProportion: (c * 3) / rows,
      ...(c === 3 && { min: '0.01', max: '9999.99', mean: '120.5', median: '80.0', stdev: '33.1' }),
    })),
  };
}

/** The records of one table: its aspects, then its two profile points. */
function tableRecords(marker: string, i: number): object[] {
  const urn = datasetUrnOf(marker, i);
  const name = `db${Math.floor(i / TABLES_PER_DB)}.t${i}`;
  const out: object[] = [
    proposal('dataset', urn, 'datasetProperties', { customProperties: { owner_team: `team_${i % 17}`, row_format: 'heap' }, name: `t${i}`, qualifiedName: name, description: `Generated table ${i} of the ingest row`, tags: [] }),
    proposal('dataset', urn, 'schemaMetadata', schemaOf(name)),
    proposal('dataset', urn, 'container', { container: containerUrnOf(marker, Math.floor(i / TABLES_PER_DB)) }),
    proposal('dataset', urn, 'status', { removed: false }),
    proposal('dataset', urn, 'subTypes', { typeNames: ['Table'] }),
  ];
  if (i >= 2) out.push(proposal('dataset', urn, 'upstreamLineage', lineageOf(marker, i)));
  out.push(proposal('dataset', urn, 'datasetProfile', profileOf(i, 0)), proposal('dataset', urn, 'datasetProfile', profileOf(i, 1)));
  return out;
}

/** Writes exactly `records` records (a JSON array, one record a line) to `file`. */
export function writeIngestFile(file: string, marker: string, records: number): IngestFile {
  const fd = openSync(file, 'w');
  const counts: IngestFile = { records: 0, containers: 0, datasets: 0, points: 0 };
  let lines: string[] = [];
  const flush = () => {
    if (lines.length) writeSync(fd, `${lines.join('')}`);
    lines = [];
  };
  try {
    writeSync(fd, '[\n');
    const emit = (r: object & { aspectName?: string }) => {
      lines.push(`${counts.records === 0 ? '' : ',\n'}${JSON.stringify(r)}`);
      counts.records++;
      if (r.aspectName === 'datasetProfile') counts.points++;
      if (lines.length >= 1000) flush();
    };
    for (let i = 0; counts.records < records; i++) {
      if (i % TABLES_PER_DB === 0) {
        const g = i / TABLES_PER_DB;
        const urn = containerUrnOf(marker, g);
        const db = [
          proposal('container', urn, 'containerProperties', { customProperties: { platform: 'postgres', database: `db${g}` }, name: `db${g}`, description: `Generated database ${g}` }),
          proposal('container', urn, 'subTypes', { typeNames: ['Database'] }),
        ];
        counts.containers++;
        for (const r of db) if (counts.records < records) emit(r);
      }
      if (counts.records >= records) break;
      counts.datasets++;
      for (const r of tableRecords(marker, i)) if (counts.records < records) emit(r);
    }
    flush();
    writeSync(fd, '\n]\n');
  } finally {
    closeSync(fd);
  }
  return counts;
}
