/** The CLI's server address and token: `TESSERA_SERVER` / `TESSERA_TOKEN`, else `~/.tesseraenv` (written by `tessera init`). */
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

/** Each variable overrides its own file entry; the file's token is only sent to the file's own server. */
export function resolveConnection(env: Record<string, string | undefined>): Connection {
  const file = env.TESSERA_SERVER && env.TESSERA_TOKEN ? undefined : readConfigFile();
  const server = (env.TESSERA_SERVER || file?.gms.server)?.replace(/\/+$/, '');
  if (!server) throw new CliError(`No server configured: run \`tessera init\` (writes ${configFilePath()}) or set TESSERA_SERVER`);
  if (!/^https?:\/\/[^\s]+$/.test(server)) throw new CliError(`Server address must be an http(s) URL, got ${server}`);
  const fileToken = file && file.gms.server.replace(/\/+$/, '') === server ? file.gms.token : undefined;
  return { server, token: env.TESSERA_TOKEN || fileToken || undefined };
}
