/**
 * The change relay's own thread: it builds its own engine client and stores from the process's settings and runs the
 * one relay (change-relay.ts) here, so that its rounds never wait behind request handling on the main thread (under a
 * bulk load they did: each step of a round queued behind batches being checked, and the relay fell minutes behind).
 * What the main thread needs back — the positions its writes drop records by, the relay's metrics, a tick's answer —
 * is posted to it (relay-thread.ts).
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { Config } from '../config.js';
import { createLogger } from '../logger.js';
import { createOpenSearchClient } from '../storage/opensearch-client.js';
import { IndexNames } from '../storage/indices.js';
import { JobStore } from '../storage/job-store.js';
import { EventStore } from '../storage/event-store.js';
import { OutboxScan } from '../storage/outbox-scan.js';
import { setMaxUrnLength } from '../model/urn.js';
import { ChangeRelay, RELAY_METRICS, type RelayMetrics, type RelayState } from './change-relay.js';
import type { FromRelay, ToRelay } from './relay-thread.js';

const { config, opensearchUrl, instanceId } = workerData as { config: Config; opensearchUrl: string; instanceId: string };
const port = parentPort!;
const post = (m: FromRelay) => port.postMessage(m);

setMaxUrnLength(config.MAX_URN_LENGTH);
const log = createLogger(config.LOG_LEVEL).child({ thread: 'change-relay' });
const client = createOpenSearchClient(config, { url: opensearchUrl, log });
const names = new IndexNames(config.INDEX_PREFIX);
const jobStore = new JobStore(client, names, log);

/** Each instrument's calls are made on the main thread's registry. */
const metrics = Object.fromEntries(
  RELAY_METRICS.map((metric) => [metric, { inc: (...args: unknown[]) => post({ type: 'metric', metric, op: 'inc', args }), set: (...args: unknown[]) => post({ type: 'metric', metric, op: 'set', args }) }]),
) as unknown as RelayMetrics;
const positions = { set: (state: Pick<RelayState, 'positions' | 'hot' | 'backlog' | 'updatedAt'>) => post({ type: 'positions', state }) };

const relay = new ChangeRelay({ jobStore, events: new EventStore(client, names), scan: new OutboxScan(client), names, log, instanceId, metrics, leaseMs: config.RELAY_LEASE_MS }, positions);

// A failure nothing awaited is logged and counted on the main thread; the relay goes on (its next round leads afresh).
process.on('unhandledRejection', (reason) => {
  log.error({ err: reason }, 'unhandled rejection in the change relay thread');
  post({ type: 'unhandled' });
});

port.on('message', (m: ToRelay) => {
  if (m.type === 'start') relay.start();
  else if (m.type === 'tick') relay.tick().then((led) => post({ type: 'ticked', id: m.id, led }), (e) => post({ type: 'ticked', id: m.id, error: String((e as Error)?.message ?? e) }));
  else if (m.type === 'stop') void relay.stop().finally(() => client.close().catch(() => undefined).finally(() => post({ type: 'stopped' })));
});
post({ type: 'ready' });
