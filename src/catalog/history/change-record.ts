/**
 * A change record: one field change of one entity, written into the entity's document (its outbox) by the same
 * conditional write as the change itself, then relayed into the events index where it gets its place in the global
 * sequence. History, the event poll and webhooks all read these records, so they cannot disagree.
 */
import { randomUUID } from 'node:crypto';
import { currentLogContext, type LogContext } from '../../logger.js';

export const CHANGE_CATEGORIES = [
  'TAG', 'GLOSSARY_TERM', 'STRUCTURED_PROPERTY', 'DOCUMENTATION', 'DEFINITION', 'STATUS', 'LIFECYCLE', 'OWNER', 'TECHNICAL_SCHEMA', 'ASPECT', 'ADMIN',
] as const;
export type ChangeCategory = (typeof CHANGE_CATEGORIES)[number];

export const CHANGE_OPERATIONS = ['ADD', 'MODIFY', 'REMOVE', 'SOFT_DELETE', 'RESTORE', 'HARD_DELETE', 'CREATE', 'KEEP'] as const;
export type ChangeOperation = (typeof CHANGE_OPERATIONS)[number];

/**
 * KEEP records no change: a whole write (a load) left out or resent a value that another setter owns, and the value
 * stayed (catalog/value-owners). Tessera's history and webhooks show it; the original's shapes (its timeline, entity
 * change events, change logs) have no such operation and leave it out.
 */
export const changesSomething = (r: Pick<FieldChange, 'operation'>): boolean => r.operation !== 'KEEP';

/** The interface a change came through. */
export type ChangeVia = 'REST_V2' | 'REST_V3' | 'GRAPHQL' | 'WIRE' | 'CLI' | 'WEB' | 'MCP' | 'JOB' | 'SYSTEM';

/** What a differ says about one field change, before it knows who made it. */
export interface FieldChange {
  aspect: string;
  category: ChangeCategory;
  operation: ChangeOperation;
  /** The tag, term or property URN the change is about, or the field it names (`description`). */
  modifier?: string;
  /** The column, for changes to a dataset's columns. */
  fieldPath?: string;
  /** Where in the aspect the value is, for aspects recorded field by field (`['customProperties', 'owner']`). */
  path?: string[];
  /** Typed values: a number stays a number. Absent when there was nothing before (ADD) or is nothing after (REMOVE). */
  before?: unknown;
  after?: unknown;
  /** The whole element as stored, where it holds more than `after` says (a tag association's context). */
  element?: Record<string, unknown>;
  /** A whole write's ownership rule that kept (KEEP) or let it replace this value (value-owners/whole-write.ts). */
  rule?: string;
  /** Who had set the value the rule is about. */
  setBy?: { actor: string; source?: string };
}

export interface ChangeRecord extends FieldChange {
  /** Stable across relays and retries: the event's id everywhere (`webhook-id`, the poll, de-duplication). */
  id: string;
  urn: string;
  entityType: string;
  /** The entity's change version this record belongs to: rises by exactly 1 per write that changes something. */
  version?: number;
  actor: string;
  tokenId?: string;
  via: ChangeVia;
  requestId?: string;
  time: number;
}

/** A change record with its place in the global, gap-free sequence (as the events index holds it). */
export interface ChangeEvent extends ChangeRecord {
  seq: number;
}

/**
 * Stamps field changes with who made them, through which interface, and when. `provenance` is the context of the work
 * that asked for the change, taken when it asked: a write merged into another's runs its mutator in that other's.
 */
export function toRecords(urn: string, entityType: string, actor: string, now: number, changes: FieldChange[], provenance: LogContext | undefined = currentLogContext()): ChangeRecord[] {
  if (changes.length === 0) return [];
  const via: ChangeVia = (provenance?.via as ChangeVia | undefined) ?? (provenance?.jobId ? 'JOB' : 'SYSTEM');
  return changes.map((c) => ({
    id: randomUUID(),
    urn,
    entityType,
    ...c,
    actor,
    ...(provenance?.tokenId && { tokenId: provenance.tokenId }),
    via,
    ...(provenance?.requestId && { requestId: provenance.requestId }),
    time: now,
  }));
}
