/**
 * How change records are stored in their entity's document. A record stays in the document until a later write drops
 * it (the relay never writes an entity), so for most entities the last write's records stay for good — stored in full,
 * they were half of a typical document and of every search page that reads documents. Stored, a record leaves out
 * what its document already says:
 * - `urn` and `entityType` (the document's own);
 * - who, how and when (`actor`, `tokenId`, `via`, `requestId`, `time`) when they are the previous record's: `~same`;
 * - an `after` that is an object or list and is what the same document version holds in the record's aspect, whole
 *   or at the record's `path` (a schema, its columns, a properties aspect): `~after: "aspect"`. Only for records of
 *   the version written; records carried from earlier versions keep theirs.
 * `version` and `id` always stay. Every read from the store gives back the records as they were written; records
 * stored in full (by earlier builds) read as they are.
 */
import { dequal } from 'dequal';

/** What the codec reads of a document (an entity document, or a part the relay scanned). */
interface DocWithRecords {
  urn: string;
  entityType: string;
  aspects?: Record<string, { value?: unknown }>;
  outbox?: { id: string; version?: number }[];
  changeVersion?: number;
  tombstone?: boolean;
}

const SHARED = ['actor', 'tokenId', 'via', 'requestId', 'time'] as const;
const SHARED_KEYS = new Set<string>(SHARED);
const SAME = '~same';
const AFTER = '~after';

type Rec = { id: string; version?: number } & Record<string, unknown>;

const sameStamp = (a: Rec, b: Rec): boolean => SHARED.every((k) => a[k] === b[k]);

/** What the document holds where a record's `after` points: its aspect's value, or the part of it at the record's path. */
function held(doc: Pick<DocWithRecords, 'aspects'>, r: Rec): unknown {
  let at: unknown = doc.aspects?.[r.aspect as string]?.value;
  for (const key of (r.path as string[] | undefined) ?? []) at = at !== null && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined;
  return at;
}

/** The differ takes `after` from the very value written, so it is mostly the same object; else compared by value. */
const sameValue = (a: unknown, b: unknown): boolean => a === b || dequal(a, b);

/** The document as stored: the same object when it has no records, else a shallow copy with its records packed. */
export function packOutbox<T extends DocWithRecords>(doc: T): T {
  const records = doc.outbox as Rec[] | undefined;
  if (!records || records.length === 0) return doc;
  let previous: Rec | undefined;
  const packed = records.map((r) => {
    // A record of another entity (never written so) keeps its names.
    const named = r.urn !== doc.urn || r.entityType !== doc.entityType;
    const same = previous !== undefined && sameStamp(previous, r);
    const elided = typeof r.after === 'object' && r.after !== null && r.version === doc.changeVersion && !doc.tombstone && sameValue(r.after, held(doc, r));
    // Copied key by key: spreading and deleting keys make slow objects, and this runs for every record written.
    const out: Record<string, unknown> = {};
    for (const k in r) {
      if ((k === 'urn' || k === 'entityType') && !named) continue;
      if (same && SHARED_KEYS.has(k)) continue;
      if (k === 'after' && elided) continue;
      out[k] = r[k];
    }
    if (same) out[SAME] = 1;
    if (elided) out[AFTER] = 'aspect';
    previous = r;
    return out as Rec;
  });
  return { ...doc, outbox: packed };
}

/** Whether a stored record is packed: without its document's names, or leaving out its stamp or its `after`. */
const isPacked = (r: Rec): boolean => r.urn === undefined || SAME in r || AFTER in r;

/** The document's records as written, restored in place from what storage holds (records stored in full stay as they are). */
export function unpackOutbox<T extends DocWithRecords>(doc: T): T {
  const records = doc.outbox as Rec[] | undefined;
  if (!records || !records.some(isPacked)) return doc;
  let previous: Rec | undefined;
  doc.outbox = records.map((stored) => {
    if (!isPacked(stored)) return (previous = stored);
    const r = { urn: doc.urn, entityType: doc.entityType } as Record<string, unknown> as Rec;
    for (const k in stored) if (k !== SAME && k !== AFTER) r[k] = stored[k];
    if (stored[SAME] && previous) for (const k of SHARED) if (previous[k] !== undefined) r[k] = previous[k];
    if (stored[AFTER] === 'aspect') r.after = held(doc, r);
    return (previous = r);
  });
  return doc;
}
