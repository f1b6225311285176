/**
 * Who set each entry of a keyed aspect, and through what: kept beside the value (`meta.setBy`, by entry key), so the
 * value stays exactly as written while every interface can say "set by <actor>" or "from <pipeline>". An entry keeps
 * its setter while a write leaves its value as it is; a write that adds or changes it becomes its setter.
 */
import { SOURCE_FILE_PROPERTY } from '../../model/proposal.js';
import type { StoredAspect } from '../../storage/entity-store.js';
import { entriesOf, keyOf, sameEntryValue } from './keyed-aspects.js';
import { runIdOf } from '../runs/run-aspects.js';

/** As the original's MetadataAttribution: when, who, and the load it came from (`source`: a connector's pipeline). */
export interface ValueSetter {
  time: number;
  actor: string;
  /** The pipeline of a connector run (its `pipelineName`): the load, whoever runs it. */
  source?: string;
  /** How it came: `via` (CLI, WIRE, REST_V3, GRAPHQL …), a run's `runId`, the CLI's `file`. */
  sourceDetail?: Record<string, string>;
  /** The owners of loads this value was kept from (each told once, by a KEEP record). */
  overruled?: string[];
}

export type Setters = Record<string, ValueSetter>;


/** The setter a write makes of the entries it adds or changes. */
export function setterOf(actor: string, now: number, systemMetadata: Record<string, unknown> | undefined, via: string | undefined): ValueSetter {
  const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
  const pipeline = str(systemMetadata?.pipelineName);
  const runId = runIdOf(systemMetadata);
  const file = str((systemMetadata?.properties as Record<string, unknown> | undefined)?.[SOURCE_FILE_PROPERTY]);
  const detail = { ...(via && { via }), ...(runId && { runId }), ...(file && { file }) };
  return { time: now, actor, ...(pipeline && { source: pipeline }), ...(Object.keys(detail).length > 0 && { sourceDetail: detail }) };
}

/** A load: a connector run (a pipeline or a run id) or a file the CLI loads — not a person's own edit. */
export const isLoad = (s: ValueSetter): boolean => Boolean(s.source || s.sourceDetail?.runId || s.sourceDetail?.file);

/** Whose an entry is: a pipeline's (whoever runs it) or, without one, its actor's. */
export const ownerOf = (s: Pick<ValueSetter, 'actor' | 'source'>): string => (s.source ? `pipeline ${s.source}` : s.actor);

export const settersOf = (stored: StoredAspect | undefined): Setters | undefined => stored?.meta?.setBy as Setters | undefined;

/** The setters as answers show them (without the storage's bookkeeping of whom a value was kept from). */
export const publicSetters = (setBy: Setters): Setters => Object.fromEntries(Object.entries(setBy).map(([k, { overruled: _o, ...s }]) => [k, s]));

/** The setters after a write: unchanged entries keep theirs (none for entries written before setters were kept). */
export function settersAfter(aspect: string, before: unknown, beforeSetters: Setters | undefined, after: unknown, setter: ValueSetter): Setters {
  const previous = new Map(entriesOf(aspect, before).map((e) => [keyOf(aspect, e), e]));
  const out: Setters = {};
  for (const entry of entriesOf(aspect, after)) {
    const key = keyOf(aspect, entry);
    const was = previous.get(key);
    if (!was || !sameEntryValue(aspect, was, entry)) out[key] = setter;
    else if (beforeSetters?.[key]) out[key] = beforeSetters[key];
  }
  return out;
}
