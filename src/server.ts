/** Starts a Tessera process: resolves OpenSearch, builds services, bootstraps, serves HTTP and runs jobs. */
import type { Server } from 'node:http';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { dataDirOf, findOrCreateSecret } from './auth/secret.js';
import { createAccessToken } from './catalog/access/access-tokens.js';
import { BOOTSTRAP_ADMIN } from './catalog/access/access-state.js';
import { bootstrapCatalog } from './catalog/bootstrap.js';
import type { Config } from './config.js';
import { createRequestListener } from './http/pipeline.js';
import { listen } from './http/listen.js';
import { jobHandlers } from './jobs/handlers.js';
import { JobRunner } from './jobs/job-queue.js';
import { TimeseriesRetentionSweep } from './jobs/timeseries-retention.js';
import { PropagationSweep } from './jobs/label-propagation.js';
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
  const sweep = new PropagationSweep(services, config.PROPAGATION_SWEEP_MS);
  const retention = new TimeseriesRetentionSweep(services);
  if (config.JOBS_ENABLED) {
    runner.start();
    sweep.start();
    retention.start();
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
  if (secret && generatedSecretFile) await showFirstStartToken(services, generatedSecretFile, url, dataDirOf(config.TESSERA_DATA_DIR));
  return {
    services,
    server,
    url,
    async close() {
      // Stop accepting; let in-flight requests finish for a bounded time, then cut what is left.
      runner.stop();
      sweep.stop();
      retention.stop();
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

/**
 * The embedded default stays two commands: the first start makes a stored, revocable administrator token (30 days)
 * and shows it once — on the terminal, never in a log line. Without a terminal (a service manager, a container) it
 * goes to a file readable only by this user, and the log says where.
 */
async function showFirstStartToken(services: Services, secretFile: string, url: string, dataDir: string): Promise<void> {
  const { accessToken, metadata } = await createAccessToken(services, BOOTSTRAP_ADMIN, { actorUrn: BOOTSTRAP_ADMIN, name: 'first start', duration: 'ONE_MONTH', description: 'made by the first start' });
  const text =
    `\nTessera generated a token signing secret at ${secretFile} (keep it private).\n` +
    `Admin token for ${BOOTSTRAP_ADMIN}, valid 30 days (revoke it with: tessera token revoke --id ${metadata.id}):\n\n  ${accessToken}\n\n` +
    `Sign in to the web page:  ${url}/ui/#token=${accessToken}\n` +
    `Use it with:  tessera init --host ${url}/gms --token <token>\n` +
    `More tokens:  tessera token issue --name <what for>\n\n`;
  if (process.stdout.isTTY) {
    process.stdout.write(text);
    return;
  }
  const file = join(dataDir, 'first-start-token');
  writeFileSync(file, text.trimStart(), { mode: 0o600 });
  services.log.info({ file, tokenId: metadata.id }, 'no terminal to show the first administrator token on: it is in this file (readable by this user only); read it, then delete the file');
}
