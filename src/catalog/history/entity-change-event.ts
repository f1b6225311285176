/**
 * The original's shapes of a change: the Entity Change Event (inside a PlatformEvent, as its event poll answers it) and
 * the timeline's ChangeTransactions. Both are built from the same change records; Tessera's own fields (the record's
 * id and sequence number, typed before and after, token and interface) are added beside the original's.
 */
import { changesSomething, type ChangeEvent, type ChangeRecord } from './change-record.js';

const COLUMN_ASPECTS = new Set(['editableSchemaMetadata']);

/** A column change is about the column's schemaField, as the original reports it. */
function subjectOf(r: ChangeRecord): { entityUrn: string; entityType: string; parentUrn?: string } {
  if (r.fieldPath !== undefined && COLUMN_ASPECTS.has(r.aspect)) {
    return { entityUrn: `urn:li:schemaField:(${r.urn},${r.fieldPath})`, entityType: 'schemaField', parentUrn: r.urn };
  }
  return { entityUrn: r.urn, entityType: r.entityType };
}

function parametersOf(r: ChangeRecord, parentUrn?: string): Record<string, unknown> | undefined {
  const p: Record<string, unknown> = {};
  if (r.category === 'TAG' && r.modifier) p.tagUrn = r.modifier;
  if (r.category === 'GLOSSARY_TERM' && r.modifier) p.termUrn = r.modifier;
  if (r.category === 'STRUCTURED_PROPERTY' && r.modifier) {
    p.propertyUrn = r.modifier;
    // The original sends the new values as a JSON-encoded array of strings; REMOVE names the values removed.
    p.propertyValues = JSON.stringify(((r.after ?? r.before ?? []) as unknown[]).map(String));
  }
  if (r.fieldPath !== undefined) p.fieldPath = r.fieldPath;
  if (parentUrn) p.parentUrn = parentUrn;
  return Object.keys(p).length > 0 ? p : undefined;
}

/** The original's category and operation names where they differ from Tessera's. */
function originalCategory(r: ChangeRecord): string {
  return r.category === 'STATUS' ? 'LIFECYCLE' : r.category;
}

export function toEntityChangeEvent(e: ChangeEvent): Record<string, unknown> {
  const subject = subjectOf(e);
  const ece = {
    entityUrn: subject.entityUrn,
    entityType: subject.entityType,
    category: originalCategory(e),
    operation: e.operation,
    ...(e.modifier !== undefined && { modifier: e.modifier }),
    ...(parametersOf(e, subject.parentUrn) && { parameters: parametersOf(e, subject.parentUrn) }),
    version: 0,
    auditStamp: { actor: e.actor, time: e.time },
    // Tessera's additions.
    eventId: e.id,
    seq: e.seq,
    entityVersion: e.version,
    aspect: e.aspect,
    ...(e.before !== undefined && { before: e.before }),
    ...(e.after !== undefined && { after: e.after }),
    ...(e.tokenId && { tokenId: e.tokenId }),
    via: e.via,
  };
  return { header: { timestampMillis: e.time }, name: 'entityChangeEvent', payload: { contentType: 'application/json', value: JSON.stringify(ece) } };
}

/** One sentence saying what changed. */
export function describeChange(r: ChangeRecord): string {
  const what = r.modifier ?? r.aspect;
  const where = r.fieldPath !== undefined ? ` of column ${r.fieldPath}` : '';
  switch (r.operation) {
    case 'ADD':
      return `${r.category.toLowerCase().replace(/_/g, ' ')} ${what} added${where}`;
    case 'REMOVE':
      return `${r.category.toLowerCase().replace(/_/g, ' ')} ${what} removed${where}`;
    case 'MODIFY':
      return `${r.category.toLowerCase().replace(/_/g, ' ')} ${what} changed${where}`;
    case 'SOFT_DELETE':
      return `${r.urn} soft deleted`;
    case 'RESTORE':
      return `${r.urn} restored`;
    case 'HARD_DELETE':
      return `${r.urn} hard deleted`;
    case 'KEEP':
      return `${r.category.toLowerCase().replace(/_/g, ' ')} ${what} kept${where}: set by ${r.setBy?.source ? `pipeline ${r.setBy.source}` : r.setBy?.actor ?? 'another setter'}, not by this load`;
    default:
      return `${r.urn} created`;
  }
}

/**
 * The original timeline's answer: ChangeTransactions, one per entity version, oldest first, each with its change
 * events (`changeType`, `category`, `target`, `modifier`, `description`, `parameters`, `auditStamp`).
 */
export function toChangeTransactions(records: ChangeRecord[]): Record<string, unknown>[] {
  const byVersion = new Map<number, ChangeRecord[]>();
  for (const r of records.filter(changesSomething)) {
    const key = r.version ?? 0;
    const list = byVersion.get(key);
    if (list) list.push(r);
    else byVersion.set(key, [r]);
  }
  return [...byVersion.entries()].map(([version, list]) => ({
    timestamp: list[0].time,
    actor: list[0].actor,
    semVer: `0.${version}.0`,
    semVerChange: 'MINOR',
    versionStamp: list.map((r) => `${r.aspect}:${version}`).filter((v, i, all) => all.indexOf(v) === i).join(';'),
    changeEvents: list.map((r) => {
      const subject = subjectOf(r);
      return {
        changeType: r.operation,
        target: subject.entityUrn,
        category: originalCategory(r),
        ...(r.modifier !== undefined && { modifier: r.modifier, elementId: r.modifier }),
        description: describeChange(r),
        ...(parametersOf(r, subject.parentUrn) && { parameters: parametersOf(r, subject.parentUrn) }),
        auditStamp: { actor: r.actor, time: r.time },
        ...(r.before !== undefined && { before: r.before }),
        ...(r.after !== undefined && { after: r.after }),
      };
    }),
  }));
}
