/** The schema files (src/graphql/schema/*.graphql), in name order; the registry's types are added to them (registry-types.ts). */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const SCHEMA_DIR = fileURLToPath(new URL('../../src/graphql/schema/', import.meta.url));

export function schemaFiles(): string[] {
  return readdirSync(SCHEMA_DIR)
    .filter((f) => f.endsWith('.graphql'))
    .sort()
    .map((f) => readFileSync(`${SCHEMA_DIR}${f}`, 'utf8'));
}
