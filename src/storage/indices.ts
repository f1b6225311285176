/** Index names, aliases and mappings: one physical index per entity type behind an alias. */
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import type { Client } from '@opensearch-project/opensearch';
import { ENTITY_TYPES } from '../model/entity-types.js';
import { propertyDynamicTemplates } from './property-field-mappings.js';

const MAPPINGS_DIR = fileURLToPath(new URL('../../mappings/', import.meta.url));

/** Shards and replicas of the indices Tessera creates (configuration; the files hold the single-node defaults). */
export interface IndexLayout {
  shards: number;
  replicas: number;
}

export function loadMappingFile(name: string, layout?: IndexLayout): { settings: Record<string, any>; mappings: Record<string, any> } {
  const body = JSON.parse(readFileSync(`${MAPPINGS_DIR}${name}`, 'utf8'));
  if (layout) body.settings.index = { ...body.settings.index, number_of_shards: layout.shards, number_of_replicas: layout.replicas };
  return body;
}

/** The body of every entity index: the file's settings and explicit fields, plus the structured property templates. */
export function entityIndexBody(layout?: IndexLayout): { settings: Record<string, any>; mappings: Record<string, any> } {
  const body = loadMappingFile('entity-index.json', layout);
  body.mappings.dynamic_templates = propertyDynamicTemplates();
  return body;
}

export class IndexNames {
  constructor(public readonly prefix: string) {}
  entity(entityType: string): string {
    return `${this.prefix}${entityType.toLowerCase()}`;
  }
  jobs(): string {
    return `${this.prefix}jobs`;
  }
  /** Stored access tokens: their metadata and a salted hash of each secret, never the secret. */
  tokens(): string {
    return `${this.prefix}accesstokens`;
  }
  /** Who may do what: policies, groups and their members, role bindings, service accounts. */
  access(): string {
    return `${this.prefix}access`;
  }
  /** Change records in their global sequence (append-only; written by the relay alone). */
  events(): string {
    return `${this.prefix}events`;
  }
  /** Webhook subscriptions and their deliveries. */
  webhooks(): string {
    return `${this.prefix}webhooks`;
  }
  allEntities(): string[] {
    return ENTITY_TYPES.map((t) => this.entity(t.name));
  }
  /** A physical name carries a timestamp so the reindex job can build the next one beside it. */
  physical(alias: string, now = new Date()): string {
    const ts = now.toISOString().replace(/[-:TZ.]/g, '');
    return `${alias}_${ts}`;
  }
}

export async function aliasExists(client: Client, alias: string): Promise<boolean> {
  const res = await client.indices.existsAlias({ name: alias });
  return res.statusCode === 200;
}

export async function resolveAlias(client: Client, alias: string): Promise<string[]> {
  const res = await client.indices.getAlias({ name: alias }, { ignore: [404] });
  return res.statusCode === 404 ? [] : Object.keys(res.body as object);
}

/**
 * Waits until every primary shard of `index` (a name or pattern) has started: nothing may be read before (a read
 * meanwhile fails with no_shard_available). Cluster health's yellow is not enough: a primary of a just-created index not
 * yet allocated counts as yellow (measured on 2.19: yellow with 6 of 10 new primaries unassigned), and a busy node's
 * index creation answers before its primaries start.
 */
export async function waitForPrimaries(client: Client, index: string, deadlineMs = 180_000): Promise<void> {
  const until = Date.now() + deadlineMs;
  for (;;) {
    const res = await client.cluster.health({ index, level: 'indices', wait_for_status: 'yellow', timeout: '30s' }, { requestTimeout: 35_000, ignore: [408] });
    const body = res.body as { timed_out?: boolean; indices?: Record<string, { number_of_shards: number; active_primary_shards: number }> };
    const pending = Object.entries(body.indices ?? {}).filter(([, i]) => i.active_primary_shards < i.number_of_shards).map(([name]) => name);
    if (!body.timed_out && pending.length === 0) return;
    if (Date.now() > until) throw new Error(`OpenSearch did not start the primary shards of ${pending.join(', ') || index} within ${deadlineMs / 1000} s`);
    await sleep(200);
  }
}

/** The first physical index behind an alias has a fixed name (a rebuild's are named by their time): racers make the same one. */
const FIRST_BUILD = new Date(0);

/**
 * Creates the physical index and its alias unless the alias exists; safe when several processes race. The alias is
 * added only once the index's primaries have started, so whoever finds the alias can read and write through it (an
 * index found before that answers no_shard_available), and racers all make and wait for the same index.
 */
export async function ensureIndex(client: Client, names: IndexNames, alias: string, body: object): Promise<void> {
  if (await aliasExists(client, alias)) return;
  const physical = names.physical(alias, FIRST_BUILD);
  // Creating an index is a cluster-state update: on a busy cluster it may take longer than an ordinary call is given.
  const created = await client.indices.create({ index: physical, body: body as any }, { ignore: [400], requestTimeout: 60_000 });
  // Only a race is ignored (the same index made by another process). Any other refusal (the node's shard limit, a
  // bad setting) stops here: unnoticed, it surfaced later as reads failing with no_shard_available.
  const refusal = (created.body as { error?: { type?: string; reason?: string } }).error;
  if (created.statusCode === 400 && refusal?.type !== 'resource_already_exists_exception') {
    throw new Error(`OpenSearch refused to create the index ${physical}: ${refusal?.reason ?? JSON.stringify(created.body)}`);
  }
  await waitForPrimaries(client, physical);
  await client.indices.updateAliases({ body: { actions: [{ add: { index: physical, alias } }] } }, { requestTimeout: 60_000 });
  // A process of an older version may have raced with a differently named index: exactly one stays behind the alias,
  // the first by name (every racer agrees on it), and none returns before the others are gone (a write to an alias
  // over two indices is refused).
  for (let attempt = 0; ; attempt++) {
    const behind = (await resolveAlias(client, alias)).sort();
    if (behind.length <= 1) return;
    if (behind.includes(physical) && behind[0] !== physical) await client.indices.delete({ index: physical }, { ignore: [404] });
    if (attempt > 300) throw new Error(`the alias ${alias} still leads to ${behind.join(', ')}`);
    await sleep(100);
  }
}

/**
 * Fields added to mappings after catalogs were created without them, put in place at every start (idempotent) on the
 * indices that exist: the tombstone flag of entities, token types (web sessions are left out of lists), soft-deleted
 * access documents, and the events' group and skip (documents kept under their first sequence number).
 */
const LATER_FIELDS: [(names: IndexNames) => string, Record<string, unknown>][] = [
  [(names) => names.allEntities().join(','), { tombstone: { type: 'boolean' }, propagates: { type: 'boolean' }, typeFields: { type: 'keyword' } }],
  [(names) => names.tokens(), { type: { type: 'keyword' } }],
  [(names) => names.access(), { deleted: { type: 'boolean' } }],
  [(names) => names.events(), { group: { type: 'keyword' }, skip: { type: 'boolean' } }],
];

/** Search fields added after entity indices were first built; an index whose mapping lacks one is rebuilt. */
const LATER_SEARCH_FIELDS = ['lineageUp', 'fieldLineageUp', 'container', 'runIds', 'runs'];

/** Entity indices built before the bare-word search fields or a later search field (their mapping lacks it): a rebuild adds them. */
export async function indicesBehindSearchMapping(client: Client, names: IndexNames): Promise<string[]> {
  const res = await client.indices.getMapping({ index: names.allEntities().join(','), ignore_unavailable: true, allow_no_indices: true }, { requestTimeout: 60_000 });
  return Object.entries(res.body as Record<string, any>)
    .filter(([, m]) => m.mappings?.properties?.fieldPaths?.fields?.words === undefined || LATER_SEARCH_FIELDS.some((f) => m.mappings?.properties?.[f] === undefined))
    .map(([index]) => index);
}

/** The catalog's own indices (jobs, tokens, access, events, webhooks); entity indices are made as needed (entity-indices.ts). */
export function systemIndices(names: IndexNames): [string, string][] {
  return [
    [names.jobs(), 'jobs-index.json'],
    [names.tokens(), 'tokens-index.json'],
    [names.access(), 'access-index.json'],
    [names.events(), 'events-index.json'],
    [names.webhooks(), 'webhooks-index.json'],
  ];
}

export async function ensureSystemIndices(client: Client, names: IndexNames, layout?: IndexLayout): Promise<void> {
  await Promise.all(systemIndices(names).map(([alias, file]) => ensureIndex(client, names, alias, loadMappingFile(file, layout))));
  const existing = { ignore_unavailable: true, allow_no_indices: true };
  await Promise.all(LATER_FIELDS.map(([index, properties]) => client.indices.putMapping({ index: index(names), ...existing, body: { properties } as any }, { requestTimeout: 60_000 })));
  await waitForPrimaries(client, `${names.prefix}*`);
}
