/**
 * An entity index as an older Tessera built it, for proving a rebuild derives search fields it never had: the type's
 * documents are moved into an index whose mapping and documents lack `fields`, that index takes the alias, and the
 * reindex system update rebuilds it. Answers each document's `fields` before the move and after the rebuild.
 */
import { expect } from 'vitest';
import { reindexEntityTypes } from '../../src/jobs/reindex.js';
import type { TestApp } from './harness.js';

type Values = Record<string, Record<string, unknown>>;

export async function rebuildWithoutFields(app: TestApp, type: string, fields: string[]): Promise<{ before: Values; after: Values }> {
  const os = app.raw;
  const alias = app.services.names.entity(type);
  const pick = (source: Record<string, unknown>) => Object.fromEntries(fields.map((f) => [f, source[f]]));
  const live = Object.keys((await os.indices.getAlias({ name: alias })).body)[0];
  const mappings = (await os.indices.getMapping({ index: live })).body[live].mappings as any;
  for (const f of fields) delete mappings.properties[f];
  const settings = (await os.indices.getSettings({ index: live })).body[live].settings.index;
  const old = `${alias}_19700101000000001`;
  await os.indices.create({ index: old, body: { settings: { analysis: settings.analysis, number_of_shards: 1, number_of_replicas: 0 }, mappings } as any });
  const docs = (await os.search({ index: live, body: { size: 1000, query: { match_all: {} } } })).body.hits.hits as any[];
  const before = Object.fromEntries(docs.map((d) => [d._id, pick(d._source)]));
  const without = (source: Record<string, unknown>) => Object.fromEntries(Object.entries(source).filter(([k]) => !fields.includes(k)));
  await os.bulk({ refresh: true, body: docs.flatMap((d) => [{ index: { _index: old, _id: d._id } }, without(d._source)]) });
  await os.indices.updateAliases({ body: { actions: [{ remove: { index: live, alias } }, { add: { index: old, alias } }] } });
  await os.indices.delete({ index: live });
  const summary = await reindexEntityTypes(app.services, [type], { log: () => undefined });
  expect(summary.indices[0].action).toBe('rebuilt');
  const rebuilt = Object.keys((await os.indices.getAlias({ name: alias })).body)[0];
  const after = (await os.search({ index: rebuilt, body: { size: 1000, query: { match_all: {} } } })).body.hits.hits as any[];
  expect(after.length).toBe(docs.length);
  return { before, after: Object.fromEntries(after.map((d) => [d._id, pick(d._source)])) };
}
