/** Loads the service configuration from the environment through one schema, reporting every problem at once. */
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

export const ConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  /** One node or several, comma-separated (http:// or https://; credentials may also be written in the URL). */
  OPENSEARCH_URL: z
    .string()
    .refine((v) => v.split(',').every((u) => /^https?:\/\/[^\s,]+$/.test(u.trim()) && URL.canParse(u.trim())), 'one http(s) URL or a comma-separated list of them')
    .optional(),
  INDEX_PREFIX: z
    .string()
    .regex(/^[a-z0-9][a-z0-9_-]*$/, 'lower-case letters, digits, _ and - only')
    .default('tessera_'),
  TESSERA_DATA_DIR: z.string().optional(),
  AUTH_MODE: z.enum(['jwt', 'none']).default('jwt'),
  AUTH_SECRET: z.string().min(32, 'AUTH_SECRET must be at least 32 bytes').optional(),
  /** The role of an actor bound to none (itself or through a group): Admin, Editor, Reader, or None (no rights at all). */
  DEFAULT_ROLE: z.enum(['Admin', 'Editor', 'Reader', 'None']).default('Reader'),
  /** The longest life a stored access token may be given; every token expires. */
  ACCESS_TOKEN_MAX_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WRITE_RETRY_MS: z.coerce.number().int().positive().default(30_000),
  SEARCH_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** How old a remembered structured property definition may be when reads and searches use it (writes never do); 0 turns it off. */
  DEFINITION_CACHE_MS: z.coerce.number().int().min(0).max(1000).default(1000),
  /**
   * GraphQL query answers kept for the same caller, document and variables while the catalog's version is unchanged
   * (src/graphql/response-cache.ts), in megabytes of serialized answers; 0 turns it off.
   */
  GRAPHQL_RESPONSE_CACHE_MB: z.coerce.number().min(0).max(4096).default(32),
  /** The longest a kept GraphQL answer is given again, whatever the catalog's version says. */
  GRAPHQL_RESPONSE_CACHE_MAX_AGE_MS: z.coerce.number().int().min(0).default(60_000),
  /**
   * The most a GraphQL operation may cost (src/graphql/query-cost.ts): 1 per field, a page of results times its size.
   * A 1,000-result search selecting 50 fields costs about 50,000.
   */
  GRAPHQL_MAX_COST: z.coerce.number().int().positive().default(100_000),
  /** Every other OpenSearch call: past this (one retry included) the request answers 503. */
  OPENSEARCH_TIMEOUT_MS: z.coerce.number().int().positive().default(5_000),
  /** PEM file of the certificate authority that signed the cluster's TLS certificates (https:// URLs). */
  OPENSEARCH_CA_FILE: z.string().optional(),
  /** HTTP basic authentication (the security plugin's internal users, or a proxy). */
  OPENSEARCH_USERNAME: z.string().optional(),
  OPENSEARCH_PASSWORD: z.string().optional(),
  /** Signs every request with AWS SigV4 for a managed domain (credentials from the default AWS chain). */
  OPENSEARCH_AWS_REGION: z.string().regex(/^[a-z]{2}(-[a-z]+)+-\d+$/, 'an AWS region such as eu-west-1').optional(),
  /** `es` for an OpenSearch Service domain, `aoss` for OpenSearch Serverless. */
  OPENSEARCH_AWS_SERVICE: z.enum(['es', 'aoss']).default('es'),
  /** Shards and replicas of every index Tessera creates (replicas stay 0 on a single node, which cannot hold them). */
  OPENSEARCH_SHARDS: z.coerce.number().int().min(1).max(1024).default(1),
  OPENSEARCH_REPLICAS: z.coerce.number().int().min(0).max(15).default(0),
  /** `/metrics` without a token (for a scraper inside a private network). */
  METRICS_PUBLIC: bool.default(false),
  MAX_COUNT: z.coerce.number().int().positive().default(1000),
  /** Limits on what a request may carry; each refusal names its setting. */
  MAX_URN_LENGTH: z.coerce.number().int().min(64).default(512),
  MAX_BODY_BYTES: z.coerce.number().int().positive().default(10 * 1024 * 1024),
  MAX_BATCH_ITEMS: z.coerce.number().int().positive().default(1000),
  MAX_JSON_DEPTH: z.coerce.number().int().min(8).default(64),
  MAX_HEADER_BYTES: z.coerce.number().int().min(1024).default(16 * 1024),
  JOBS_ENABLED: bool.default(true),
  /** Behind a proxy that terminates TLS: honour its X-Forwarded-Proto (the web session cookie is then Secure). */
  TRUST_PROXY: bool.default(false),
  JOB_POLL_MS: z.coerce.number().int().positive().default(2000),
  JOB_LEASE_MS: z.coerce.number().int().positive().default(30_000),
  /** How often a process with jobs looks whether the catalog changed since labels were last propagated (0: never; rules still run when written). */
  PROPAGATION_SWEEP_MS: z.coerce.number().int().min(0).default(10_000),
  /**
   * Take part in relaying change records to the events index (one process at a time does it, by lease). Independent of
   * JOBS_ENABLED: records wait in their entities' documents until some process relays them.
   */
  CHANGE_RELAY_ENABLED: bool.default(true),
  /**
   * Where this process's relay runs: `worker`, a thread of its own (from the build; from the sources it always runs on
   * the main thread), or `main`, beside request handling (under a bulk load its rounds then queue behind the requests).
   */
  RELAY_THREAD: z.enum(['worker', 'main']).default('worker'),
  /**
   * The relay leader's lease: another process takes over after watching it unrenewed this long (on its own clock).
   * Shorter: a dead leader is replaced sooner, at the cost of a renewal every quarter of it.
   */
  RELAY_LEASE_MS: z.coerce.number().int().min(2_000).max(600_000).default(10_000),
  /**
   * Batch writes wait (up to 2 s each) while more than 2,000 written versions wait for the relay: records stay about a
   * second from the poll under any write load, at the cost of bulk throughput when the relay cannot keep up.
   */
  RELAY_BACKPRESSURE: bool.default(false),
  /** Change records older than this many days are removed by the retention job (`tessera events prune`); 0 keeps them for ever. */
  EVENTS_RETENTION_DAYS: z.coerce.number().int().min(0).default(0),
  /**
   * Time-series points (profiles, usage, operations, checkpoints) older than this many days are dropped, a whole month
   * at a time, once the month has wholly passed the limit; 0 keeps them for ever. `TIMESERIES_RETENTION` overrides it per
   * aspect: `datasetProfile=365,operation=90`.
   */
  TIMESERIES_RETENTION_DAYS: z.coerce.number().int().min(0).default(0),
  TIMESERIES_RETENTION: z
    .string()
    .regex(/^$|^[A-Za-z]+=\d+(,[A-Za-z]+=\d+)*$/, { error: 'must be aspect=days pairs separated by commas, e.g. datasetProfile=365,operation=90' })
    .default(''),
  /** Hosts (names or addresses) webhooks may deliver to although they are loopback, link-local or private; comma-separated. */
  WEBHOOK_ALLOWED_HOSTS: z.string().default(''),
  /** How long a webhook receiver may take to answer. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
  /**
   * Waits before each retry of a failed delivery, in milliseconds, comma-separated (default: 5 s, 5 min, 30 min, 2 h,
   * 5 h, 10 h, 14 h, 20 h, 24 h); after the last, the delivery is dead-lettered.
   */
  WEBHOOK_RETRY_SCHEDULE_MS: z
    .string()
    .regex(/^\d+(,\d+)*$/, 'comma-separated milliseconds')
    .default([5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 50_400_000, 72_000_000, 86_400_000].join(',')),
  /** Writes of globalTags, structuredProperties or editableSchemaMetadata to a missing entity create it (the original's behaviour). */
  CREATE_MISSING_ENTITIES: bool.default(false),
  /** Link dbt datasets and the warehouse tables they stand for as siblings when their lineage is written (the original's sibling hook). */
  ENABLE_SIBLING_HOOK: bool.default(true),
  /** The MCP endpoint (/mcp) also offers its write tools (tags, structured property values); each call is still authorized. */
  MCP_WRITES: bool.default(false),
}).superRefine((c, ctx) => {
  const problem = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (c.OPENSEARCH_USERNAME !== undefined && c.OPENSEARCH_PASSWORD === undefined) problem('OPENSEARCH_PASSWORD', 'required with OPENSEARCH_USERNAME');
  if (c.OPENSEARCH_PASSWORD !== undefined && c.OPENSEARCH_USERNAME === undefined) problem('OPENSEARCH_USERNAME', 'required with OPENSEARCH_PASSWORD');
  if (c.OPENSEARCH_AWS_REGION && c.OPENSEARCH_USERNAME) problem('OPENSEARCH_AWS_REGION', 'SigV4 and basic authentication exclude each other; set one');
  if (c.OPENSEARCH_AWS_REGION && !c.OPENSEARCH_URL) problem('OPENSEARCH_URL', 'required with OPENSEARCH_AWS_REGION: the domain endpoint');
  if (c.OPENSEARCH_CA_FILE && !c.OPENSEARCH_URL?.split(',').some((u) => u.trim().startsWith('https://'))) problem('OPENSEARCH_CA_FILE', 'applies to https:// URLs in OPENSEARCH_URL');
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
