/** The composition root: builds the OpenSearch client, stores and services once. */
import { randomUUID } from 'node:crypto';
import { Client } from '@opensearch-project/opensearch';
import type { Config } from './config.js';
import type { Logger } from './logger.js';
import { ensureAllIndices, IndexNames } from './storage/indices.js';
import { EntityStore } from './storage/entity-store.js';
import { createAuth, type Auth } from './auth/tokens.js';

export interface Services {
  config: Config;
  log: Logger;
  client: Client;
  names: IndexNames;
  store: EntityStore;
  auth: Auth;
  /** Identifies this process as a job lease holder. */
  instanceId: string;
}

export async function createServices(config: Config, log: Logger, opensearchUrl: string, authSecret?: string): Promise<Services> {
  const client = new Client({ node: opensearchUrl, requestTimeout: 30_000, maxRetries: 2 });
  const names = new IndexNames(config.INDEX_PREFIX);
  await ensureAllIndices(client, names);
  const store = new EntityStore(client, names, config.WRITE_RETRY_MS);
  const auth = createAuth(config.AUTH_MODE, authSecret ?? config.AUTH_SECRET);
  const services: Services = { config, log, client, names, store, auth, instanceId: randomUUID() };
  return services;
}
