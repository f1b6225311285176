/** Starts a Tessera process: resolves OpenSearch, builds services, bootstraps, serves HTTP and runs jobs. */
import type { Server } from 'node:http';
import { findOrCreateSecret } from './auth/secret.js';
import { bootstrapCatalog } from './catalog/bootstrap.js';
import type { Config } from './config.js';
import { mintToken } from './auth/tokens.js';
import { createRequestListener } from './http/pipeline.js';
import { listen } from './http/listen.js';
import { jobHandlers } from './jobs/handlers.js';
import { JobRunner } from './jobs/job-queue.js';
import { createLogger } from './logger.js';
import { createServices, type Services } from './services.js';
import { superviseNode } from './storage/node-supervisor.js';
import { resolveOpenSearch } from './storage/resolve-opensearch.js';

export interface RunningServer {
  services: Services;
  server: Server;
  url: string;
  close(): Promise<void>;
}

/** How long in-flight requests may take to finish once the service is told to stop. */
const SHUTDOWN_GRACE_MS = 10_000;

export async function startServer(config: Config): Promise<RunningServer> {
  const log = createLogger(config.LOG_LEVEL);
  const endpoint = await resolveOpenSearch(config.OPENSEARCH_URL, (m) => log.info(m));
  log.info({ opensearch: endpoint.url, source: endpoint.source }, 'using OpenSearch');
  let secret: string | undefined;
  let generatedSecretFile: string | undefined;
  if (config.AUTH_MODE === 'none') {
    log.warn('AUTH_MODE=none: AUTHENTICATION IS OFF. Every request is accepted without a token. Use only for local work.');
  } else {
    const found = findOrCreateSecret(config);
    secret = found.secret;
    if (found.generated) {
      generatedSecretFile = found.source;
      log.info({ secretFile: found.source }, 'generated a token signing secret');
    } else log.info({ secretSource: found.source }, 'token signing secret found');
  }
  const services = await createServices(config, log, endpoint.url, secret);
  await bootstrapCatalog(services);
  const runner = new JobRunner(services, jobHandlers);
  if (config.JOBS_ENABLED) {
    runner.start();
    services.dispatcher.start();
  }
  if (config.CHANGE_RELAY_ENABLED) services.relay.start();
  const onRestart = () => services.metrics.managedNodeRestarts.inc();
  const supervisor = endpoint.restart ? superviseNode(services.indices, endpoint.restart, log, { onRestart }) : undefined;
  const server = await listen(createRequestListener(services), config.PORT, config.HOST, config.MAX_HEADER_BYTES);
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : config.PORT;
  const url = `http://localhost:${port}`;
  log.info({ url }, 'Tessera is serving');
  if (secret && generatedSecretFile) await printFirstStartToken(secret, generatedSecretFile, url);
  return {
    services,
    server,
    url,
    async close() {
      // Stop accepting; let in-flight requests finish for a bounded time, then cut what is left.
      runner.stop();
      supervisor?.stop();
      const closed = new Promise((r) => server.close(() => r(undefined)));
      server.closeIdleConnections();
      const cut = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
      await closed;
      clearTimeout(cut);
      await services.close();
      if (endpoint.stop) {
        log.info('stopping the OpenSearch node this process started');
        await endpoint.stop();
      }
    },
  };
}

/** The embedded default stays two commands: the first start prints a ready admin token and how to use it. */
async function printFirstStartToken(secret: string, secretFile: string, url: string): Promise<void> {
  const token = await mintToken(secret, 'urn:li:corpuser:admin', 30 * 24 * 3600);
  process.stdout.write(
    `\nTessera generated a token signing secret at ${secretFile} (keep it private).\n` +
      `Admin token for urn:li:corpuser:admin, valid 30 days:\n\n  ${token}\n\n` +
      `Sign in to the web page:  ${url}/ui/#token=${token}\n` +
      `Use it with:  tessera init --host ${url}/gms --token <token>\n` +
      `More tokens:  tessera token create --actor urn:li:corpuser:<id>\n\n`,
  );
}
