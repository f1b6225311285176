/**
 * Stewards' CSV round trips (issue 23): any search (query string, filters) exported as one row per entity — URN, name,
 * one column per chosen property, tags — streamed in URN order past a page of the engine, through REST and `tessera
 * export`; and the same CSV imported: a preview per row (added, changed, removed, refused with the line and reason)
 * that writes nothing, then applied through the write path with each row whole or not at all.
 */
import { readFileSync, writeFileSync } from 'node:fs';
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
      `"${ds(0)}",table 0,30,"a\\;b, ""c""; sales",pii`,
      `"${ds(1)}","'=HYPERLINK(""http://x"")",31,"a\\;b, ""c""; sales",pii`,
      `"${ds(2)}",table 2,32,"a\\;b, ""c""; sales",pii`,
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

const importCsv = (csv: string, dryRun: boolean) => app.request('POST', '/openapi/v3/import/dataset?waitForSearch=true', { csv, dryRun });
const valuesOf = async (urn: string) => {
  const r = await app.get(`/openapi/v3/entity/dataset/${enc(urn)}/structuredProperties`);
  return r.status === 404 ? undefined : (r.body.structuredProperties?.value?.properties ?? []).map((p: any) => [p.propertyUrn.split(':').pop(), p.values.map((v: any) => v.double ?? v.string)]);
};
const tagsOf = async (urn: string) => (((await app.get(`/openapi/v3/entity/dataset/${enc(urn)}/globalTags`)).body?.globalTags?.value?.tags ?? []) as any[]).map((t) => t.tag);
const TEAMS_CELL = '"sales; a\\;b, ""c"""';

describe('CSV import', () => {
  const csv = [
    `urn,name,${RETENTION},${TEAMS},tags`,
    `"${ds(0)}",table 0,45,sales,pii`, // retention 30 → 45; teams lose 'a;b, "c"'
    `"${ds(1)}",ignored,31,${TEAMS_CELL},`, // unchanged values; the pii tag removed
    `"${ds(2)}",table 2,32,${TEAMS_CELL},pii`, // unchanged
    `"${ds(3)}",table 3,,,pii`, // tag added
    `"${ds(4)}",table 4,abc,,pii`, // refused: not a number, and the tag is not added either
    '"urn:li:dataset:(urn:li:dataPlatform:hive,exp.nope,PROD)",x,1,,', // refused: no such entity
    'not-an-urn,x,1,,', // refused: not a urn
  ].join('\r\n');

  it('previews per row what would change, or why it is refused, and writes nothing', async () => {
    const r = await importCsv(csv, true);
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ dryRun: true, rows: 7, changed: 3, unchanged: 1, refused: 3 });
    const byLine = Object.fromEntries(r.body.outcomes.map((o: any) => [o.line, o]));
    expect(byLine[2]).toEqual({
      line: 2,
      urn: ds(0),
      status: 'changes',
      changes: expect.arrayContaining([
        { field: `urn:li:structuredProperty:${RETENTION}`, operation: 'MODIFY', before: [30], after: [45] },
        { field: `urn:li:structuredProperty:${TEAMS}`, operation: 'MODIFY', before: ['sales', 'a;b, "c"'], after: ['sales'] },
      ]),
    });
    expect(byLine[3]).toEqual({ line: 3, urn: ds(1), status: 'changes', changes: [{ field: 'urn:li:tag:pii', operation: 'REMOVE', before: 'urn:li:tag:pii' }] });
    expect(byLine[4]).toBeUndefined();
    expect(byLine[5].changes).toEqual([{ field: 'urn:li:tag:pii', operation: 'ADD', after: 'urn:li:tag:pii' }]);
    expect(byLine[6]).toMatchObject({ status: 'refused', reason: expect.stringMatching(/value: \{string=abc\} should be a number/) });
    expect(byLine[7]).toMatchObject({ status: 'refused', reason: expect.stringMatching(/does not exist/) });
    expect(byLine[8]).toMatchObject({ status: 'refused', urn: 'not-an-urn' });
    expect(await valuesOf(ds(0))).toEqual([[RETENTION, [30]], [TEAMS, ['sales', 'a;b, "c"']]]);
    expect(await tagsOf(ds(3))).toEqual([]);
  });

  it('applies the rows that pass, each whole, through the write path with its change records', async () => {
    const r = await importCsv(csv, false);
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ dryRun: false, rows: 7, changed: 3, unchanged: 1, refused: 3 });
    expect(r.body.outcomes.filter((o: any) => o.status === 'applied').map((o: any) => o.line)).toEqual([2, 3, 5]);
    expect(await valuesOf(ds(0))).toEqual([[RETENTION, [45]], [TEAMS, ['sales']]]);
    expect(await tagsOf(ds(1))).toEqual([]);
    expect(await tagsOf(ds(3))).toEqual(['urn:li:tag:pii']);
    // The refused row changed nothing, its valid tag included.
    expect(await tagsOf(ds(4))).toEqual([]);
    await app.services.relay.tick();
    const history = (await app.get(`/openapi/v3/timeline/${enc(ds(0))}?category=STRUCTURED_PROPERTY`)).body.changes;
    expect(history.at(-1)).toMatchObject({ operation: 'MODIFY', before: ['sales', 'a;b, "c"'], after: ['sales'], actor: expect.stringMatching(/^urn:li:corpuser:/) });
    // Applied again, nothing changes.
    expect((await importCsv(csv, false)).body).toMatchObject({ changed: 0, unchanged: 4, refused: 3 });
  });

  it('round-trips an export: exported, edited, imported, exported again', async () => {
    const query = `query=${encodeURIComponent('tags:pii')}&property=${RETENTION}`;
    const exported = (await csvOf(query)).text;
    const edited = exported.replace(`"${ds(0)}",table 0,45`, `"${ds(0)}",table 0,90`);
    expect(edited).not.toBe(exported);
    const r = await importCsv(edited, false);
    expect(r.body).toMatchObject({ changed: 1, refused: 0 });
    expect((await csvOf(query)).text).toBe(edited);
  });

  it('is the exact inverse of the import: values with a leading quote, formulas, blank values and values of any length come back unchanged', async () => {
    const urn = ds(9);
    // The last is longer than the keyword index keeps (it is read from the field it is kept in apart).
    const values = ["'abc", "'=x", '=SUM(A1)', ' ', 'a\\_b', 'x; y', 'v'.repeat(9_000)];
    const set = await app.post(`/openapi/v3/entity/dataset/${enc(urn)}/structuredProperties?createIfNotExists=false&waitForSearch=true`, { value: { properties: [{ propertyUrn: `urn:li:structuredProperty:${TEAMS}`, values: values.map((v) => ({ string: v })) }] } });
    expect(set.status, set.text).toBe(200);
    const exported = (await csvOf(`property=${RETENTION}&property=${TEAMS}`)).text;
    expect(exported).toContain(`"${urn}",table 9,`);
    expect(exported).toContain('v'.repeat(9_000));
    const preview = await importCsv(exported, true);
    expect(preview.body, exported).toMatchObject({ changed: 0, refused: 0 });
  });

  it('refuses a file it cannot read as a whole, before any row is written', async () => {
    for (const [text, message] of [
      ['name,tags\r\nx,y', /no urn column/],
      [`urn,urn\r\n"${ds(0)}","${ds(0)}"`, /"urn" appears twice/],
      [`urn,colour\r\n"${ds(0)}",red`, /Unknown columns .*"colour"/],
      [`urn,tags\r\n"${ds(0)},pii`, /The CSV cannot be read/],
      ['', /The CSV is empty/],
      [`urn,tags\r\n${ds(0)},pii`, /line 2 has 4 cells but the header 2: a urn holding commas must be in double quotes/],
    ] as const) {
      const r = await importCsv(text, false);
      expect(r.status, text).toBe(400);
      expect(r.body.message).toMatch(message);
    }
    expect((await app.request('POST', '/openapi/v3/import/dataset', { csv: 'urn', dryrun: true })).body.message).toMatch(/Unrecognized key/);
  });

  it('tessera import previews with --dry-run and applies, naming refused lines, exit code 1 when any is refused', async () => {
    const home = tempHome();
    const env = cliEnv(app, home, { TESSERA_TOKEN: app.token });
    const file = join(home, 'fix.csv');
    writeFileSync(file, `urn,${RETENTION}\r\n"${ds(5)}",7\r\n"${ds(6)}",seven\r\n`);
    const dry = await runCli(['import', '-f', file, '--dry-run'], env);
    expect(dry.code).toBe(1);
    expect(dry.stdout).toContain(`2\t${ds(5)}\twould change\tADD urn:li:structuredProperty:${RETENTION} – → [7]`);
    expect(dry.stdout).toMatch(/^3\t.*\trefused\t.*should be a number/m);
    expect(dry.stderr).toMatch(/2 rows: 1 would change, 0 unchanged, 1 refused \(dry run: nothing written\)/);
    expect(await valuesOf(ds(5))).toBeUndefined();
    const applied = await runCli(['import', '-f', file], env);
    expect(applied.stderr).toMatch(/2 rows: 1 changed, 0 unchanged, 1 refused/);
    expect(await valuesOf(ds(5))).toEqual([[RETENTION, [7]]]);
  });
});

describe('finding missing values with a query string', () => {
  it('finds the datasets that miss a property, exports them, fills the column and imports it', async () => {
    const missing = `origin:PROD AND NOT _exists_:structuredProperties.${RETENTION.replace(/\./g, '_')}`;
    const exported = (await csvOf(`query=${encodeURIComponent(missing)}&property=${RETENTION}&tags=false`)).text.trimEnd().split('\r\n');
    const before = exported.length - 1;
    expect(before).toBeGreaterThan(1000);
    const filled = [exported[0], ...exported.slice(1, 31).map((line) => `${line}90`)].join('\r\n');
    const r = await importCsv(filled, false);
    expect(r.body).toMatchObject({ rows: 30, changed: 30, refused: 0 });
    const after = (await csvOf(`query=${encodeURIComponent(missing)}&property=${RETENTION}&tags=false`)).text.trimEnd().split('\r\n');
    expect(after.length - 1).toBe(before - 30);
  });
});
