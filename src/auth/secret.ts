/** Finds the token signing secret: AUTH_SECRET, else the secret file in the data directory (generated on first start). */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

export const MIN_SECRET_BYTES = 32;
export const dataDirOf = (configured?: string) => configured || join(homedir(), '.tessera');
export const secretFileOf = (dataDir: string) => join(dataDir, 'auth-secret');

export interface SecretSource {
  secret: string;
  /** `AUTH_SECRET` or the path of the secret file. */
  source: string;
  generated: boolean;
}

export interface SecretEnv {
  AUTH_SECRET?: string;
  TESSERA_DATA_DIR?: string;
}

function checked(found: SecretSource): SecretSource {
  if (Buffer.byteLength(found.secret) < MIN_SECRET_BYTES) {
    throw new Error(`The signing secret from ${found.source} is shorter than ${MIN_SECRET_BYTES} bytes`);
  }
  return found;
}

function readSecretFile(file: string): SecretSource {
  return checked({ secret: readFileSync(file, 'utf8').trim(), source: file, generated: false });
}

/** The secret this machine would sign with, or undefined when there is none yet. */
export function findSecret(env: SecretEnv): SecretSource | undefined {
  if (env.AUTH_SECRET) return checked({ secret: env.AUTH_SECRET, source: 'AUTH_SECRET', generated: false });
  const file = secretFileOf(dataDirOf(env.TESSERA_DATA_DIR));
  return existsSync(file) ? readSecretFile(file) : undefined;
}

/** As findSecret, generating the secret file (mode 0600) when neither exists; never a built-in default. */
export function findOrCreateSecret(env: SecretEnv): SecretSource {
  const found = findSecret(env);
  if (found) return found;
  const dir = dataDirOf(env.TESSERA_DATA_DIR);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = secretFileOf(dir);
  try {
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  } catch (e) {
    // Another process generated it between our check and our write: use theirs.
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return readSecretFile(file);
    throw e;
  }
  return { ...readSecretFile(file), generated: true };
}
