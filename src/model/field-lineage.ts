/**
 * Column-level lineage: the column → column edges an entity's `fineGrainedLineages` name (in a dataset's
 * `upstreamLineage` and a job's `dataJobInputOutput`), read by one pure function so the search fields that find the
 * holders of an edge in one query per hop (`fieldLineageUp` / `fieldLineageDown`) and the edges a lineage answer shows
 * can never disagree. Columns are `urn:li:schemaField:(<dataset urn>,<field path>)`; entries naming a whole dataset
 * (`upstreamType: DATASET`) are coarse lineage and are not column edges.
 */
import type { LineageDirection } from './lineage-edges.js';
import { simplifyFieldPath } from './field-path.js';
import { parseUrn } from './urn.js';

export interface FieldLineageEdge {
  /** The column data comes from, and the column it goes to. */
  upstream: string;
  downstream: string;
  /** The aspect that names it, and the entity holding that aspect. */
  aspect: string;
  transformOperation?: string;
  confidenceScore?: number;
  query?: string;
}

type Obj = Record<string, any>;

/** The aspects whose `fineGrainedLineages` name column edges. */
export const FIELD_LINEAGE_ASPECTS: readonly string[] = ['upstreamLineage', 'dataJobInputOutput'];

const COLUMN = 'urn:li:schemaField:';
export const isColumnUrn = (urn: string): boolean => urn.startsWith(COLUMN);

const columnsIn = (list: unknown): string[] => (Array.isArray(list) ? list.filter((u): u is string => typeof u === 'string' && isColumnUrn(u)) : []);

/** Every column edge the aspects name, once per (upstream, downstream, aspect). */
export function fieldLineageEdgesOf(aspects: Record<string, { value?: unknown } | undefined>): FieldLineageEdge[] {
  const out = new Map<string, FieldLineageEdge>();
  for (const aspect of FIELD_LINEAGE_ASPECTS) {
    const entries = (aspects[aspect]?.value as Obj | undefined)?.fineGrainedLineages;
    if (!Array.isArray(entries)) continue;
    for (const f of entries as Obj[]) {
      if (!f || typeof f !== 'object') continue;
      const extra = {
        ...(typeof f.transformOperation === 'string' && { transformOperation: f.transformOperation }),
        ...(typeof f.confidenceScore === 'number' && { confidenceScore: f.confidenceScore }),
        ...(typeof f.query === 'string' && { query: f.query }),
      };
      for (const upstream of columnsIn(f.upstreams)) {
        for (const downstream of columnsIn(f.downstreams)) {
          const key = `${upstream}\u0000${downstream}\u0000${aspect}`;
          if (!out.has(key)) out.set(key, { upstream, downstream, aspect, ...extra });
        }
      }
    }
  }
  return [...out.values()];
}

/** The columns named at one end of the edges: `fieldLineageUp` (upstream ends) and `fieldLineageDown` (downstream ends). */
export function fieldLineageUrns(edges: FieldLineageEdge[], end: LineageDirection): string[] {
  return [...new Set(edges.map((e) => (end === 'UPSTREAM' ? e.upstream : e.downstream)))];
}

/** The search field holding the columns at one end of an entity's column edges. */
export const FIELD_LINEAGE_FIELD: Readonly<Record<LineageDirection, string>> = { UPSTREAM: 'fieldLineageUp', DOWNSTREAM: 'fieldLineageDown' };

/** A column's dataset and path (`urn:li:schemaField:(<dataset>,<path>)`; the path may hold commas); undefined if not one. */
export function columnParts(urn: string): { parent: string; fieldPath: string } | undefined {
  if (!isColumnUrn(urn)) return undefined;
  try {
    const { parts } = parseUrn(urn);
    return parts.length >= 2 ? { parent: parts[0], fieldPath: parts.slice(1).join(',') } : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a dataset's schema lists the column (by its exact path, or the same path without v2 annotations). */
export function schemaHasColumn(datasetAspects: Record<string, { value?: unknown }> | undefined, fieldPath: string): boolean {
  const fields = (datasetAspects?.schemaMetadata?.value as Obj | undefined)?.fields;
  if (!Array.isArray(fields)) return false;
  const simple = simplifyFieldPath(fieldPath);
  return fields.some((f: Obj) => typeof f?.fieldPath === 'string' && (f.fieldPath === fieldPath || simplifyFieldPath(f.fieldPath) === simple));
}
