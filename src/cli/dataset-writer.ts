/**
 * Sends the changes of many datasets in few requests: batches of up to `batchSize` proposals over the emitter wire,
 * a few at a time, in three phases (each dataset's own aspects, which create it; then its columns, which need it; then
 * the lineage it writes on other datasets). Only the last batch of a phase asks to wait for search, and only when
 * asked: one refresh shows every earlier write. A refused batch is sent again dataset by dataset, so a problem the
 * server finds is reported for its dataset alone.
 */
import type { PreviewedChange, TesseraClient } from '../sdk/client.js';
import { buildProposal } from '../sdk/emitter.js';
import { TesseraApiError, TesseraConnectionError } from '../sdk/sdk-errors.js';
import type { Proposal } from '../model/proposal.js';
import { describeError } from './cli-error.js';
import type { DatasetPlan } from './dataset-file.js';

export interface WriteOutcome {
  urn: string;
  ok: boolean;
  error?: string;
}

export interface WriteOptions {
  batchSize: number;
  concurrency: number;
  waitForSearch: boolean;
  /** Sent with every proposal: the file the values come from (who set a value, and through what). */
  systemMetadata?: Proposal['systemMetadata'];
  /** Called in plan order, as soon as a plan and every plan before it are finished. */
  onOutcome: (plan: DatasetPlan, outcome: WriteOutcome) => void;
}

interface Item {
  plan: number;
  proposal: Proposal;
}

/** 0: the dataset's own aspects; 1: its columns; 2: what it writes on other entities (downstream lineage). */
function phaseOf(plan: DatasetPlan, entityUrn: string): number {
  if (entityUrn === plan.urn) return 0;
  return entityUrn.startsWith('urn:li:schemaField:') ? 1 : 2;
}

/** Batches of whole datasets where they fit (a dataset with more changes than a batch holds is split in order). */
function batchesOf(items: Item[], size: number): Item[][] {
  const batches: Item[][] = [];
  let current: Item[] = [];
  for (let i = 0; i < items.length; ) {
    let end = i;
    while (end < items.length && items[end].plan === items[i].plan) end++;
    const group = items.slice(i, end);
    if (current.length > 0 && current.length + group.length > size) {
      batches.push(current);
      current = [];
    }
    for (let k = 0; k < group.length; k += size) {
      const part = group.slice(k, k + size);
      if (current.length + part.length > size) {
        batches.push(current);
        current = [];
      }
      current.push(...part);
    }
    i = end;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

/** Failures no other dataset would escape: the server cannot be reached, or does not accept the token. */
const fatal = (e: unknown) => e instanceof TesseraConnectionError || (e instanceof TesseraApiError && (e.status === 401 || e.status === 403));

async function pool<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
}

/**
 * What writing the plans would change, as the server's dry run answers it (its checks, rights and ownership rules; a
 * refusal as the write would get). Each dataset goes with its columns in one request, so a new dataset's columns are
 * checked against it; what a dataset writes on other entities (downstream lineage) is not previewed.
 */
export async function previewPlans(client: TesseraClient, plans: DatasetPlan[], opts: Pick<WriteOptions, 'batchSize' | 'systemMetadata'>): Promise<PreviewedChange[]> {
  const items = plans.flatMap((plan, i) =>
    plan.changes.filter((c) => phaseOf(plan, c.entityUrn) < 2).map((c) => ({ plan: i, proposal: { ...buildProposal(c), ...(opts.systemMetadata && { systemMetadata: opts.systemMetadata }) } })),
  );
  const out: PreviewedChange[] = [];
  for (const batch of batchesOf(items, opts.batchSize)) out.push(...(await client.previewProposalBatch(batch.map((item) => item.proposal))));
  return out;
}

export async function writePlans(client: TesseraClient, plans: DatasetPlan[], opts: WriteOptions): Promise<WriteOutcome[]> {
  const outcomes: (WriteOutcome | undefined)[] = new Array(plans.length);
  const failed = new Map<number, string>();
  const remaining = plans.map((p) => p.changes.length);
  const phases: Item[][] = [[], [], []];
  plans.forEach((plan, i) => {
    for (const change of plan.changes) phases[phaseOf(plan, change.entityUrn)].push({ plan: i, proposal: { ...buildProposal(change), ...(opts.systemMetadata && { systemMetadata: opts.systemMetadata }) } });
  });

  let reported = 0;
  const finish = (i: number) => {
    outcomes[i] = failed.has(i) ? { urn: plans[i].urn, ok: false, error: failed.get(i) } : { urn: plans[i].urn, ok: true };
    while (reported < plans.length && outcomes[reported]) opts.onOutcome(plans[reported], outcomes[reported++]!);
  };
  plans.forEach((p, i) => p.changes.length === 0 && finish(i));
  const settle = (items: Item[]) => {
    for (const item of items) if (--remaining[item.plan] === 0) finish(item.plan);
  };

  const send = async (batch: Item[], wait: boolean) => {
    const live = batch.filter((item) => !failed.has(item.plan));
    try {
      if (live.length > 0) await client.ingestProposalBatch(live.map((item) => item.proposal), { waitForSearch: wait });
    } catch (e) {
      if (fatal(e)) throw e;
      // Again one dataset at a time, to tell which one the server refuses.
      for (const plan of new Set(live.map((item) => item.plan))) {
        try {
          await client.ingestProposalBatch(live.filter((item) => item.plan === plan).map((item) => item.proposal), { waitForSearch: wait });
        } catch (err) {
          if (fatal(err)) throw err;
          failed.set(plan, describeError(err));
        }
      }
    }
    settle(batch);
  };

  for (const phase of phases) {
    const batches = batchesOf(phase, opts.batchSize);
    if (batches.length === 0) continue;
    const last = batches.pop()!;
    await pool(batches, opts.concurrency, (b) => send(b, false));
    await send(last, opts.waitForSearch);
  }
  return outcomes.map((o, i) => o ?? { urn: plans[i].urn, ok: !failed.has(i), error: failed.get(i) });
}
