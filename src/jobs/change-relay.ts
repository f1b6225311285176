/**
 * The relay: moves change records from entity documents' outboxes into the events index, giving each its place in one
 * gap-free global sequence. One process leads at a time (a lease in the jobs index, taken over when its holder stops
 * renewing it); every process reads the leader's published positions so that its writes drop records already moved.
 *
 * A round: the global checkpoint of every entity shard; for each shard that moved past the relay's position, a
 * refresh, then its documents in `_seq_no` order (outbox-scan.ts). Records the events index holds already (relayed
 * before a crash, or carried by a later version) are skipped, and so are those older than what retention removed (a
 * rebuilt index is read again from its start); the rest get the next sequence numbers and are appended
 * create-only. Tombstones of hard-deleted entities are emptied once their records are out. The positions are published
 * only after the events are written, so a crash at any point means re-reading, never losing.
 *
 * No number is used twice, by construction: a leader hands out only numbers it has reserved in the lease document
 * (a conditional write: two leaders cannot reserve the same ones), and an events document is kept under its first
 * number, create-only. A leader taking over first seals what its predecessor reserved but did not write (a skip
 * document per number, create-only: a late write of the old leader either got there first and stays, or finds the
 * number taken and is refused), then refreshes, so it knows every group the old one managed to write before it
 * numbers anything. No number is left unused either: a group is looked up before it is numbered unless this leader
 * wrote or found it in the last two rounds (a version may be carried by writes long after it was relayed: a process's
 * copy of the positions may be old), numbered groups are written until the engine answers for each, and a round that
 * fails (or finds a number taken) leaves the lead, so the next one seals and starts again from what the index holds.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from '../logger.js';
import type { EventGroup, EventStore, StoredEvent } from '../storage/event-store.js';
import type { IndexNames } from '../storage/indices.js';
import { StaleWrite, type JobStore, type Seq } from '../storage/job-store.js';
import type { OutboxRecord } from '../storage/entity-store.js';
import type { OutboxScan, ShardCheckpoint } from '../storage/outbox-scan.js';
import { leaseOwnerOf, runEvery, takeLease } from './leader-lease.js';
import type { Metrics } from '../metrics/metrics.js';

const STATE_ID = 'change-relay';
/** The lease's length unless RELAY_LEASE_MS says otherwise. */
const LEASE_MS = 10_000;
const PAGE = 1_000;
/** Pages written at once. */
const IN_FLIGHT = 8;
/** Numbers reserved beyond what a page needs: none, so a leader that dies between pages leaves no number to seal. */
const RESERVE_AHEAD = 0;
/** The shortest retention (EVENTS_RETENTION_DAYS is a whole number of days). */
const DAY_MS = 86_400_000;

export interface RelayState {
  type: 'change-relay';
  leaseOwner: string;
  leaseUntil: number;
  updatedAt: number;
  /** Physical index → relayed `_seq_no` per shard (every record of every version at or below it is in the events index). */
  positions: Record<string, number[]>;
  /** Written by releases before `reserved`: the next sequence number. Read when taking over such a catalog, never written. */
  next?: number;
  /** No number at or above it has been handed out: the leader reserves numbers here before it writes them. */
  reserved?: number;
  /** Every number below it is in the events index (written, or sealed). */
  filled?: number;
  /**
   * Entities whose outbox held many records when relayed (written faster than the relay goes round): urn → the change
   * version up to which their records are all out. Their current version is always newer than the positions, so writes
   * learn from this which carried records to drop. The most recent HOT_KEPT entries are kept.
   */
  hot?: Record<string, number>;
  /** Written versions not relayed yet when the last round began (across shards); writes slow down while it is large. */
  backlog?: number;
}

/** Writes wait while more versions than this wait for the relay (a record reaches the poll about a second later then). */
const BACKLOG_LIMIT = 2_000;
/** The longest one write waits for the relay; a relay that stops publishing (dead, no successor yet) slows no one. */
const PACE_MAX_MS = 2_000;
const PACE_STALE_MS = 5_000;

/**
 * Which events document a record goes into: its entity version's (the records one write made), or its own for a record
 * without a version. The document is named by its first record's id — unique even where an entity deleted behind
 * Tessera's back starts counting versions again.
 */
const groupKeyOf = (r: OutboxRecord & { urn?: string }): string => (r.version === undefined || !r.urn ? r.id : `${r.urn}\u0000${r.version}`);

/** An outbox still holding records of several versions when relayed: its entity is written faster than the relay goes round. */
const isHot = (outbox: OutboxRecord[]): boolean => outbox.length > 1 && outbox[0].version !== outbox[outbox.length - 1].version;
const HOT_KEPT = 500;

class NumberTaken extends Error {
  constructor() {
    super('the change relay found its sequence numbers taken (another process leads now); the next leader continues');
  }
}

/** The relay's instruments (made on the main thread's registry when the relay runs in a thread of its own). */
export const RELAY_METRICS = ['relayBacklog', 'relayLag', 'relayRounds', 'relayAppendRetries', 'relaySealedNumbers'] as const;
export type RelayMetrics = Pick<Metrics, (typeof RELAY_METRICS)[number]>;

export interface RelayDeps {
  metrics?: RelayMetrics;
  jobStore: JobStore;
  events: EventStore;
  scan: OutboxScan;
  names: IndexNames;
  log: Logger;
  instanceId: string;
  /** The lease's length (RELAY_LEASE_MS); the leader renews it and publishes its positions every quarter of it, at most every 2 s. */
  leaseMs?: number;
}

/**
 * The positions the leader last published, as every process's writes see them (they drop the records they cover).
 * Read again in the background when a write over records finds the copy older than `maxAgeMs` — never on the write's
 * path (it uses the copy it has: an old one only keeps more records), and never on a timer, so a process that does not
 * write makes no engine call for them.
 */
export class RelayPositions {
  private positions: Record<string, number[]> = {};
  private hot: Record<string, number> = {};
  private loadedAt = 0;
  private loading?: Promise<void>;

  /** `backpressure`: writes wait while the relay is far behind (RELAY_BACKPRESSURE). */
  constructor(private readonly jobStore: JobStore, private readonly backpressure = false, private readonly maxAgeMs = 500) {}

  /** Whether every record of the document version at (physical index, seqNo) is in the events index. */
  version(index: string | undefined, seqNo: number): boolean {
    const shards = index === undefined ? undefined : this.positions[index];
    // With several shards the version's own shard is not known here: the lowest position is safe for all of them.
    return shards !== undefined && shards.length > 0 && Math.min(...shards) >= seqNo;
  }

  /** The change version up to which every record of a hot entity is in the events index (0: not known). */
  upTo(urn: string): number {
    return this.hot[urn] ?? 0;
  }

  set(state: Pick<RelayState, 'positions' | 'hot' | 'backlog' | 'updatedAt'>): void {
    this.positions = state.positions ?? {};
    this.hot = state.hot ?? {};
    this.backlog = state.backlog ?? 0;
    this.backlogAt = state.updatedAt ?? Date.now();
    this.loadedAt = Date.now();
  }

  private backlog = 0;
  private backlogAt = 0;

  /**
   * Back-pressure, when turned on: while the relay is far behind, a batch write waits (in short steps, at most
   * PACE_MAX_MS) for it to catch up, so that records reach the poll soon even under a write load the relay could not
   * otherwise follow — at the cost of that load's throughput.
   */
  async pace(): Promise<void> {
    if (!this.backpressure) return;
    const until = Date.now() + PACE_MAX_MS;
    this.fresh();
    while (this.backlog > BACKLOG_LIMIT && Date.now() - this.backlogAt < PACE_STALE_MS && Date.now() < until) {
      await sleep(50);
      this.fresh();
    }
  }

  /** Starts reading the published positions if the copy here is old (a failure keeps the old copy: nothing is dropped wrongly). */
  fresh(): void {
    if (Date.now() - this.loadedAt < this.maxAgeMs || this.loading) return;
    this.loading = this.jobStore
      .readLease<RelayState>(STATE_ID)
      .then((state) => (state ? this.set(state.doc) : void (this.loadedAt = Date.now())))
      .catch(() => undefined)
      .finally(() => (this.loading = undefined));
  }
}

interface Lead {
  seq: Seq;
  next: number;
  reserved: number;
  filled: number;
  positions: Record<string, number[]>;
  hot: Record<string, number>;
  backlog: number;
  publishedAt: number;
}

export class ChangeRelay {
  private loop?: { stop(): void };
  private leading?: Lead;
  private readonly owner: string;
  /** Groups known to be in the events index (appended or found there) in this round and the last, then forgotten. */
  private appended = new Set<string>();
  private appendedBefore = new Set<string>();

  private readonly leaseMs: number;
  /** The leader renews its lease and publishes its positions at least this often. */
  private readonly publishMs: number;

  constructor(private readonly deps: RelayDeps, private readonly published: Pick<RelayPositions, 'set'>, private readonly everyMs = 250) {
    this.owner = leaseOwnerOf(deps.instanceId);
    this.leaseMs = deps.leaseMs ?? LEASE_MS;
    this.publishMs = Math.min(2_000, this.leaseMs / 4);
  }

  start(): this {
    this.loop = runEvery(() => this.tick(), this.everyMs, (e) => this.deps.log.warn({ err: e }, 'change relay round failed; retrying'));
    return this;
  }

  async stop(): Promise<void> {
    this.loop?.stop();
    const lead = this.leading;
    this.leading = undefined;
    // Hand the lease on at once instead of letting it run out; with nothing being written, with no numbers to seal.
    if (lead) await this.deps.jobStore.replace(STATE_ID, this.stateOf({ ...lead, ...(lead.filled === lead.next && { reserved: lead.next }) }, 0), lead.seq).catch(() => undefined);
  }

  /** One relay round now (after any round in progress: rounds never overlap); answers whether it led. */
  tick(): Promise<boolean> {
    const next = this.last.then(() => this.round1(), () => this.round1());
    this.last = next.catch(() => undefined);
    return next;
  }

  private last: Promise<unknown> = Promise.resolve();

  private async round1(): Promise<boolean> {
    const m = this.deps.metrics;
    if (!this.leading) await this.tryLead();
    if (!this.leading) {
      m?.relayRounds.inc({ outcome: 'idle' });
      m?.relayBacklog.set(0);
      m?.relayLag.set(0);
      return false;
    }
    try {
      await this.round();
    } catch (e) {
      // Whatever the failure, the next round leads afresh: its sequence continues from the events index.
      this.leading = undefined;
      m?.relayRounds.inc({ outcome: 'failed' });
      throw e;
    }
    m?.relayRounds.inc({ outcome: 'led' });
    return true;
  }

  /** When (monotonic ms) a round last found nothing waiting. */
  private caughtUpAt = performance.now();

  /** The state document: `reserved` carries the sequence on (numbers go on even after retention removed every event). */
  private stateOf(from: Pick<RelayState, 'positions' | 'hot' | 'backlog' | 'reserved' | 'filled' | 'next'>, leaseUntil = Date.now() + this.leaseMs): RelayState {
    const reserved = from.reserved ?? from.next;
    return {
      type: 'change-relay', leaseOwner: this.owner, leaseUntil, updatedAt: Date.now(), positions: from.positions, hot: from.hot ?? {},
      backlog: from.backlog ?? 0, ...(reserved !== undefined && { reserved, filled: from.filled ?? reserved }),
    };
  }

  private async tryLead(): Promise<void> {
    const { jobStore, events } = this.deps;
    const taken = await takeLease<RelayState>(jobStore, STATE_ID, this.owner, (previous) => this.stateOf({ positions: {}, ...previous }), this.leaseMs);
    if (!taken) return;
    const previous = taken.previous;
    const positions = previous?.positions ?? {};
    // What the last leader reserved and did not write is sealed first: none of its writes can land there afterwards, and
    // after the refresh the events index shows every group it wrote.
    if (previous?.reserved !== undefined) {
      const from = previous.filled ?? previous.reserved;
      const sealed = await events.seal(from, previous.reserved);
      if (sealed > 0) this.deps.log.warn({ from, to: previous.reserved, sealed }, 'sealed sequence numbers the last leader reserved but did not write');
      this.deps.metrics?.relaySealedNumbers.inc(sealed);
    } else await events.refresh();
    // The sequence continues after every number handed out (or, from an older catalog, written), whatever the last
    // leader managed to publish.
    const next = Math.max((await events.lastSeq()) + 1, previous?.reserved ?? previous?.next ?? 1);
    this.leading = { seq: taken.seq, next, reserved: next, filled: next, positions, hot: previous?.hot ?? {}, backlog: 0, publishedAt: Date.now() };
    this.appended = new Set();
    this.appendedBefore = new Set();
    await this.publish();
    this.deps.log.info({ next }, 'leading the change relay');
  }

  private positionOf(c: ShardCheckpoint): number {
    return this.leading!.positions[c.index]?.[c.shard] ?? -1;
  }

  private async round(): Promise<void> {
    const lead = this.leading!;
    const { scan, names } = this.deps;
    // Entities, and the tokens and access documents whose administrative changes carry records too.
    const checkpoints = await scan.checkpoints([...names.allEntities(), names.tokens(), names.access()]);
    // Indices gone (replaced by a rebuild) are forgotten; shards seen for the first time start before their first write.
    const positions: Record<string, number[]> = {};
    for (const c of checkpoints) (positions[c.index] ??= [])[c.shard] = this.positionOf(c);
    lead.positions = positions;
    const behind = checkpoints.filter((c) => c.checkpoint > this.positionOf(c));
    lead.backlog = behind.reduce((n, c) => n + c.checkpoint - this.positionOf(c), 0);
    if (behind.length === 0) this.caughtUpAt = performance.now();
    this.deps.metrics?.relayBacklog.set(lead.backlog);
    this.deps.metrics?.relayLag.set(behind.length === 0 ? 0 : (performance.now() - this.caughtUpAt) / 1000);
    // Writers here learn it at once; other processes with the positions.
    this.published.set(structuredClone(this.stateOf(lead)));
    if (behind.length > 0) {
      [this.appendedBefore, this.appended] = [this.appended, new Set()];
      const began = performance.now();
      await scan.refresh([...new Set(behind.map((c) => c.index))]);
      const refreshed = performance.now();
      for (const c of behind) await this.drainShard(c);
      this.deps.log.debug({ versions: lead.backlog, refreshMs: Math.round(refreshed - began), ms: Math.round(performance.now() - began) }, 'relay round');
    }
    if (behind.length > 0 || Date.now() - lead.publishedAt >= this.publishMs) await this.publish();
  }

  /**
   * Relays one shard from its position on. The scan is not bounded by the checkpoint read before the refresh: an entity
   * written without pause always has a version newer than that, so its newest visible version is relayed too once the
   * checkpoint read after the scan covers it (it is durable then). The position only ever moves to the first checkpoint,
   * below which every version was visible to the scan.
   *
   * A pipeline: while a page is numbered, the next is already being read, and up to IN_FLIGHT numbered pages are being
   * written (a writing engine shares itself between many streams). Pages are numbered in scan order; the position moves
   * to a page's end only once it and every page before it are written, and is published (after a refresh of the events
   * index, so that what writers then drop is searchable there) at least every `publishMs` and when the shard is done.
   */
  private async drainShard(c: ShardCheckpoint): Promise<void> {
    const lead = this.leading!;
    const { scan } = this.deps;
    // A page and what the events index holds of its groups, read while the page before is numbered.
    const read = (after: number) => {
      const page = scan.scan(c.index, c.shard, after, Number.MAX_SAFE_INTEGER, PAGE).then(async (docs) => ({ docs, found: await this.lookUp(docs.flatMap((d) => d.outbox)) }));
      page.catch(() => undefined); // a read ahead that fails is reported where it is awaited, or not at all
      return page;
    };
    /** Numbered pages being written, in scan order: each with the position it lets the shard reach and its first number. */
    const inFlight: { written: Promise<void>; reached: number; from: number }[] = [];
    let written = this.positionOf(c);
    const landOldest = async () => {
      const page = inFlight.shift()!;
      await page.written;
      written = page.reached;
      // Every number below the oldest page still being written is in the events index.
      lead.filled = inFlight[0]?.from ?? lead.next;
    };
    /** The round publishes when it ends: a shard done publishes only if that is due anyway. */
    const commit = async (due: boolean) => {
      await this.deps.events.refresh();
      lead.positions[c.index][c.shard] = written;
      if (due) await this.publish();
    };
    let after = this.positionOf(c);
    let next = read(after);
    try {
      for (;;) {
        const { docs, found } = await next;
        const last = docs.length > 0 ? docs[docs.length - 1].seqNo : after;
        const full = docs.length === PAGE;
        const more = full && last < c.checkpoint;
        if (more) next = read(last);
        const durable = docs.some((d) => d.seqNo > c.checkpoint) ? await this.checkpointNow(c) : c.checkpoint;
        const ready = docs.filter((d) => d.seqNo <= durable);
        const from = lead.next;
        const groups = await this.number(ready.flatMap((d) => d.outbox), found);
        const reached = Math.max(after, full ? Math.min(c.checkpoint, last) : c.checkpoint);
        const pageWritten = this.write(groups).then(async () => {
          for (const d of ready) if (d.urn && isHot(d.outbox)) this.markHot(d.urn, d.outbox[d.outbox.length - 1].version ?? 0);
          for (const d of ready) if (d.tombstone) await scan.emptyTombstone(c.index, d);
        });
        pageWritten.catch(() => undefined); // reported when its turn to land comes
        inFlight.push({ reached, from, written: pageWritten });
        if (!more) break;
        after = last;
        while (inFlight.length >= IN_FLIGHT) await landOldest();
        if (Date.now() - lead.publishedAt >= this.publishMs && written > this.positionOf(c)) await commit(true);
      }
      while (inFlight.length > 0) await landOldest();
      await commit(Date.now() - lead.publishedAt >= this.publishMs);
    } catch (e) {
      // Every page's write ends before a failure is reported (and the lead given up): none goes on behind the next
      // leader's back.
      await Promise.allSettled(inFlight.map((p) => p.written));
      throw e;
    }
  }

  private async checkpointNow(c: ShardCheckpoint): Promise<number> {
    const now = await this.deps.scan.checkpoints([c.index]);
    return now.find((n) => n.index === c.index && n.shard === c.shard)?.checkpoint ?? c.checkpoint;
  }

  /** The records of one entity version as one group (one events document), an administrative record alone; by first record id. */
  private groupsOf(records: OutboxRecord[]): Map<string, OutboxRecord[]> {
    const byKey = new Map<string, OutboxRecord[]>();
    for (const r of records) {
      const key = groupKeyOf(r as OutboxRecord & { urn?: string });
      const group = byKey.get(key);
      if (!group) byKey.set(key, [r]);
      else if (!group.some((g) => g.id === r.id)) group.push(r);
    }
    return new Map([...byKey.values()].map((group) => [group[0].id, group]));
  }

  /** Groups this leader appended or found in this round or the last. */
  private known(id: string): boolean {
    return this.appended.has(id) || this.appendedBefore.has(id);
  }

  /** Which of these records' groups the events index holds, of those not known here (asked while the page before is numbered). */
  private lookUp(records: OutboxRecord[]): Promise<Set<string>> {
    return this.deps.events.existingGroups([...this.groupsOf(records).keys()].filter((id) => !this.known(id)));
  }

  /**
   * Gives the records the events index does not hold yet the next sequence numbers, in order. `found`: what the events
   * index held of their groups when asked (a group this leader appended since is known here).
   */
  private async number(records: OutboxRecord[], found: Set<string>): Promise<EventGroup[]> {
    if (records.length === 0) return [];
    const lead = this.leading!;
    const groups = this.groupsOf(records);
    const held = new Set([...groups.keys()].filter((id) => this.known(id) || found.has(id)));
    for (const id of held) this.appended.add(id);
    await this.dropRemoved(groups, held);
    const fresh = [...groups].filter(([id]) => !held.has(id));
    const needed = fresh.reduce((n, [, group]) => n + group.length, 0);
    // Numbers are reserved in the lease document before they are handed out (its conditional write fails if another
    // process took over); half a lease without renewing (a long pause) renews too, so a takeover is noticed first.
    if (lead.next + needed > lead.reserved || Date.now() - lead.publishedAt >= this.leaseMs / 2) {
      lead.reserved = Math.max(lead.reserved, lead.next + needed + RESERVE_AHEAD);
      await this.publish();
    }
    if (this.leading !== lead) throw new Error('the change relay gave up its lead while numbering; the next leader continues');
    return fresh.map(([id, group]) => ({ id, records: group.map((r) => ({ ...(r as unknown as StoredEvent), seq: lead.next++ })) }));
  }

  /**
   * Groups older than what retention removed are not new: their events were sent and removed, and a document still
   * carries their records (its last write's) when a rebuild makes the relay read it again. Retention keeps at least a
   * day, so only groups older than that ask the events index for its horizon.
   */
  private async dropRemoved(groups: Map<string, OutboxRecord[]>, held: Set<string>): Promise<void> {
    const timeOf = (group: OutboxRecord[]) => (group[0] as OutboxRecord & { time?: number }).time ?? Date.now();
    const old = [...groups].filter(([id, group]) => !held.has(id) && timeOf(group) < Date.now() - DAY_MS);
    if (old.length === 0) return;
    const horizon = await this.deps.events.removedBefore();
    for (const [id, group] of old) {
      if (timeOf(group) >= horizon) continue;
      held.add(id);
      this.appended.add(id);
    }
  }

  /**
   * Writes numbered groups until the engine has answered for each: a failed one, or a request that failed as a whole
   * (it may still have been applied: create-only makes the second write a no-op), is written again with the same
   * numbers, so the sequence has no gap. Between attempts the lease is renewed; another process holding it ends this.
   */
  private async write(groups: EventGroup[]): Promise<void> {
    for (const g of groups) this.appended.add(g.id);
    let pending = groups;
    for (let attempt = 1; pending.length > 0; attempt++) {
      let failed: Set<string>;
      try {
        const answer = await this.deps.events.append(pending);
        failed = answer.failed;
        await this.ownOrTaken(pending.filter((g) => answer.present.has(g.id)));
      } catch (e) {
        if (e instanceof NumberTaken) throw e;
        failed = new Set(pending.map((g) => g.id));
        this.deps.log.warn({ err: e }, 'appending events failed');
      }
      pending = pending.filter((g) => failed.has(g.id));
      if (pending.length === 0) break;
      this.deps.log.warn({ failed: pending.length, attempt }, 'events could not be appended; retrying with the same sequence numbers');
      this.deps.metrics?.relayAppendRetries.inc();
      await sleep(Math.min(5_000, 100 * 2 ** attempt));
      // Only a leader writes: one that has given up the lead (or lost it to a renewal that found another holder)
      // stops here, and the next leader continues from what the events index holds.
      if (!this.leading) throw new Error('the change relay lost its lead while appending; the next leader continues');
      await this.publish().catch((e) => {
        if (e instanceof StaleWrite) throw e;
      });
    }
  }

  /**
   * Groups whose first number was taken when written: ours when an earlier attempt landed after all; anyone else's (a
   * leader that took over sealed it, or wrote there) ends this lead — nothing of this group is stored under it.
   */
  private async ownOrTaken(present: EventGroup[]): Promise<void> {
    if (present.length === 0) return;
    const at = await this.deps.events.groupsAt(present.map((g) => g.records[0].seq));
    const taken = present.filter((g) => at.get(g.records[0].seq) !== g.id);
    if (taken.length === 0) return;
    this.deps.log.warn({ seqs: taken.map((g) => g.records[0].seq) }, 'sequence numbers of this leader were taken by the next one: its lead is over');
    throw new NumberTaken();
  }

  private markHot(urn: string, version: number): void {
    const hot = this.leading?.hot;
    if (!hot) return;
    delete hot[urn]; // re-inserted last: the oldest entries go first
    hot[urn] = version;
    const keys = Object.keys(hot);
    for (let i = 0; i < keys.length - HOT_KEPT; i++) delete hot[keys[i]];
  }

  /** Renews the lease and publishes the positions; a lease taken by another process ends this one's lead. */
  private async publish(): Promise<void> {
    const lead = this.leading!;
    lead.seq = await this.deps.jobStore.replace(STATE_ID, this.stateOf(lead), lead.seq);
    lead.publishedAt = Date.now();
    this.published.set(structuredClone(this.stateOf(lead)));
  }
}
