/** The bulk-create row: Tessera's batch POST of 500 new datasets against `_bulk` creating the same stored documents. */
import { datasetUrn, propertyUrn, retentionOf, TIERS } from './catalog.js';
import { datasetIndex, osOk, tesseraCall, tesseraOk, type BenchContext } from './context.js';
import type { Workload } from './reads.js';

export const BULK_BATCH = 500;

function item(name: string, i: number, groups: number, withProperties: boolean) {
  const g = i % groups;
  const props = {
    value: {
      properties: [
        { propertyUrn: propertyUrn(g, 'retention'), values: [{ double: retentionOf(i) }] },
        { propertyUrn: propertyUrn(g, 'tier'), values: [{ string: TIERS[i % TIERS.length] }] },
        { propertyUrn: propertyUrn(g, 'reviewed'), values: [{ string: '2025-03-01' }] },
      ],
    },
  };
  const urn = datasetUrn(name, i);
  return {
    urn,
    datasetProperties: { value: { name: name.split('.').pop(), description: `Bulk table ${i}`, customProperties: { batch: name } } },
    ...(withProperties ? { structuredProperties: props } : {}),
    props: { urn, structuredProperties: props },
  };
}

export interface BulkState {
  /** Every URN the row created, deleted again when the row is done. */
  created: string[];
  twoPass: boolean;
}

export function bulkCreate(c: BenchContext, state: BulkState): Workload {
  const run = `${Date.now().toString(36)}`;
  const names = (side: string, seq: number) => Array.from({ length: BULK_BATCH }, (_, k) => `bench.bulk.${side}${run}_${seq}_${k}`);
  let templates: { name: string; doc: any }[] = [];

  async function tesseraBatch(side: string, seq: number): Promise<number> {
    const items = names(side, seq).map((n, k) => item(n, k, c.groups, !state.twoPass));
    const first = items.map(({ props, ...rest }) => rest);
    const r = await tesseraCall(c, 'POST', '/openapi/v3/entity/dataset?async=false', first);
    if (r.status === 404 && !state.twoPass && /does not exist/.test(r.text)) {
      state.twoPass = true;
      return tesseraBatch(side, seq);
    }
    if (r.status >= 300) throw new Error(`batch ${r.status}: ${r.text.slice(0, 300)}`);
    state.created.push(...items.map((i) => i.urn));
    if (state.twoPass) await tesseraOk(c, 'POST', '/openapi/v3/entity/dataset?async=false', items.map((i) => i.props));
    return items.length;
  }

  async function rawBatch(side: string, seq: number): Promise<number> {
    const lines: string[] = [];
    names(side, seq).forEach((n, k) => {
      const t = templates[k];
      const doc = JSON.parse(JSON.stringify(t.doc).split(t.name).join(n));
      state.created.push(doc.urn);
      lines.push(JSON.stringify({ create: { _index: datasetIndex(c), _id: doc.urn } }), JSON.stringify(doc));
    });
    const r = await osOk(c, 'POST', '/_bulk', `${lines.join('\n')}\n`, );
    if (r.json().errors) throw new Error(`_bulk item failed: ${r.text.slice(0, 300)}`);
    return BULK_BATCH;
  }

  return {
    name: 'bulk', title: `bulk create: batch POST, ${BULK_BATCH} items with datasetProperties + structuredProperties (3 values), 4 in flight`,
    unit: 'docs', target: { min: 0.9, text: '≥ 0.90' }, concurrency: 4,
    async probe() {
      await tesseraBatch('probe', 0);
      const probeNames = names('probe', 0);
      const urns = probeNames.map((n, k) => datasetUrn(n, k));
      const got = (await osOk(c, 'POST', `/${datasetIndex(c)}/_mget?realtime=true`, { ids: urns })).json().docs;
      if (got.some((d: any) => !d.found)) throw new Error('bulk probe: a document Tessera acknowledged is missing');
      // The raw side writes the entity documents without their change records: a copy of Tessera's records (new URNs)
      // would be relayed too, and the relay would spend the engine on the raw side's writes during Tessera's halves.
      templates = got.map((d: any, k: number) => {
        const { outbox: _o, changeVersion: _v, ...doc } = d._source;
        return { name: probeNames[k], doc };
      });
      await rawBatch('rawprobe', 0);
      const raw = (await osOk(c, 'GET', `/${datasetIndex(c)}/_doc/${encodeURIComponent(datasetUrn(names('rawprobe', 0)[7], 7))}`)).json()._source;
      const want = JSON.parse(JSON.stringify(templates[7].doc).split(templates[7].name).join(names('rawprobe', 0)[7]));
      if (JSON.stringify(raw) !== JSON.stringify(want)) throw new Error('bulk probe: the raw document differs from the one Tessera stores');
    },
    tessera: (_w, seq) => tesseraBatch('t', seq),
    raw: (_w, seq) => rawBatch('r', seq),
  };
}

/** Deletes what the row created, so a kept catalog stays the size it was. */
export async function removeBulkDocs(c: BenchContext, state: BulkState): Promise<void> {
  for (let i = 0; i < state.created.length; i += 5000) {
    const lines = state.created.slice(i, i + 5000).map((urn) => JSON.stringify({ delete: { _index: datasetIndex(c), _id: urn } }));
    await osOk(c, 'POST', '/_bulk?refresh=true', `${lines.join('\n')}\n`);
  }
}
