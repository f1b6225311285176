/** The composition root: builds the OpenSearch client, stores and services once. */
import { randomUUID } from 'node:crypto';
import type { Config } from './config.js';
import type { Logger } from './logger.js';
import { createAuth, type Auth } from './auth/tokens.js';
import { createCatalogHooks } from './catalog/hooks/index.js';
import type { JobDeps } from './jobs/job-deps.js';
import { DefinitionCache } from './catalog/definition-cache.js';
import { EntityStore } from './storage/entity-store.js';
import { IndexAdmin } from './storage/index-admin.js';
import { ensureSystemIndices, indicesBehindSearchMapping, IndexNames } from './storage/indices.js';
import { EAGER_ENTITY_TYPES, EntityIndices } from './storage/entity-indices.js';
import { JobStore } from './storage/job-store.js';
import { TokenStore } from './storage/token-store.js';
import { AccessStore } from './storage/access-store.js';
import { AccessControl } from './catalog/access/access-control.js';
import { createOpenSearchClient } from './storage/opensearch-client.js';
import { DirectCalls } from './storage/direct-calls.js';
import { createMetrics, type Metrics } from './metrics/metrics.js';
import { setMaxUrnLength } from './model/urn.js';
import { EventStore } from './storage/event-store.js';
import { OutboxScan } from './storage/outbox-scan.js';
import { RelayPositions } from './jobs/change-relay.js';
import { createRelay, type Relay } from './jobs/relay-thread.js';
import { WebhookStore } from './storage/webhook-store.js';
import { adminRecords } from './catalog/history/admin-records.js';
import { WebhookDispatcher } from './jobs/webhook-dispatcher.js';
import { CatalogVersion } from './storage/catalog-version.js';
import { TimeseriesStore } from './storage/timeseries-store.js';

/** Everything the adapters use; catalog operations and jobs see only their part of it (CatalogDeps, JobDeps). */
export interface Services extends JobDeps {
  config: Config;
  auth: Auth;
  /** Stored access tokens (their metadata and hashes). */
  tokenStore: TokenStore;
  /** Policies, groups, role bindings and service accounts. */
  accessStore: AccessStore;
  /** This service's Prometheus instruments, in a registry of its own. */
  metrics: Metrics;
  /** Moves change records into the events index (started by the server unless CHANGE_RELAY_ENABLED=false). */
  relay: Relay;
  /** Webhook subscriptions and deliveries. */
  webhooks: WebhookStore;
  /** Where the catalog stands, as the engine says (the GraphQL response cache's check). */
  catalogVersion: CatalogVersion;
  webhookSettings: { allowedHosts: string };
  /** How long change records are kept (the retention job removes older ones). */
  retention: { days: number };
  /** Delivers change events to webhooks (started by the server where jobs run). */
  dispatcher: WebhookDispatcher;
  /** Closes the connections to OpenSearch. */
  close(): Promise<void>;
}

export async function createServices(config: Config, log: Logger, opensearchUrl: string, authSecret?: string): Promise<Services> {
  setMaxUrnLength(config.MAX_URN_LENGTH);
  const metrics = createMetrics();
  const client = createOpenSearchClient(config, { url: opensearchUrl, metrics, log });
  const names = new IndexNames(config.INDEX_PREFIX);
  const layout = { shards: config.OPENSEARCH_SHARDS, replicas: config.OPENSEARCH_REPLICAS };
  await ensureSystemIndices(client, names, layout);
  const entityIndices = new EntityIndices(client, names, layout);
  await entityIndices.ensure(EAGER_ENTITY_TYPES);
  const behindSearch = await indicesBehindSearchMapping(client, names);
  if (behindSearch.length > 0) {
    log.warn({ indices: behindSearch }, 'these entity indices predate bare-word search (columns, tags, owners, typos, suggestions) or lineage; rebuild them with SEARCH_INDEX_BUILDER_MAPPINGS_REINDEX=true ENABLE_STRUCTURED_PROPERTIES_SYSTEM_UPDATE=true npm run reindex');
  }
  const jobStore = new JobStore(client, names, log);
  const tokenStore = new TokenStore(client, names);
  const accessStore = new AccessStore(client, names);
  const defaultRole = config.DEFAULT_ROLE === 'None' ? undefined : config.DEFAULT_ROLE;
  const access = new AccessControl(accessStore, defaultRole, config.AUTH_MODE === 'none').start();
  metrics.observeJobQueue(() => jobStore.queueStats());
  const store = new EntityStore(client, names, config.WRITE_RETRY_MS, config.SEARCH_TIMEOUT_MS, metrics, config.OPENSEARCH_AWS_REGION ? undefined : new DirectCalls(client, config.OPENSEARCH_TIMEOUT_MS, metrics, log), entityIndices);
  const positions = new RelayPositions(jobStore, config.RELAY_BACKPRESSURE);
  store.relayed = positions;
  // Administrative changes carry their records in the documents they change, as entity changes do.
  accessStore.recordChange = adminRecords;
  accessStore.relayed = positions;
  tokenStore.recordChange = adminRecords;
  const events = new EventStore(client, names);
  const instanceId = randomUUID();
  const relay = createRelay(config, { jobStore, events, scan: new OutboxScan(client), names, log, instanceId, metrics, leaseMs: config.RELAY_LEASE_MS }, positions, opensearchUrl, metrics);
  const webhooks = new WebhookStore(client, names);
  const webhookSettings = { allowedHosts: config.WEBHOOK_ALLOWED_HOSTS, timeoutMs: config.WEBHOOK_TIMEOUT_MS, scheduleMs: config.WEBHOOK_RETRY_SCHEDULE_MS.split(',').map(Number) };
  const refusalFor = async (actor: string) => {
    for (const privilege of ['MANAGE_WEBHOOKS', 'VIEW_METADATA'] as const) if (!(await access.decide(actor, privilege)).allowed) return `lacks ${privilege}`;
    return undefined;
  };
  const dispatcher = new WebhookDispatcher({ jobStore, events, webhooks, log, instanceId, settings: webhookSettings, refusalFor, metrics });
  return {
    config,
    log,
    names,
    store,
    timeseries: new TimeseriesStore(client, names, layout),
    events,
    relay,
    webhooks,
    webhookSettings,
    catalogVersion: new CatalogVersion(client, names),
    retention: { days: config.EVENTS_RETENTION_DAYS },
    dispatcher,
    indices: new IndexAdmin(client, names, entityIndices),
    jobStore,
    tokenStore,
    accessStore,
    access,
    auth: createAuth(config.AUTH_MODE, authSecret ?? config.AUTH_SECRET, tokenStore, {
      maxDays: config.ACCESS_TOKEN_MAX_DAYS,
      revokedBefore: async (actor) => (await access.state()).signedTokensBefore(actor),
    }),
    hooks: createCatalogHooks({ siblings: config.ENABLE_SIBLING_HOOK }),
    definitionCache: new DefinitionCache(config.DEFINITION_CACHE_MS),
    metrics,
    instanceId,
    close: async () => {
      access.stop();
      await Promise.all([relay.stop(), dispatcher.stop()]);
      return client.close();
    },
  };
}
