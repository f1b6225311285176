/**
 * dbt datasets and the warehouse tables they stand for are linked as siblings, as the original's sibling hook links them
 * (ENABLE_SIBLING_HOOK): when a dataset's `upstreamLineage` or `subTypes` is written —
 * - a dbt source (sub-type Source) whose lineage names exactly one dataset of another platform, or
 * - a dataset of another platform whose lineage names exactly one dbt dataset (the table a dbt model builds) —
 * the dbt side gets `{siblings: [warehouse], primary: true}` and the warehouse side `{siblings: [dbt], primary: false}`
 * (other siblings they had are kept); a side that names the other already is left as it is (a connector that writes
 * the links itself decides which is primary). It runs after the write that triggered it, as the
 * original's runs after its change log: the link is written through the one batch engine, as part of what the writer
 * was allowed to do; a crash in between leaves it to the connector's next run.
 */
import type { CatalogDeps } from '../catalog-deps.js';
import { resolveTarget } from '../entity-target.js';
import { writeBatch } from '../write-batch.js';
import type { WriteInput } from '../write-input.js';

const DBT = 'urn:li:dataPlatform:dbt';
const TRIGGERS = new Set(['upstreamLineage', 'subTypes']);
type Obj = Record<string, any>;
type Siblings = { siblings?: string[]; primary?: boolean };

const platformOf = (urn: string) => /^urn:li:dataset:\((urn:li:dataPlatform:[^,]+),/.exec(urn)?.[1];
const upstreamsOf = (aspects: Obj): string[] => (aspects.upstreamLineage?.value?.upstreams ?? []).map((u: Obj) => u?.dataset).filter((u: unknown): u is string => typeof u === 'string');

/** The (dbt, warehouse) pair a dataset's aspects name, if any. */
export function siblingPairOf(urn: string, aspects: Obj): { dbt: string; warehouse: string } | undefined {
  const upstreams = upstreamsOf(aspects);
  if (platformOf(urn) === DBT) {
    const isSource = (aspects.subTypes?.value?.typeNames ?? []).some((t: unknown) => String(t).toLowerCase() === 'source');
    const others = upstreams.filter((u) => platformOf(u) !== DBT);
    return isSource && others.length === 1 && upstreams.length === 1 ? { dbt: urn, warehouse: others[0] } : undefined;
  }
  const dbt = upstreams.filter((u) => platformOf(u) === DBT);
  return dbt.length === 1 ? { dbt: dbt[0], warehouse: urn } : undefined;
}

/** The siblings value linking `urn` to `other`, or undefined when it names `other` already (whichever is primary). */
function linked(current: Siblings | undefined, other: string, primary: boolean): Siblings | undefined {
  const list = current?.siblings ?? [];
  return list.includes(other) ? undefined : { ...current, siblings: [...list, other], primary };
}

/** Links the siblings the written datasets name (`written`: each entity written and the aspects the write changed). */
export async function linkDbtSiblings(services: CatalogDeps, written: { urn: string; entityType: string; aspects: string[] }[], actor: string): Promise<void> {
  const candidates = written.filter((w) => w.entityType === 'dataset' && w.aspects.some((a) => TRIGGERS.has(a)));
  if (candidates.length === 0) return;
  const docs = await services.store.mget('dataset', candidates.map((c) => c.urn));
  const pairs = new Map<string, { dbt: string; warehouse: string }>();
  for (const c of candidates) {
    const pair = docs.get(c.urn) && siblingPairOf(c.urn, docs.get(c.urn)!.aspects);
    if (pair) pairs.set(`${pair.dbt} ${pair.warehouse}`, pair);
  }
  if (pairs.size === 0) return;
  const ends = await services.store.mget('dataset', [...new Set([...pairs.values()].flatMap((p) => [p.dbt, p.warehouse]))]);
  const siblingsOf = (urn: string) => ends.get(urn)?.aspects.siblings?.value as Siblings | undefined;
  const inputs: WriteInput[] = [];
  for (const { dbt, warehouse } of pairs.values()) {
    for (const [urn, other, primary] of [[dbt, warehouse, true], [warehouse, dbt, false]] as const) {
      const next = linked(siblingsOf(urn), other, primary);
      if (next) inputs.push({ target: resolveTarget('dataset', urn), actor, preauthorized: true, changes: [{ aspect: 'siblings', compute: () => next }] });
    }
  }
  if (inputs.length > 0) await writeBatch(services, inputs);
}
