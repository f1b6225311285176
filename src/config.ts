/** Loads the service configuration from the environment through one schema, reporting every problem at once. */
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

export const ConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  OPENSEARCH_URL: z.string().url().optional(),
  INDEX_PREFIX: z
    .string()
    .regex(/^[a-z0-9][a-z0-9_-]*$/, 'lower-case letters, digits, _ and - only')
    .default('tessera_'),
  TESSERA_DATA_DIR: z.string().optional(),
  AUTH_MODE: z.enum(['jwt', 'none']).default('jwt'),
  AUTH_SECRET: z.string().min(32, 'AUTH_SECRET must be at least 32 bytes').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WRITE_RETRY_MS: z.coerce.number().int().positive().default(30_000),
  SEARCH_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** Every other OpenSearch call: past this (one retry included) the request answers 503. */
  OPENSEARCH_TIMEOUT_MS: z.coerce.number().int().positive().default(5_000),
  MAX_COUNT: z.coerce.number().int().positive().default(1000),
  /** Limits on what a request may carry; each refusal names its setting. */
  MAX_URN_LENGTH: z.coerce.number().int().min(64).default(512),
  MAX_BODY_BYTES: z.coerce.number().int().positive().default(10 * 1024 * 1024),
  MAX_BATCH_ITEMS: z.coerce.number().int().positive().default(1000),
  MAX_JSON_DEPTH: z.coerce.number().int().min(8).default(64),
  MAX_HEADER_BYTES: z.coerce.number().int().min(1024).default(16 * 1024),
  JOBS_ENABLED: bool.default(true),
  JOB_POLL_MS: z.coerce.number().int().positive().default(2000),
  JOB_LEASE_MS: z.coerce.number().int().positive().default(30_000),
  /** Writes of globalTags, structuredProperties or editableSchemaMetadata to a missing entity create it (the original's behaviour). */
  CREATE_MISSING_ENTITIES: bool.default(false),
});

export type Config = z.infer<typeof ConfigSchema>;

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ConfigSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
