/** The per-request GraphQL context: services, the caller, and a request-scoped entity loader. */
import type { Services } from '../services.js';
import { EntityLoader } from './entity-loader.js';

export interface GraphqlContext {
  services: Services;
  actor: string;
  waitForSearch: boolean;
  loader: EntityLoader;
  /**
   * Whether the request reached for what the catalog's version does not follow (change records, jobs, webhooks): its
   * answer is then never kept by the response cache. A holder, because yoga copies the context's fields into its own.
   */
  reads: { unversioned: boolean };
  /** The request's id (X-Request-Id), for the lines its failures leave. */
  requestId?: string;
}

/** Stores whose contents the catalog's version (storage/catalog-version.ts) does not follow. */
// Token metadata is left out of the catalog's version (each use of a token writes its last use): answers reading it are not kept.
const UNVERSIONED = ['events', 'jobStore', 'relay', 'webhooks', 'dispatcher', 'tokenStore'] as const;
const REQUEST = Symbol('request');

type Watched = Services & { [REQUEST]: GraphqlContext['reads'] };

/** Per services: the same services, except that reaching for an unversioned store marks the request it serves. */
const watchers = new WeakMap<Services, Services>();
function watcherOf(services: Services): Services {
  let watcher = watchers.get(services);
  if (!watcher) {
    const marking: PropertyDescriptorMap = {};
    for (const key of UNVERSIONED) {
      marking[key] = {
        get(this: Watched) {
          this[REQUEST].unversioned = true;
          return services[key];
        },
      };
    }
    watcher = Object.create(services, marking) as Services;
    watchers.set(services, watcher);
  }
  return watcher;
}

export function createContext(services: Services, actor: string, waitForSearch: boolean, requestId?: string): GraphqlContext {
  const reads = { unversioned: false };
  const watched = Object.create(watcherOf(services)) as Watched;
  watched[REQUEST] = reads;
  return { services: watched, actor, waitForSearch, loader: new EntityLoader(services), reads, requestId };
}
