/** Brings up (or reuses) the OpenSearch node every integration test file talks to. */
import type { TestProject } from 'vitest/node';
import { resolveOpenSearch, type OpenSearchEndpoint } from '../../src/storage/resolve-opensearch.js';

let endpoint: OpenSearchEndpoint | undefined;

export async function setup(project: TestProject): Promise<void> {
  endpoint = await resolveOpenSearch(process.env.OPENSEARCH_URL, (m) => process.stderr.write(`[global-setup] ${m}\n`));
  process.stderr.write(`[global-setup] OpenSearch at ${endpoint.url} (${endpoint.source})\n`);
  project.provide('opensearchUrl', endpoint.url);
}

export async function teardown(): Promise<void> {
  await endpoint?.stop?.();
}

declare module 'vitest' {
  export interface ProvidedContext {
    opensearchUrl: string;
  }
}
