/** Entry point: load config, start the server, stop cleanly on SIGINT/SIGTERM. */
import { ConfigError, loadConfig } from './config.js';
import { startServer } from './server.js';

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const running = await startServer(config);
  // A rejection nothing handled is a defect, not a reason to stop serving: logged with its stack and counted.
  process.on('unhandledRejection', (reason) => {
    running.services.metrics.unhandledRejections.inc();
    running.services.log.error({ err: reason }, 'unhandled promise rejection (a defect: please report it); the service keeps running');
  });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    running.services.log.info({ signal }, 'shutting down');
    await running.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((e) => {
  process.stderr.write(`${e instanceof ConfigError ? e.message : `Tessera failed to start: ${(e as Error).message}`}\n`);
  process.exit(1);
});
