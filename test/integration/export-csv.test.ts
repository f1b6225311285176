/**
 * Stewards' CSV export (issue 23): any search (query string, filters) as one row per entity — URN, name, one column
 * per chosen property, tags — streamed in URN order past a page of the engine, through REST and `tessera export`;
 * spreadsheet formulas neutralised, several values in one cell, precise refusals.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliEnv, ensureBuilt, runCli, tempHome } from './cli-harness.js';
import { enc, startTestApp, type TestApp } from './harness.js';

let app: TestApp;
const RETENTION = 'io.acme.retention.days';
const TEAMS = 'io.acme.owner.teams';
const ds = (i: number) => `urn:li:dataset:(urn:li:dataPlatform:hive,exp.t${String(i).padStart(4, '0')},PROD)`;
const MANY = 1_250;

async function define(qn: string, type: string, cardinality: string) {
  const value = { qualifiedName: qn, valueType: `urn:li:dataType:datahub.${type}`, entityTypes: ['urn:li:entityType:datahub.dataset'], cardinality };
  const r = await app.post(`/openapi/v3/entity/structuredProperty/${enc(`urn:li:structuredProperty:${qn}`)}/propertyDefinition`, { value });
  expect(r.status, r.text).toBe(200);
}

const csvOf = async (query: string) => {
  const r = await app.get(`/openapi/v3/export/dataset?${query}`);
  return { status: r.status, text: r.text, headers: r.headers, body: r.body };
};

beforeAll(async () => {
  await ensureBuilt();
  app = await startTestApp('export');
  await define(RETENTION, 'number', 'SINGLE');
  await define(TEAMS, 'string', 'MULTIPLE');
  expect((await app.post(`/openapi/v3/entity/tag/${enc('urn:li:tag:pii')}/tagProperties`, { value: { name: 'PII' } })).status).toBe(200);
  const items = Array.from({ length: MANY }, (_, i) => ({
    urn: ds(i),
    datasetProperties: { value: { name: i === 1 ? '=HYPERLINK("http://x")' : `table ${i}` } },
    ...(i < 3 && {
      structuredProperties: { value: { properties: [
        { propertyUrn: `urn:li:structuredProperty:${RETENTION}`, values: [{ double: 30 + i }] },
        { propertyUrn: `urn:li:structuredProperty:${TEAMS}`, values: [{ string: 'sales' }, { string: 'a;b, "c"' }] },
      ] } },
      globalTags: { value: { tags: [{ tag: 'urn:li:tag:pii' }] } },
    }),
  }));
  for (let i = 0; i < items.length; i += 500) {
    const r = await app.post('/openapi/v3/entity/dataset?async=false&waitForSearch=true', items.slice(i, i + 500));
    expect(r.status, r.text).toBe(200);
  }
}, 120_000);
afterAll(async () => app?.close());

describe('CSV export', () => {
  it('answers one row per entity with the chosen properties and tags, quoted and escaped for spreadsheets', async () => {
    const r = await csvOf(`query=${encodeURIComponent('tags:pii')}&property=${RETENTION}&property=${TEAMS}`);
    expect(r.status, r.text).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(r.text.split('\r\n')).toEqual([
      `urn,name,${RETENTION},${TEAMS},tags`,
      `"${ds(0)}",table 0,30,"sales; a\\;b, ""c""",pii`,
      `"${ds(1)}","'=HYPERLINK(""http://x"")",31,"sales; a\\;b, ""c""",pii`,
      `"${ds(2)}",table 2,32,"sales; a\\;b, ""c""",pii`,
      '',
    ]);
  });

  it('streams every row of a large search in URN order, past the engine page', async () => {
    const r = await csvOf('tags=false');
    const lines = r.text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('urn,name');
    expect(lines).toHaveLength(MANY + 1);
    const urns = lines.slice(1).map((l) => l.split('",')[0].slice(1));
    expect(urns).toEqual([...urns].sort());
    expect(new Set(urns).size).toBe(MANY);
  });

  it('takes filters as GraphQL orFilters', async () => {
    const orFilters = JSON.stringify([{ and: [{ field: `structuredProperties.${RETENTION}`, condition: 'GREATER_THAN', values: ['30'] }] }]);
    const r = await csvOf(`orFilters=${encodeURIComponent(orFilters)}&property=${RETENTION}&tags=false`);
    expect(r.text.trimEnd().split('\r\n').slice(1)).toEqual([`"${ds(1)}","'=HYPERLINK(""http://x"")",31`, `"${ds(2)}",table 2,32`]);
  });

  it('refuses what it cannot export, saying what is wrong', async () => {
    for (const [query, message] of [
      ['property=io.acme.nope', /Unknown or deleted structured properties: urn:li:structuredProperty:io.acme.nope/],
      ['query=colour:red', /Unknown search field colour/],
      ['orFilters=not-json', /orFilters must be JSON/],
      [`orFilters=${encodeURIComponent('[{"and":[{"field":"platform","evil":1}]}]')}`, /orFilters: 0.and.0: Unrecognized key/],
      ['tags=maybe', /tags must be true or false/],
    ] as const) {
      const r = await csvOf(query);
      expect(r.status, `${query}: ${r.text.slice(0, 200)}`).toBe(400);
      expect(r.body.message).toMatch(message);
    }
    const wrongType = await app.get('/openapi/v3/export/chart');
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.message).toMatch(/Cannot export chart: not a searchable entity type/);
  });

  it('tessera export writes the same CSV to a file or stdout', async () => {
    const home = tempHome();
    const env = cliEnv(app, home, { TESSERA_TOKEN: app.token });
    const file = join(home, 'pii.csv');
    const run = await runCli(['export', '--query', 'tags:pii', '--property', RETENTION, '--property', TEAMS, '-o', file], env);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/Exported 3 rows to .*pii\.csv/);
    const rest = await csvOf(`query=${encodeURIComponent('tags:pii')}&property=${RETENTION}&property=${TEAMS}`);
    expect(readFileSync(file, 'utf8')).toBe(rest.text);
    const stdout = await runCli(['export', '--query', 'tags:pii', '--no-tags'], env);
    expect(stdout.stdout.split('\r\n')[0]).toBe('urn,name');
    const refused = await runCli(['export', '--property', 'io.acme.nope'], env);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/Unknown or deleted structured properties/);
  });
});
