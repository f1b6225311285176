/**
 * The original's event poll (`GET /openapi/v1/events/poll`): events after an offset in sequence order, long-polling up
 * to a timeout, in the original's shape (`{count, offsetId, events: [{contentType, value}]}`, each value a
 * PlatformEvent wrapping an Entity Change Event) — with before and after values, the record's id and its sequence
 * number added; or, on `MetadataChangeLog_Versioned_v1`, one change log per aspect an entity version changed
 * (`change-log-events.ts`). Offsets are sequence numbers; only a gap-free prefix is ever answered, so a consumer that moves its
 * offset to the answer's never skips an event. Named consumers keep their offset on the server.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { CatalogError, validationError } from '../../errors.js';
import { StaleWrite } from '../../storage/job-store.js';
import type { CatalogDeps } from '../catalog-deps.js';
import { changesSomething, type ChangeEvent } from './change-record.js';
import { toEntityChangeEvent } from './entity-change-event.js';
import { CHANGE_LOG_TOPIC, toChangeLogs } from './change-log-events.js';

export const POLL_TOPICS = ['PlatformEvent_v1', CHANGE_LOG_TOPIC] as const;
export const MAX_POLL_LIMIT = 5_000;
export const MAX_POLL_TIMEOUT_S = 60;
const WAIT_STEP_MS = 100;

export interface PollInput {
  topic?: string;
  offsetId?: string;
  limit?: number;
  pollTimeoutSeconds?: number;
  lookbackWindowDays?: number;
  /** A named consumer: without `offsetId`, the poll resumes from its stored offset. */
  consumer?: string;
}

export interface PollAnswer {
  count: number;
  offsetId: string;
  events: { contentType: 'application/json'; value: string }[];
}

const CONSUMER = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;
const consumerDocId = (name: string) => `events-consumer:${name}`;

function parseOffset(offsetId: string): number {
  if (!/^\d{1,15}$/.test(offsetId)) throw validationError(`offsetId must be an offset a previous poll answered (a non-negative integer), got ${JSON.stringify(offsetId.slice(0, 40))}`);
  return Number(offsetId);
}

function checkConsumer(name: string): string {
  if (!CONSUMER.test(name)) throw validationError('consumer names are 1-100 letters, digits, dots, dashes and underscores, starting with a letter or digit');
  return name;
}

async function startOffset(deps: CatalogDeps, input: PollInput): Promise<number> {
  if (input.offsetId !== undefined && input.offsetId !== '') return parseOffset(input.offsetId);
  if (input.consumer) {
    const stored = await deps.jobStore.readLease<{ offset: number }>(consumerDocId(input.consumer));
    if (stored) return stored.doc.offset;
  }
  if (input.lookbackWindowDays !== undefined) {
    const since = Date.now() - input.lookbackWindowDays * 86_400_000;
    const [first] = await deps.events.find({ startTime: since }, 1);
    return first ? first.seq - 1 : await deps.events.lastSeq();
  }
  // The original starts a consumer without an offset at the newest event.
  return deps.events.lastSeq();
}

export async function pollEvents(deps: CatalogDeps, actor: string, input: PollInput): Promise<PollAnswer> {
  await deps.access.authorize(actor, 'GET_PLATFORM_EVENTS', {}, 'the event stream');
  const topic = input.topic ?? 'PlatformEvent_v1';
  if (!(POLL_TOPICS as readonly string[]).includes(topic)) throw validationError(`Unknown topic ${topic}; served: ${POLL_TOPICS.join(', ')}`);
  if (input.consumer !== undefined) checkConsumer(input.consumer);
  const limit = Math.min(input.limit ?? 100, MAX_POLL_LIMIT);
  if (!Number.isInteger(limit) || limit < 1) throw validationError(`limit must be between 1 and ${MAX_POLL_LIMIT}`);
  const timeoutMs = Math.min(input.pollTimeoutSeconds ?? 5, MAX_POLL_TIMEOUT_S) * 1000;
  if (!(timeoutMs >= 0)) throw validationError(`pollTimeoutSeconds must be between 0 and ${MAX_POLL_TIMEOUT_S}`);
  const offset = await startOffset(deps, input);
  const first = await deps.events.firstSeq();
  if (first !== undefined && offset + 1 < first) {
    throw new CatalogError('GONE', `Offset ${offset} is older than the events kept (the oldest is ${first}); start again from a newer offset`);
  }
  const deadline = Date.now() + timeoutMs;
  let from = offset;
  for (;;) {
    // Only a gap-free run: a later number may be visible before an earlier one. Numbers sealed unused are passed by.
    const run = await deps.events.sequence(from, limit);
    if (run.hole) deps.metrics?.eventPollHoles.inc();
    const found = run.events;
    if (found.length === 0 && run.reached > from) {
      from = run.reached;
      continue;
    }
    if (found.length > 0 || Date.now() >= deadline) {
      deps.metrics?.eventPolls.inc({ outcome: found.length > 0 ? 'events' : 'empty' });
      // A long poll answers what the caller may see when it answers, not when it asked: a right revoked meanwhile
      // (up to a minute of waiting) refuses the answer.
      if (timeoutMs > 0) await deps.access.authorize(actor, 'GET_PLATFORM_EVENTS', {}, 'the event stream');
      const next = run.reached;
      const values = topic === CHANGE_LOG_TOPIC ? await toChangeLogs(deps, found) : (found as unknown as ChangeEvent[]).filter(changesSomething).map(toEntityChangeEvent);
      return { count: values.length, offsetId: String(next), events: values.map((v) => ({ contentType: 'application/json', value: JSON.stringify(v) })) };
    }
    await sleep(Math.min(WAIT_STEP_MS, Math.max(0, deadline - Date.now())));
  }
}

/** Stores a named consumer's offset (after it has handled the events up to it). */
export async function storeConsumerOffset(deps: CatalogDeps, actor: string, name: string, offsetId: unknown): Promise<{ consumer: string; offsetId: string }> {
  await deps.access.authorize(actor, 'GET_PLATFORM_EVENTS', {}, 'the event stream');
  checkConsumer(name);
  if (typeof offsetId !== 'string' && typeof offsetId !== 'number') throw validationError('Send {"offsetId": "<offset a poll answered>"}');
  const offset = parseOffset(String(offsetId));
  const doc = { type: 'events-consumer', name, offset, updatedAt: Date.now(), updatedBy: actor };
  for (;;) {
    const current = await deps.jobStore.readLease<{ offset: number }>(consumerDocId(name));
    try {
      if (current) await deps.jobStore.replace(consumerDocId(name), doc, current.seq);
      else await deps.jobStore.createLease(consumerDocId(name), doc);
      return { consumer: name, offsetId: String(offset) };
    } catch (e) {
      if (!(e instanceof StaleWrite)) throw e;
    }
  }
}

/** A named consumer's stored offset. */
export async function readConsumerOffset(deps: CatalogDeps, actor: string, name: string): Promise<{ consumer: string; offsetId: string | null }> {
  await deps.access.authorize(actor, 'GET_PLATFORM_EVENTS', {}, 'the event stream');
  const stored = await deps.jobStore.readLease<{ offset: number }>(consumerDocId(checkConsumer(name)));
  return { consumer: name, offsetId: stored ? String(stored.doc.offset) : null };
}
