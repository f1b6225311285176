/**
 * Change records of administrative actions — policies, groups, role bindings, service accounts, access tokens — written
 * by their stores into the changed document itself (its outbox), as entity changes are: category ADMIN, the object's
 * URN, CREATE / MODIFY / REMOVE, and what it was and became without any secret (a token's hash and salt never).
 */
import { currentLogContext } from '../../logger.js';
import { toRecords, type ChangeRecord } from './change-record.js';

const HIDDEN = new Set(['salt', 'hash', 'outbox', 'kind', 'deleted']);
const URN_KIND: Record<string, string> = { policy: 'dataHubPolicy', group: 'corpGroup', roleBinding: 'roleBinding', serviceAccount: 'corpuser', token: 'accessToken' };

function shown(doc: Record<string, unknown> | null | undefined): Record<string, unknown> | undefined {
  if (!doc) return undefined;
  return Object.fromEntries(Object.entries(doc).filter(([k]) => !HIDDEN.has(k)));
}

/** The URN an administrative object is known by. */
export function adminUrn(kind: string, id: string): string {
  return id.startsWith('urn:') ? id : `urn:li:${URN_KIND[kind] ?? kind}:${id}`;
}

/** The record of one administrative change (null `before`: created; null `after`: removed). */
export function adminRecords(kind: string, id: string, before: Record<string, unknown> | null, after: Record<string, unknown> | null): ChangeRecord[] {
  const operation = before === null ? 'CREATE' : after === null ? 'REMOVE' : 'MODIFY';
  const actor = currentLogContext()?.actor ?? 'urn:li:corpuser:__system';
  const [b, a] = [shown(before), shown(after)];
  return toRecords(adminUrn(kind, id), kind, actor, Date.now(), [{ aspect: kind, category: 'ADMIN', operation, ...(b && { before: b }), ...(a && { after: a }) }]);
}

/** What the stores call to record a change; set by the composition root (storage never imports the catalog). */
export type AdminRecorder = typeof adminRecords;
