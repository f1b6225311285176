/** The CLI's server address and token, each from `TESSERA_SERVER` / `TESSERA_TOKEN`, else `~/.tesseraenv` (written by `tessera init`). */
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';
import { z } from 'zod';
import { CliError } from './cli-error.js';

export const DEFAULT_HOST = 'http://localhost:8080/gms';
export const configFilePath = () => join(homedir(), '.tesseraenv');

const ConfigFileSchema = z.strictObject({
  gms: z.strictObject({ server: z.string().url(), token: z.string().optional() }),
});
export type ConfigFile = z.infer<typeof ConfigFileSchema>;

export interface Connection {
  server: string;
  token?: string;
  /** Where each setting came from, for messages that must say where the CLI looked. */
  sources: { server: string; token: string };
}

export function readConfigFile(path = configFilePath()): ConfigFile | undefined {
  if (!existsSync(path)) return undefined;
  let raw: unknown;
  try {
    raw = parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new CliError(`${path}: not valid YAML (${(e as Error).message.split('\n')[0]}); run \`tessera init\` to rewrite it`);
  }
  const parsed = ConfigFileSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new CliError(`${path}: ${issue.path.join('.') || 'file'}: ${issue.message}; run \`tessera init\` to rewrite it`);
  }
  return parsed.data;
}

export function writeConfigFile(config: ConfigFile, path = configFilePath()): void {
  writeFileSync(path, stringify(config), { mode: 0o600 });
  chmodSync(path, 0o600); // the token is a credential, also when the file already existed
}

/** Each setting on its own: the variable when set, else the file's entry (so `TESSERA_SERVER` alone keeps the saved token). */
export function resolveConnection(env: Record<string, string | undefined>): Connection {
  const path = configFilePath();
  const file = env.TESSERA_SERVER && env.TESSERA_TOKEN ? undefined : readConfigFile(path);
  const server = (env.TESSERA_SERVER || file?.gms.server)?.replace(/\/+$/, '');
  if (!server) throw new CliError(`No server configured: run \`tessera init\` (writes ${path}) or set TESSERA_SERVER`);
  if (!/^https?:\/\/[^\s]+$/.test(server)) throw new CliError(`Server address must be an http(s) URL, got ${server}`);
  const token = env.TESSERA_TOKEN || file?.gms.token || undefined;
  const sources = {
    server: env.TESSERA_SERVER ? 'TESSERA_SERVER' : path,
    token: env.TESSERA_TOKEN ? 'TESSERA_TOKEN' : file?.gms.token ? path : `none (TESSERA_TOKEN is unset and ${file ? `${path} has no token` : `there is no ${path}`})`,
  };
  return { server, token, sources };
}

/** What a 401 adds: where the CLI found its server and token, and how to give it another. */
export function describeConnection(c: Connection): string {
  return `server ${c.server} from ${c.sources.server}; token from ${c.sources.token}. Set TESSERA_TOKEN, or run \`tessera init --host ${c.server} --token <token>\``;
}
