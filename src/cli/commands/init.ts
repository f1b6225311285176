/** `tessera init`: asks for (or takes) the server address and token and writes `~/.tesseraenv`. */
import { existsSync } from 'node:fs';
import { TesseraClient } from '../../sdk/client.js';
import { configFilePath, DEFAULT_HOST, writeConfigFile } from '../cli-config.js';
import type { CliContext } from '../cli-context.js';
import { CliError } from '../cli-error.js';
import { confirm } from '../cli-io.js';

export interface InitOptions {
  host?: string;
  token?: string;
  force?: boolean;
}

export async function runInit(ctx: CliContext, opts: InitOptions): Promise<void> {
  const { io } = ctx;
  const path = configFilePath();
  if (existsSync(path) && !opts.force) {
    if (!io.interactive) throw new CliError(`${path} already exists; pass --force to overwrite it`);
    if (!(await confirm(io, `${path} already exists. Overwrite?`))) throw new CliError('Aborted; configuration unchanged');
  }
  let host = opts.host;
  if (host === undefined) host = io.interactive ? (await io.ask(`Enter your Tessera host [${DEFAULT_HOST}]: `)).trim() || DEFAULT_HOST : DEFAULT_HOST;
  host = host.replace(/\/+$/, '');
  if (!/^https?:\/\/[^\s/]+/.test(host)) throw new CliError(`--host must be an http(s) URL such as ${DEFAULT_HOST}, got ${host}`);
  let token = opts.token;
  if (token === undefined) token = io.interactive ? (await io.ask('Enter your token (empty for a server without authentication): ')).trim() : '';
  if (token && !/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/.test(token) && !/^tsr_pat_[0-9a-f]{32}_[A-Za-z0-9_-]{43}$/.test(token)) {
    throw new CliError('--token must be an access token (tsr_pat_…) as the server\'s first start or `tessera token issue` gives, or a signed token (three dot-separated parts) from `tessera token create`');
  }

  writeConfigFile({ gms: { server: host, ...(token ? { token } : {}) } }, path);
  // A reachability check helps spot a wrong address at once; it never blocks writing the file.
  const reachable = await new TesseraClient({ server: host, retry: { retries: 0 }, timeoutMs: 3000 }).serverConfig().then(
    () => true,
    () => false,
  );
  if (!reachable) io.err(`Note: could not reach ${host}/config just now; check the address if commands fail.`);
  if (ctx.json()) ctx.printJson({ configFile: path, server: host, token: token ? 'set' : 'none', reachable });
  else io.out(`✓ Configuration written to ${path}`);
}
