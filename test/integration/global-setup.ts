/** Brings up (or reuses) the OpenSearch node every integration test file talks to. */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@opensearch-project/opensearch';
import type { TestProject } from 'vitest/node';
import { resolveOpenSearch, type OpenSearchEndpoint } from '../../src/storage/resolve-opensearch.js';

let endpoint: OpenSearchEndpoint | undefined;
/** This run's index sets are named t_<run>_…; workers hand them on between files (index-sets.ts). */
const runId = randomBytes(3).toString('hex');
const runDir = mkdtempSync(join(tmpdir(), 'tessera-test-sets-'));

export async function setup(project: TestProject): Promise<void> {
  endpoint = await resolveOpenSearch(process.env.OPENSEARCH_URL, (m) => process.stderr.write(`[global-setup] ${m}\n`));
  process.stderr.write(`[global-setup] OpenSearch at ${endpoint.url} (${endpoint.source})\n`);
  project.provide('opensearchUrl', endpoint.url);
  project.provide('testRunId', runId);
  project.provide('testRunDir', runDir);
}

export async function teardown(): Promise<void> {
  if (endpoint) {
    const raw = new Client({ node: endpoint.url });
    await raw.indices.delete({ index: `t_${runId}_*` }, { ignore: [404] }).catch(() => undefined);
    await raw.close();
  }
  rmSync(runDir, { recursive: true, force: true });
  await endpoint?.stop?.();
}

declare module 'vitest' {
  export interface ProvidedContext {
    opensearchUrl: string;
    testRunId: string;
    testRunDir: string;
  }
}
