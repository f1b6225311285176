/** The `npm run reindex` command: reads its switches and environment, connects like the server, and runs one reindex. */
import { ConfigError, loadConfig, type Config } from './config.js';
import { createLogger, type Logger } from './logger.js';
import { ENTITY_TYPES, findEntityType } from './model/entity-types.js';
import { randomUUID } from 'node:crypto';
import { createServices, type Services } from './services.js';
import { resolveOpenSearch } from './storage/resolve-opensearch.js';
import { addMissingMappings, reindexEntityTypes, type ReindexSummary } from './jobs/reindex.js';

const USAGE = `usage: npm run reindex -- [--dry-run] [--types dataset,tag,...]

With SEARCH_INDEX_BUILDER_MAPPINGS_REINDEX=true (or ELASTICSEARCH_INDEX_BUILDER_MAPPINGS_REINDEX=true) and
ENABLE_STRUCTURED_PROPERTIES_SYSTEM_UPDATE=true, rebuilds every entity index whose mappings lost or changed fields
(mappings of hard-deleted structured properties are dropped unless values remain) and swaps it in behind its alias.
Otherwise only adds missing mappings in place. --dry-run reports what would change. OpenSearch is found like the
server finds it (OPENSEARCH_URL, else the managed node); INDEX_PREFIX selects the indices.`;

const TRUE = new Set(['true', '1', 'yes']);
const on = (env: Record<string, string | undefined>, name: string) => TRUE.has(String(env[name] ?? '').toLowerCase());

export interface ReindexArgs {
  dryRun: boolean;
  entityTypes: string[];
  rebuild: boolean;
}

export function parseReindexArgs(argv: string[], env: Record<string, string | undefined>): ReindexArgs | string {
  let dryRun = false;
  let entityTypes = ENTITY_TYPES.map((t) => t.name);
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--dry-run') dryRun = true;
    else if (a === '--types' || a.startsWith('--types=')) {
      const list = a.includes('=') ? a.slice('--types='.length) : argv[++i];
      if (!list) return `--types needs a comma-separated list\n${USAGE}`;
      const names = list.split(',').map((s) => s.trim()).filter(Boolean);
      const unknown = names.filter((n) => !findEntityType(n));
      if (unknown.length > 0) return `unknown entity type(s): ${unknown.join(', ')}; known: ${ENTITY_TYPES.map((t) => t.name).join(', ')}`;
      entityTypes = names.map((n) => findEntityType(n)!.name);
    } else if (a === '--help' || a === '-h') return USAGE;
    else return `unknown argument ${a}\n${USAGE}`;
  }
  const reindex = on(env, 'SEARCH_INDEX_BUILDER_MAPPINGS_REINDEX') || on(env, 'ELASTICSEARCH_INDEX_BUILDER_MAPPINGS_REINDEX');
  return { dryRun, entityTypes, rebuild: reindex && on(env, 'ENABLE_STRUCTURED_PROPERTIES_SYSTEM_UPDATE') };
}

/** Returns the process exit code: 0 done, 1 failed, 2 bad arguments or configuration. */
export async function runReindexCommand(argv: string[], env: Record<string, string | undefined>, out: (line: string) => void): Promise<{ code: number; summary?: ReindexSummary }> {
  const args = parseReindexArgs(argv, env);
  if (typeof args === 'string') {
    out(args);
    return { code: args === USAGE ? 0 : 2 };
  }
  let config;
  try {
    // No HTTP server is started, so no token secret is needed.
    config = { ...loadConfig(env), AUTH_MODE: 'none' as const };
  } catch (e) {
    if (e instanceof ConfigError) {
      out(e.message);
      return { code: 2 };
    }
    throw e;
  }
  const log = createLogger(config.LOG_LEVEL === 'info' ? 'warn' : config.LOG_LEVEL);
  const { services, stop } = await connect(config, log, out);
  try {
    if (!args.rebuild) out('SEARCH_INDEX_BUILDER_MAPPINGS_REINDEX and ENABLE_STRUCTURED_PROPERTIES_SYSTEM_UPDATE are not both true: only adding missing mappings');
    const run = args.rebuild ? reindexEntityTypes : addMissingMappings;
    const summary = await run(services, args.entityTypes, { dryRun: args.dryRun, log: out });
    // A run that changed an index is an administrative action: recorded in the change log like the others.
    const changed = summary.indices.filter((i) => i.action === 'rebuilt' || i.action === 'mappings-added');
    if (!args.dryRun && changed.length > 0) {
      const run = { at: Date.now(), rebuild: args.rebuild, indices: changed.map((i) => ({ entityType: i.entityType, action: i.action, from: i.from, to: i.to, documents: i.documents })) };
      await services.accessStore.put('reindexRun', randomUUID(), run, { create: true });
    }
    return { code: 0, summary };
  } catch (e) {
    out(`reindex failed: ${(e as Error).message}`);
    return { code: 1 };
  } finally {
    await services.close();
    await stop?.();
  }
}

/**
 * Finds OpenSearch as the server does. A node named by OPENSEARCH_URL is asked whether it answers only when connecting
 * to it failed, to explain why: the probe's first `fetch` costs tens of milliseconds of a run that should cost little
 * more than its copy.
 */
async function connect(config: Config, log: Logger, out: (line: string) => void): Promise<{ services: Services; stop?: () => Promise<void> }> {
  if (!config.OPENSEARCH_URL) {
    const endpoint = await resolveOpenSearch(undefined, out);
    return { services: await createServices(config, log, endpoint.url), stop: endpoint.stop };
  }
  try {
    return { services: await createServices(config, log, config.OPENSEARCH_URL) };
  } catch (e) {
    await resolveOpenSearch(config.OPENSEARCH_URL, out);
    throw e;
  }
}
