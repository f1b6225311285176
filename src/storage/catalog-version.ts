/**
 * Where the catalog stands, as the engine says it: per physical index behind the entity aliases and the access index,
 * its UUID, and per shard the highest sequence number it has given an operation (every index and delete takes a new
 * one when it is applied, before any search can see it; it only grows and survives restarts and shard moves), the node
 * holding its primary (a failover, which may give a number again, changes it) and how many refreshes the primary has
 * made (a refresh makes earlier writes searchable). A rebuild changes the names and UUIDs. So two equal readings mean
 * no write was applied in between, whichever process wrote, and none became searchable. The refresh count alone is kept
 * in memory by the node: after a node restart, an answer built between a write and its refresh could meet an equal
 * count again — the response cache's maximum age bounds that. Token metadata is not covered (each use of a token writes
 * its last use): answers reading it are not kept.
 *
 * A reading answers a caller only if it began after the caller asked: callers that arrive while one is in flight wait
 * for the next, which all of them then share (one engine call for many requests).
 */
import type { Client } from '@opensearch-project/opensearch';
import type { IndexNames } from './indices.js';

type ShardCopy = { routing?: { primary?: boolean; node?: string }; seq_no?: { max_seq_no?: number }; refresh?: { total?: number } };

export class CatalogVersion {
  private readonly path: string;
  private inFlight?: Promise<string | undefined>;
  private queued?: Promise<string | undefined>;
  /** Each reading's value and when this process first saw it (only the last few are kept). */
  private readonly firstSeen = new Map<string, number>();

  constructor(private readonly client: Client, names: IndexNames) {
    // Time-series points are covered too (a profile written changes the version): their monthly indices by pattern.
    const indices = [...names.allEntities(), names.access(), `${names.prefix}ts_*`].join(',');
    const shard = ['routing.primary', 'routing.node', 'seq_no.max_seq_no', 'refresh.total'].map((f) => `indices.*.shards.*.${f}`);
    // Entity indices not made yet are left out: one made later changes the version (its name and uuid join it).
    this.path = `/${indices}/_stats/refresh?level=shards&ignore_unavailable=true&allow_no_indices=true&filter_path=${['indices.*.uuid', ...shard].join(',')}`;
  }

  /** The catalog's version now (a reading begun after this call), or undefined when the engine could not say. */
  current(): Promise<string | undefined> {
    if (!this.inFlight) return (this.inFlight = this.read());
    // One in flight began before this call: wait for the next reading, shared by everyone who arrives meanwhile.
    // (A reading never rejects: an engine that cannot say answers undefined.)
    return (this.queued ??= this.inFlight.then(() => {
      this.queued = undefined;
      return (this.inFlight = this.read());
    }));
  }

  /** When this process first saw `version` (now, if it never has). */
  seenSince(version: string): number {
    return this.firstSeen.get(version) ?? Date.now();
  }

  private async read(): Promise<string | undefined> {
    try {
      const res = await this.client.transport.request({ method: 'GET', path: this.path });
      const indices = ((res.body as any)?.indices ?? {}) as Record<string, { uuid?: string; shards?: Record<string, ShardCopy[]> }>;
      const version = Object.keys(indices)
        .sort()
        .map((name) => {
          const shards = Object.entries(indices[name].shards ?? {})
            .sort(([a], [b]) => Number(a) - Number(b))
            .map(([n, copies]) => {
              // The primary's number (replicas never run ahead of it); without a started primary, the reading says so.
              const primary = copies.find((c) => c.routing?.primary);
              return `${n}@${primary?.routing?.node ?? '-'}#${primary?.seq_no?.max_seq_no ?? '-'}r${primary?.refresh?.total ?? '-'}`;
            });
          return `${name}/${indices[name].uuid ?? '-'}:${shards.join(',')}`;
        })
        .join(';');
      if (!this.firstSeen.has(version)) {
        this.firstSeen.set(version, Date.now());
        if (this.firstSeen.size > 16) this.firstSeen.delete(this.firstSeen.keys().next().value!);
      }
      return version;
    } catch {
      return undefined;
    } finally {
      this.inFlight = undefined;
    }
  }
}
