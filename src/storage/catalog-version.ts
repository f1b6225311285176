/**
 * Where the catalog stands, as the engine says it: per physical index behind the entity aliases, the access index and
 * the token index, how many operations it has indexed and deleted, and how many refreshes it has made (every copy,
 * replicas included). Any write changes the first two when it is applied, before any search can see it; a refresh
 * that makes earlier writes searchable changes the third; a rebuild changes the index names. So two equal readings
 * mean no read in between could have answered differently — whichever process wrote.
 *
 * A reading answers a caller only if it began after the caller asked: callers that arrive while one is in flight wait
 * for the next, which all of them then share (one engine call for many requests).
 */
import type { Client } from '@opensearch-project/opensearch';
import type { IndexNames } from './indices.js';

const METRICS = ['indexing.index_total', 'indexing.delete_total', 'refresh.total'];

export class CatalogVersion {
  private readonly path: string;
  private inFlight?: Promise<string | undefined>;
  private queued?: Promise<string | undefined>;
  /** Each reading's value and when this process first saw it (only the last few are kept). */
  private readonly firstSeen = new Map<string, number>();

  constructor(private readonly client: Client, names: IndexNames) {
    const indices = [...names.allEntities(), names.access(), names.tokens()].join(',');
    const filter = METRICS.map((m) => `indices.*.total.${m}`).join(',');
    this.path = `/${indices}/_stats/indexing,refresh?filter_path=${filter}`;
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
      const indices = ((res.body as any)?.indices ?? {}) as Record<string, { total?: { indexing?: Record<string, number>; refresh?: Record<string, number> } }>;
      const version = Object.keys(indices)
        .sort()
        .map((name) => {
          const t = indices[name].total ?? {};
          return `${name}:${t.indexing?.index_total ?? 0}:${t.indexing?.delete_total ?? 0}:${t.refresh?.total ?? 0}`;
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
