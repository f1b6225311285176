/** Finds the token signing secret: AUTH_SECRET, else the secret file in the data directory (generated on first start). */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

export const dataDirOf = (configured?: string) => configured ?? join(homedir(), '.tessera');
export const secretFileOf = (dataDir: string) => join(dataDir, 'auth-secret');

export interface SecretSource {
  secret: string;
  source: string;
  generated: boolean;
}

export function findSecret(env: { AUTH_SECRET?: string; TESSERA_DATA_DIR?: string }): SecretSource | undefined {
  if (env.AUTH_SECRET) return { secret: env.AUTH_SECRET, source: 'AUTH_SECRET', generated: false };
  const file = secretFileOf(dataDirOf(env.TESSERA_DATA_DIR));
  if (existsSync(file)) return { secret: readFileSync(file, 'utf8').trim(), source: file, generated: false };
  return undefined;
}

export function findOrCreateSecret(env: { AUTH_SECRET?: string; TESSERA_DATA_DIR?: string }): SecretSource {
  const found = findSecret(env);
  if (found) return found;
  const dir = dataDirOf(env.TESSERA_DATA_DIR);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = secretFileOf(dir);
  writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  return { secret: readFileSync(file, 'utf8').trim(), source: file, generated: true };
}
