/** A Tessera app on its own index prefix whose log lines are captured as parsed JSON, for the observability tests. */
import { createServer, type Server } from 'node:http';
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { Client } from '@opensearch-project/opensearch';
import { inject } from 'vitest';
import { mintToken } from '../../src/auth/tokens.js';
import { bootstrapCatalog } from '../../src/catalog/bootstrap.js';
import { loadConfig } from '../../src/config.js';
import { createRequestListener } from '../../src/http/pipeline.js';
import { jobHandlers } from '../../src/jobs/handlers.js';
import { JobRunner } from '../../src/jobs/job-queue.js';
import { createLogger } from '../../src/logger.js';
import { createServices, type Services } from '../../src/services.js';

export const SECRET = 'observability-secret-0123456789-abcdefghijkl';

export interface ObservedApp {
  url: string;
  services: Services;
  token: string;
  /** Every log line written so far, parsed. */
  lines: Record<string, any>[];
  /** Every log line written so far, as written. */
  text(): string;
  runner: JobRunner;
  close(): Promise<void>;
}

export async function startObservedApp(name: string, env: Record<string, string> = {}): Promise<ObservedApp> {
  const raw: string[] = [];
  const destination = new Writable({
    write(chunk, _enc, cb) {
      raw.push(String(chunk));
      cb();
    },
  });
  const prefix = `t_${name}_${randomBytes(3).toString('hex')}_`;
  const config = loadConfig({ INDEX_PREFIX: prefix, AUTH_SECRET: SECRET, LOG_LEVEL: 'info', JOBS_ENABLED: 'false', OPENSEARCH_URL: inject('opensearchUrl'), DEFAULT_ROLE: 'Admin', ...env });
  const services = await createServices(config, createLogger('info', { pretty: false, destination }), config.OPENSEARCH_URL!, SECRET);
  await bootstrapCatalog(services);
  const server: Server = await new Promise((r) => {
    const s = createServer(createRequestListener(services)).listen(0, '127.0.0.1', () => r(s));
  });
  const runner = new JobRunner(services, jobHandlers);
  const text = () => raw.join('');
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    services,
    token: await mintToken(SECRET, 'urn:li:corpuser:observer', 3600),
    get lines() {
      return text().split('\n').filter(Boolean).map((l) => JSON.parse(l));
    },
    text,
    runner,
    async close() {
      runner.stop();
      await new Promise((r) => server.close(() => r(undefined)));
      const raw = new Client({ node: config.OPENSEARCH_URL! });
      await raw.indices.delete({ index: `${prefix}*` }, { ignore: [404] });
      await Promise.all([raw.close(), services.close()]);
    },
  };
}
