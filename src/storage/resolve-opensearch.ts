/** Finds the OpenSearch node to use: OPENSEARCH_URL, else the managed local node, else testcontainers. */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
export const OPENSEARCH_SCRIPT = fileURLToPath(new URL('../../scripts/opensearch.sh', import.meta.url));

export interface OpenSearchEndpoint {
  url: string;
  source: 'OPENSEARCH_URL' | 'managed' | 'testcontainers';
  /** Set when this process brought the node up; stopping the service stops it. */
  stop?: () => Promise<void>;
  /** Set for the managed node: starts it again after it died (a no-op when it runs). */
  restart?: () => Promise<void>;
}

type Log = (msg: string) => void;

/** Any answer counts, even 401/403 or a certificate the client will trust through OPENSEARCH_CA_FILE: the client checks the rest. */
async function answers(url: string, timeoutMs = 3000): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    return true;
  } catch (e) {
    return /CERT|SIGNATURE|SSL|TLS/i.test(String((e as { cause?: { code?: string } }).cause?.code ?? ''));
  }
}

async function reachable(url: string, timeoutMs = 3000): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    return res.ok;
  } catch {
    return false;
  }
}

async function hasCommand(cmd: string): Promise<boolean> {
  try {
    await run('bash', ['-c', `command -v ${cmd}`]);
    return true;
  } catch {
    return false;
  }
}

async function startManaged(log: Log): Promise<OpenSearchEndpoint | undefined> {
  if (!(await hasCommand('java')) || !(await hasCommand('mvn'))) {
    log('managed OpenSearch needs java (17) and mvn on PATH; skipping');
    return undefined;
  }
  let wasRunning = false;
  let installed = false;
  try {
    await run('bash', [OPENSEARCH_SCRIPT, 'status']);
    wasRunning = true;
  } catch (e) {
    // Not running; `status` says whether the distribution is in the cache already.
    installed = /installed at/.test(String((e as { stdout?: string }).stdout ?? ''));
  }
  log(
    wasRunning
      ? 'reusing the managed OpenSearch node'
      : installed
        ? 'starting the managed OpenSearch node'
        : 'starting the managed OpenSearch node (this first run installs it from Maven Central: a few minutes)',
  );
  const { stdout } = await run('bash', [OPENSEARCH_SCRIPT, 'start'], { maxBuffer: 16 * 1024 * 1024, timeout: 15 * 60_000 });
  const url = stdout.trim().split('\n').pop()!;
  const { stdout: where } = await run('bash', [OPENSEARCH_SCRIPT, 'where']);
  log(`the catalog's data is in ${where.trim()} (TESSERA_DATA_DIR chooses the directory; INDEX_PREFIX=<new prefix> gives an empty catalog on this node)`);
  const stop = wasRunning ? undefined : async () => void (await run('bash', [OPENSEARCH_SCRIPT, 'stop']));
  const restart = async () => void (await run('bash', [OPENSEARCH_SCRIPT, 'start'], { maxBuffer: 16 * 1024 * 1024, timeout: 5 * 60_000 }));
  return { url, source: 'managed', stop, restart };
}

async function startContainer(log: Log): Promise<OpenSearchEndpoint | undefined> {
  const dockerHost = process.env.DOCKER_HOST;
  if (!dockerHost && !existsSync('/var/run/docker.sock')) return undefined;
  try {
    const tc = await import('testcontainers');
    log('starting OpenSearch with testcontainers');
    const container = await new tc.GenericContainer('opensearchproject/opensearch:2.19.3')
      .withEnvironment({ 'discovery.type': 'single-node', DISABLE_SECURITY_PLUGIN: 'true', OPENSEARCH_JAVA_OPTS: '-Xms1g -Xmx1g' })
      .withExposedPorts(9200)
      .withWaitStrategy(tc.Wait.forHttp('/_cluster/health', 9200))
      .start();
    return {
      url: `http://${container.getHost()}:${container.getMappedPort(9200)}`,
      source: 'testcontainers',
      stop: async () => void (await container.stop()),
    };
  } catch (e) {
    log(`testcontainers failed: ${(e as Error).message}`);
    return undefined;
  }
}

export async function resolveOpenSearch(opensearchUrl: string | undefined, log: Log): Promise<OpenSearchEndpoint> {
  if (opensearchUrl) {
    const urls = opensearchUrl.split(',').map((u) => u.trim());
    if ((await Promise.all(urls.map((u) => answers(u)))).some(Boolean)) return { url: opensearchUrl, source: 'OPENSEARCH_URL' };
    throw new Error(`OPENSEARCH_URL=${opensearchUrl} does not answer.\n${OPTIONS}`);
  }
  let managedError = '';
  try {
    const managed = await startManaged(log);
    if (managed) return managed;
  } catch (e) {
    managedError = (e as { stderr?: string }).stderr ?? (e as Error).message;
    log(`managed OpenSearch failed: ${managedError.trim().split('\n').slice(-5).join('\n')}`);
  }
  const container = await startContainer(log);
  if (container) return container;
  throw new Error(`no OpenSearch available.\n${OPTIONS}`);
}

const OPTIONS = `Tessera needs OpenSearch 2.x. Options, in the order they are tried:
  1. set OPENSEARCH_URL to a running node (e.g. http://127.0.0.1:9200);
  2. have java 17 and mvn on PATH: the managed node installs itself (bash scripts/opensearch.sh start);
  3. run a Docker engine: testcontainers starts opensearchproject/opensearch:2.19.3.`;
