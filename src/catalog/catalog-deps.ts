/**
 * What catalog operations depend on — the stores, caches, hook tables and the few settings they read — and the shape of
 * the hooks that take part in writes and reads. The composition root (services.ts) fulfils it; catalog code never sees
 * the root itself, so no import, type-only ones included, runs from catalog back up.
 */
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import type { EntityDoc, EntityStore, StoredAspect } from '../storage/entity-store.js';
import type { IndexAdmin } from '../storage/index-admin.js';
import type { IndexNames } from '../storage/indices.js';
import type { JobStore } from '../storage/job-store.js';
import type { EventStore } from '../storage/event-store.js';
import type { TimeseriesStore } from '../storage/timeseries-store.js';
import type { AccessControl } from './access/access-control.js';
import type { Metrics } from '../metrics/metrics.js';
import type { DefinitionCache } from './definition-cache.js';
import type { DefinitionMemo } from './definition-info.js';

export interface CatalogDeps {
  config: Pick<Config, 'CREATE_MISSING_ENTITIES' | 'ENABLE_SIBLING_HOOK' | 'MAX_BATCH_ITEMS' | 'MAX_COUNT' | 'OPENSEARCH_SHARDS' | 'OPENSEARCH_REPLICAS' | 'TIMESERIES_RETENTION_DAYS' | 'TIMESERIES_RETENTION'>;
  log: Logger;
  names: IndexNames;
  store: EntityStore;
  indices: IndexAdmin;
  jobStore: JobStore;
  /** Time-series points (profiles, usage, operations, checkpoints), in monthly indices per aspect. */
  timeseries: TimeseriesStore;
  /** Change records in their global sequence: history and events read them. */
  events: EventStore;
  /** Aspect and entity-delete hooks, composed once by the composition root (hooks/index.ts builds the table). */
  hooks: CatalogHooks;
  /** Definitions for reads and searches (never for writes); see definition-cache.ts for why it is correct across processes. */
  definitionCache: DefinitionCache;
  /** Who may do what: the one authorization function every write and read goes through. */
  access: AccessControl;
  /** The instruments catalog operations count on (the event poll). */
  metrics?: Pick<Metrics, 'eventPolls' | 'eventPollHoles'>;
}

export interface CatalogHooks {
  /** One entry per aspect that has rules beyond its schema. */
  aspects: Readonly<Record<string, AspectHook>>;
  /** What must happen elsewhere when an entity of a type is hard deleted. */
  entityDelete: Readonly<Record<string, EntityDeleteHook>>;
  /** What follows a successful write on other entities (the dbt sibling links), after it, as the original's hooks do. */
  afterWrite: readonly AfterWriteHook[];
}

/** Each entity a write changed, with the aspects it asked to change. */
export type AfterWriteHook = (services: CatalogDeps, written: { urn: string; entityType: string; aspects: string[] }[], actor: string) => Promise<void>;

/** Records, as durable jobs, what must happen elsewhere when an entity of a given type is hard deleted. */
export type EntityDeleteHook = (services: CatalogDeps, doc: EntityDoc, actor: string) => Promise<void>;

/** The extension point through which aspect-specific rules take part in every write and read. */
export interface AspectWriteContext {
  services: CatalogDeps;
  actor: string;
  now: number;
  entityType: string;
  urn: string;
  aspect: string;
  previous?: StoredAspect;
  /** The entity document being built (other aspects already updated by earlier changes of the same write). */
  doc: EntityDoc;
  /** Structured property definitions fetched so far by this write attempt. */
  definitions?: DefinitionMemo;
}

export interface AspectReadContext {
  services: CatalogDeps;
  entityType: string;
  urn: string;
  aspect: string;
  stored: StoredAspect;
  /** Structured property definitions fetched so far by this request. */
  definitions?: DefinitionMemo;
}

export interface AspectHook {
  /** Runs inside the read-modify-write; throws a CatalogError to refuse. May return storage-side meta. */
  validate?(ctx: AspectWriteContext, value: unknown): Promise<{ meta?: Record<string, unknown> } | void>;
  /**
   * The value a write starts from (what `compute` receives and `validate` sees as previous): the stored value minus
   * anything that must never be carried into a new write (e.g. values of re-versioned or hard-deleted properties).
   */
  prepare?(ctx: AspectReadContext): Promise<unknown>;
  /** Runs inside the read-modify-write before the aspect is deleted; throws a CatalogError to refuse. */
  validateDelete?(ctx: AspectWriteContext): Promise<void>;
  /** Transforms the stored value for every read (e.g. hides values of deleted properties). */
  present?(ctx: AspectReadContext): Promise<unknown>;
}
