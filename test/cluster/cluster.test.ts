/**
 * Two Tessera processes on a 3-node cluster with one replica per index: writes through both (contended ones included),
 * a hard delete whose clean-up job one process holds, then `kill -9` of that process and of one OpenSearch node.
 * Nothing acknowledged is lost, the job is taken over and finishes, and the survivor reads every write.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeUrn } from '../../src/model/urn.js';
import { cacheSearch, searchTotal } from '../faults/cached-search.js';
import { CLUSTER_PORTS, killNode, startCluster, startTessera, stopCluster, waitFor, type TesseraProcess } from './cluster-harness.js';

const PREFIX = `cluster_${randomBytes(3).toString('hex')}_`;
const DATASETS = 600;
const dataset = (i: number) => `urn:li:dataset:(urn:li:dataPlatform:hive,cluster.table_${String(i).padStart(4, '0')},PROD)`;
const PROPERTY = 'urn:li:structuredProperty:cluster.retention';
const CONTENDED = [dataset(0), dataset(1)];
const TAGS_PER_PROCESS = 8;

let a: TesseraProcess;
let b: TesseraProcess;
const processes: TesseraProcess[] = [];
/** Every write a process answered 2xx to: what must survive. */
const acknowledged = new Map<string, string>();

beforeAll(async () => {
  const urls = await startCluster();
  const env = {
    OPENSEARCH_URL: urls,
    OPENSEARCH_REPLICAS: '1',
    INDEX_PREFIX: PREFIX,
    JOBS_ENABLED: 'true',
    JOB_POLL_MS: '300',
    JOB_LEASE_MS: '6000',
    // Two cores shared by three nodes and two services: allow slow cluster-state updates.
    OPENSEARCH_TIMEOUT_MS: '30000',
    TESSERA_DATA_DIR: `/tmp/${PREFIX}`,
  };
  a = await startTessera('alpha', env);
  processes.push(a);
  b = await startTessera('beta', env);
  processes.push(b);
});

afterAll(async () => {
  for (const p of processes) p.kill();
  await stopCluster();
});

const ok = (res: { status: number; body: any }, what: string) => {
  expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res;
};

describe('two processes on a 3-node cluster', () => {
  it('stores every index with one replica on the cluster', async () => {
    const res = await fetch(`http://127.0.0.1:${CLUSTER_PORTS[0]}/${PREFIX}*/_settings/index.number_of_replicas`);
    const settings = Object.values(await res.json()) as { settings: { index: { number_of_replicas: string } } }[];
    expect(settings.length).toBeGreaterThan(5);
    for (const s of settings) expect(s.settings.index.number_of_replicas).toBe('1');
  });

  it('acknowledges writes through both processes, contended ones included', async () => {
    // Batches alternate between the processes; each dataset gets a description naming who wrote it.
    for (let start = 0; start < DATASETS; start += 100) {
      const via = (start / 100) % 2 === 0 ? a : b;
      const items = Array.from({ length: 100 }, (_, k) => ({ urn: dataset(start + k), datasetProperties: { value: { description: `written by ${via.name}` } } }));
      ok(await via.request('POST', '/openapi/v3/entity/dataset?async=false', items), 'batch');
      for (const item of items) acknowledged.set(item.urn, `written by ${via.name}`);
    }
    // Both processes add tags to the same two datasets at once: conditional writes conflict across processes and are retried.
    const tags = [a, b].flatMap((p) => Array.from({ length: TAGS_PER_PROCESS }, (_, i) => ({ p, tag: `urn:li:tag:${p.name}_${i}` })));
    await Promise.all(
      tags.flatMap(({ p, tag }) =>
        CONTENDED.map(async (urn) => {
          const patch = [{ op: 'add', path: `/tags/${tag}`, value: { tag } }];
          ok(await p.request('PATCH', `/openapi/v3/entity/dataset/${encodeUrn(urn)}/globalTags`, { patch, arrayPrimaryKeys: { tags: ['tag'] } }), `tag ${tag}`);
        }),
      ),
    );
    // The property every dataset carries, for the hard delete below.
    const definition = { qualifiedName: 'cluster.retention', valueType: 'urn:li:dataType:service.string', cardinality: 'SINGLE', entityTypes: ['urn:li:entityType:service.dataset'] };
    ok(await a.request('POST', `/openapi/v2/entity/structuredProperty/${encodeUrn(PROPERTY)}/propertyDefinition`, definition), 'definition');
    for (let start = 0; start < DATASETS; start += 150) {
      const via = (start / 150) % 2 === 0 ? b : a;
      const items = Array.from({ length: 150 }, (_, k) => ({
        urn: dataset(start + k),
        structuredProperties: { value: { properties: [{ propertyUrn: PROPERTY, values: [{ string: `${start + k} days` }] }] } },
      }));
      ok(await via.request('POST', '/openapi/v3/entity/dataset?async=false', items), 'property values');
    }
  });

  it('answers the write made before a primary shard moved, not an answer it kept from before the write', async () => {
    const send = (p: TesseraProcess) => (method: string, path: string, body?: unknown) => p.request(method, path, body);
    await cacheSearch(send(a), 'movecheck', 0);
    ok(await b.request('POST', '/openapi/v3/entity/dataset?async=false&waitForSearch=true', [{ urn: dataset(9999), datasetProperties: { value: { name: 'movecheck' } } }]), 'write');
    // The dataset index's primary moves to the node holding no copy of it (the shard's counters start again there).
    const engine = `http://127.0.0.1:${CLUSTER_PORTS[0]}`;
    const shards = (await (await fetch(`${engine}/_cat/shards/${PREFIX}dataset?format=json&h=index,shard,prirep,node`)).json()) as { index: string; shard: string; prirep: string; node: string }[];
    const primary = shards.find((x) => x.prirep === 'p' && x.shard === '0')!;
    const nodes = ((await (await fetch(`${engine}/_cat/nodes?format=json&h=name`)).json()) as { name: string }[]).map((n) => n.name);
    const free = nodes.find((n) => !shards.some((x) => x.shard === '0' && x.node === n))!;
    expect(free, JSON.stringify(shards)).toBeDefined();
    const moved = await fetch(`${engine}/_cluster/reroute`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ commands: [{ move: { index: primary.index, shard: 0, from_node: primary.node, to_node: free } }] }) });
    expect(moved.status, await moved.text()).toBe(200);
    const settled = await fetch(`${engine}/_cluster/health/${primary.index}?wait_for_no_relocating_shards=true&wait_for_status=green&timeout=120s`);
    expect(((await settled.json()) as { timed_out: boolean }).timed_out).toBe(false);
    const now = (await (await fetch(`${engine}/_cat/shards/${primary.index}?format=json&h=shard,prirep,node`)).json()) as { shard: string; prirep: string; node: string }[];
    expect(now.find((x) => x.prirep === 'p' && x.shard === '0')?.node).toBe(free);
    expect(await searchTotal(send(a), 'movecheck')).toBe(1);
  });

  it('keeps every acknowledged write and finishes the clean-up job when its holder and a node are killed', async () => {
    const deleted = ok(await a.request('DELETE', `/openapi/v3/entity/structuredProperty/${encodeUrn(PROPERTY)}`), 'hard delete');
    expect(deleted.status).toBe(200);
    // Whichever process claims the clean-up job is the one killed, while the job runs.
    const started = await waitFor('a process to start the clean-up job', () =>
      processes.map((p) => ({ p, line: p.lines.find((l) => l.msg === 'job started' && l.key === PROPERTY) })).find((x) => x.line),
      60_000,
      20,
    );
    const holder = started.p;
    const survivor = holder === a ? b : a;
    holder.kill();
    await killNode(CLUSTER_PORTS[2]);
    const jobId: string = started.line!.job;

    // Writes through the survivor still succeed with a node gone; they count as acknowledged too.
    for (let i = DATASETS; i < DATASETS + 20; i++) {
      const res = await survivor.request('POST', `/openapi/v3/entity/dataset/${encodeUrn(dataset(i))}/datasetProperties?createIfNotExists=false`, { value: { description: 'after the kills' } });
      if (res.status < 300) acknowledged.set(dataset(i), 'after the kills');
    }
    expect(acknowledged.size).toBeGreaterThan(DATASETS);

    // The job's lease runs out and the survivor takes it over and finishes it.
    const job = await waitFor('the clean-up job to finish', async () => {
      const res = await survivor.request('GET', `/openapi/v3/jobs/${encodeURIComponent(jobId)}`);
      return res.status === 200 && res.body.status === 'done' ? res.body : undefined;
    }, 180_000);
    expect(job.attempts).toBeGreaterThanOrEqual(2);
    // Log lines reach stdout within a quarter second (they are buffered), so the line is waited for, not expected at once.
    await waitFor('the survivor to log the job as done', async () => survivor.lines.some((l) => l.msg === 'job done' && l.job === jobId) || undefined, 5_000);

    // Every acknowledged write reads back through the survivor, without the deleted property's values.
    for (const [urn, description] of acknowledged) {
      const res = ok(await survivor.request('GET', `/openapi/v3/entity/dataset/${encodeUrn(urn)}`), `read ${urn}`);
      expect(res.body.datasetProperties?.value.description, urn).toBe(description);
      const props = res.body.structuredProperties?.value.properties ?? [];
      expect(props.filter((p: { propertyUrn: string }) => p.propertyUrn === PROPERTY), urn).toEqual([]);
    }
    for (const urn of CONTENDED) {
      const res = ok(await survivor.request('GET', `/openapi/v3/entity/dataset/${encodeUrn(urn)}/globalTags`), `tags of ${urn}`);
      const tags = res.body.globalTags.value.tags.map((t: { tag: string }) => t.tag).sort();
      expect(tags).toEqual([a, b].flatMap((p) => Array.from({ length: TAGS_PER_PROCESS }, (_, i) => `urn:li:tag:${p.name}_${i}`)).sort());
    }
    expect((await survivor.request('GET', `/openapi/v3/entity/structuredProperty/${encodeUrn(PROPERTY)}`)).status).toBe(404);
  });
});
