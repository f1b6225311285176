/**
 * Index administration the catalog and the jobs need — refreshes, field mappings, cluster health and the reindex
 * primitives — with every engine failure mapped onto catalog errors, so nothing above storage touches the client.
 */
import type { Client } from '@opensearch-project/opensearch';
import { CatalogError } from '../errors.js';
import { resolveAlias, type IndexNames } from './indices.js';
import type { EntityIndices } from './entity-indices.js';
import { guarded, isMappingRefusal, refusalReason, toCatalogError } from './opensearch-errors.js';

/** A put-mapping the index refused because the field is already mapped differently. */
export class MappingConflict extends CatalogError {
  constructor(readonly reason: string) {
    super('CONFLICT', `incompatible mapping: ${reason}`);
    this.name = 'MappingConflict';
  }
}

export type Properties = Record<string, unknown>;

export class IndexAdmin {
  constructor(
    private readonly client: Client,
    readonly names: IndexNames,
    /** Makes entity indices as needed (absent: every index exists already). */
    private readonly entities?: Pick<EntityIndices, 'ensure'>,
  ) {}

  private entityIndices = (entityTypes: string[]) => entityTypes.map((t) => this.names.entity(t)).join(',');

  /** Makes every write so far visible to search on these entity types' indices. */
  async refreshEntities(entityTypes: string[]): Promise<void> {
    if (entityTypes.length === 0) return;
    await guarded(() => this.client.indices.refresh({ index: this.entityIndices(entityTypes), ignore_unavailable: true }));
  }

  async refreshJobs(): Promise<void> {
    await guarded(() => this.client.indices.refresh({ index: this.names.jobs() }));
  }

  /**
   * Adds field mappings to the indices of the entity types in one call (one cluster-state update), making the indices
   * that do not exist yet first: a property's field is mapped before any value of it can be written.
   */
  async putEntityMappings(entityTypes: string[], body: { properties: Properties }): Promise<void> {
    if (entityTypes.length === 0) return;
    await guarded(async () => this.entities?.ensure(entityTypes));
    await this.putMapping(this.entityIndices(entityTypes), body);
  }

  /** Adds field mappings to one index or alias. */
  async putMapping(index: string, body: { properties: Properties }): Promise<void> {
    try {
      await guarded(() => this.client.indices.putMapping({ index, body: body as any }));
    } catch (e) {
      if (isMappingRefusal(e)) throw new MappingConflict(refusalReason(e));
      throw e;
    }
  }

  /** The entity types whose index maps any of the fields (wildcards allowed). */
  async entityTypesMapping(entityTypes: string[], fields: string[]): Promise<string[]> {
    const out: string[] = [];
    for (const entityType of entityTypes) {
      const res = await guarded(() => this.client.indices.getFieldMapping({ index: this.names.entity(entityType), fields }, { ignore: [404] }));
      const byIndex = (res.body ?? {}) as Record<string, { mappings?: Record<string, unknown> }>;
      if (Object.values(byIndex).some((i) => Object.keys(i.mappings ?? {}).length > 0)) out.push(entityType);
    }
    return out;
  }

  /** The live mapping behind an alias: its physical index and properties; undefined when the alias does not exist. */
  async liveMapping(alias: string): Promise<{ index: string; properties: Properties; meta: Record<string, unknown> } | undefined> {
    const res = await guarded(() => this.client.indices.getMapping({ index: alias }, { ignore: [404] }));
    if (res.statusCode === 404) return undefined;
    const [[index, live]] = Object.entries(res.body as Record<string, { mappings: { properties?: Properties; _meta?: Record<string, unknown> } }>);
    return { index, properties: live.mappings.properties ?? {}, meta: live.mappings._meta ?? {} };
  }

  async count(index: string, query?: object): Promise<number> {
    const res = await guarded(() => this.client.count({ index, ...(query && { body: { query } }) }));
    return (res.body as { count: number }).count;
  }

  /** Whether the cluster answers at all (health, not readiness of our indices). */
  async reachable(timeoutMs = 3000): Promise<boolean> {
    try {
      await this.client.cluster.health({ timeout: `${Math.max(1, Math.floor(timeoutMs / 1000))}s` }, { requestTimeout: timeoutMs, maxRetries: 0 });
      return true;
    } catch {
      return false;
    }
  }

  async physicalIndices(alias: string): Promise<string[]> {
    return guarded(() => resolveAlias(this.client, alias));
  }

  /** Indices whose name starts with `<alias>_` (live and leftover rebuilds). */
  async indicesNamedAfter(alias: string): Promise<string[]> {
    const res = await guarded(() => this.client.cat.indices({ index: `${alias}_*`, format: 'json' }, { ignore: [404] }));
    return (Array.isArray(res.body) ? res.body : []).map((r) => String(r.index));
  }

  /**
   * Creates a freshly named index (a rebuild's). A cluster-state update: a busy cluster gets a minute; and if an attempt
   * timed out on the client after the cluster applied it, the retry finds the index its first attempt made — the name
   * is this caller's own (timestamped), so that is success, not a conflict.
   */
  async createIndex(index: string, body: object): Promise<void> {
    try {
      await this.client.indices.create({ index, body: body as any }, { requestTimeout: 60_000 });
    } catch (e) {
      if ((e as { body?: { error?: { type?: string } } }).body?.error?.type === 'resource_already_exists_exception' && (await this.client.indices.exists({ index })).body) return;
      throw toCatalogError(e);
    }
  }

  async deleteIndex(index: string): Promise<void> {
    await guarded(() => this.client.indices.delete({ index }, { ignore: [404] }));
  }

  async exists(index: string): Promise<boolean> {
    return (await guarded(() => this.client.indices.exists({ index }))).body === true;
  }

  async isWriteBlocked(index: string): Promise<boolean> {
    const res = await guarded(() => this.client.indices.getSettings({ index, name: 'index.blocks.write', flat_settings: true }));
    return Object.values(res.body as Record<string, { settings: Record<string, string> }>).some((i) => i.settings['index.blocks.write'] === 'true');
  }

  /**
   * Blocks writes with the add-block API rather than the setting alone: it returns only once every shard refuses writes
   * and the writes already admitted have finished, so a copy started afterwards misses none. Either way the block is the
   * `index.blocks.write` setting, which clearing removes.
   */
  async setWriteBlock(index: string, on: boolean): Promise<void> {
    if (!on) {
      await guarded(() => this.client.indices.putSettings({ index, body: { 'index.blocks.write': null } as any }));
      return;
    }
    const res = await guarded(() => this.client.indices.addBlock({ index, block: 'write' }));
    const body = res.body as { acknowledged?: boolean; shards_acknowledged?: boolean };
    if (!body.acknowledged || !body.shards_acknowledged) throw new Error(`the write block on ${index} was not confirmed by every shard`);
  }

  /** Copies every document of `from` into `to` with `_reindex` (through `script` when given), refusing partial copies. */
  async copyIndex(from: string, to: string, timeoutMs: number, script?: { lang: string; source: string }): Promise<void> {
    await guarded(() => this.client.indices.refresh({ index: from }));
    const res = await guarded(() =>
      this.client.reindex({ wait_for_completion: true, refresh: true, body: { source: { index: from, size: 1000 }, dest: { index: to }, ...(script && { script }) } as any }, { requestTimeout: timeoutMs }),
    );
    const body = res.body as { failures?: { id?: string; cause?: { reason?: string } }[] };
    if (body.failures && body.failures.length > 0) {
      const f = body.failures[0];
      throw new Error(`${body.failures.length} documents could not be copied into ${to}; first: ${f.id}: ${f.cause?.reason ?? 'unknown reason'}`);
    }
    const [a, b] = await Promise.all([this.count(from), this.count(to)]);
    if (a !== b) throw new Error(`copy incomplete: ${from} has ${a} documents, ${to} has ${b}`);
  }

  /** Points the alias at `to` instead of `from` in one atomic step. */
  async swapAlias(alias: string, from: string, to: string): Promise<void> {
    await guarded(() => this.client.indices.updateAliases({ body: { actions: [{ remove: { index: from, alias } }, { add: { index: to, alias } }] } }));
  }
}
