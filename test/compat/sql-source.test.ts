/**
 * The original's SQL connector, unchanged: the `sqlalchemy` source on a SQLite database this test creates (tables and a
 * view), with stateful ingestion (`pipeline_name`, `stateful_ingestion`) through the datahub-rest sink at its default
 * settings. Everything it emits lands and reads back; its checkpoint is kept; run again after a table is dropped, it
 * soft-deletes that table.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enc, graphqlData, startTestApp, type TestApp } from '../integration/harness.js';
import { datahubFor, restSink, type Datahub } from './datahub.js';

let app: TestApp;
let dh: Datahub;
let db: string;
const out = (r: { stdout: string; stderr: string }) => `${r.stdout}\n${r.stderr}`;
const urnOf = (table: string) => `urn:li:dataset:(urn:li:dataPlatform:sqlite,main.${table},PROD)`;

/** Runs SQL on the test's SQLite database (Python's sqlite3: Node 20 has none). */
function sql(statements: string): void {
  execFileSync('python3', ['-c', 'import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.executescript(sys.argv[2]); c.commit()', db, statements]);
}

function recipe(): string {
  return dh.file(
    'sqlite.yml',
    [
      'pipeline_name: tessera_sqlite_shop',
      'source:',
      '  type: sqlalchemy',
      '  config:',
      `    connect_uri: "sqlite:///${db}"`,
      '    platform: sqlite',
      '    include_views: true',
      '    stateful_ingestion:',
      '      enabled: true',
      '      remove_stale_metadata: true',
      restSink(app),
    ].join('\n'),
  );
}

beforeAll(async () => {
  app = await startTestApp('compat-sql-source');
  dh = datahubFor(app);
  db = join(dh.dir, 'shop.db');
  sql(`
    create table orders (id integer primary key, customer_id integer not null, amount real, placed_at text);
    create table customers (id integer primary key, email text not null, country text);
    create table refunds (id integer primary key, order_id integer, reason text);
    create view big_orders as select * from orders where amount > 100;
  `);
});
afterAll(async () => {
  await app?.close();
});

describe('the sqlalchemy source on SQLite, with stateful ingestion', () => {
  it('writes every table and view with its schema, nothing refused, and keeps its checkpoint', async () => {
    const res = await dh.cli(['ingest', '-c', recipe()]);
    expect(res.code, out(res)).toBe(0);
    expect(out(res)).toContain("'failures': []");
    // The source's one warning is its own (SQLite names have two parts where it expects three for a view's default
    // database); nothing it asked of Tessera failed.
    expect(out(res)).toMatch(/Pipeline finished (successfully|with at least 1 warnings)/);
    // Nothing it asked of Tessera failed: the SQL aggregator's look-ups (platform resources by key, schemas of
    // several datasets at once) are answered.
    expect(out(res)).not.toMatch(/Unable to get metadata from|HTTPError|EntityRegistry/);
    for (const table of ['orders', 'customers', 'refunds', 'big_orders']) {
      const read = await app.get(`/openapi/v3/entity/dataset/${enc(urnOf(table))}`);
      expect(read.status, `${table}: ${JSON.stringify(read.body).slice(0, 300)}`).toBe(200);
      expect(read.body.schemaMetadata?.value?.fields?.length, table).toBeGreaterThan(0);
    }
    const orders = await app.get(`/openapi/v3/entity/dataset/${enc(urnOf('orders'))}/schemaMetadata`);
    expect(orders.body.schemaMetadata.value.fields.map((f: { fieldPath: string }) => f.fieldPath)).toEqual(['id', 'customer_id', 'amount', 'placed_at']);
    const view = await app.get(`/openapi/v3/entity/dataset/${enc(urnOf('big_orders'))}/viewProperties`);
    expect(view.body.viewProperties.value.viewLogic).toContain('amount > 100');
    await app.refresh();
    const found = await graphqlData(app, '{ searchAcrossEntities(input: {types: [DATASET], query: "orders", count: 10}) { searchResults { entity { urn } } } }');
    expect(found.searchAcrossEntities.searchResults.map((r: { entity: { urn: string } }) => r.entity.urn)).toContain(urnOf('orders'));
    // The source's state: a checkpoint point on the pipeline's data job, found as the provider asks for it.
    const job = 'urn:li:dataJob:(urn:li:dataFlow:(datahub,tessera_sqlite_shop,prod),sqlite_stale_entity_removal)';
    const checkpoint = await app.post('/gms/aspects?action=getTimeseriesAspectValues', {
      urn: job, entity: 'dataJob', aspect: 'datahubIngestionCheckpoint', limit: 1, filter: { or: [{ and: [{ field: 'pipelineName', values: ['tessera_sqlite_shop'], condition: 'EQUAL' }] }] },
    });
    expect(checkpoint.status, JSON.stringify(checkpoint.body)).toBe(200);
    expect(checkpoint.body.value.values).toHaveLength(1);
    expect(JSON.parse(checkpoint.body.value.values[0].aspect.value)).toMatchObject({ pipelineName: 'tessera_sqlite_shop' });
  });

  it('run again after a table is dropped, soft-deletes that table and keeps the others', async () => {
    sql('drop table refunds;');
    const res = await dh.cli(['ingest', '-c', recipe()]);
    expect(res.code, out(res)).toBe(0);
    expect(out(res)).toContain("'failures': []");
    const gone = await app.get(`/openapi/v3/entity/dataset/${enc(urnOf('refunds'))}/status`);
    expect(gone.body.status?.value).toEqual({ removed: true });
    const kept = await app.get(`/openapi/v3/entity/dataset/${enc(urnOf('orders'))}/status`);
    expect(kept.body.status?.value?.removed ?? false).toBe(false);
  });
});
