/**
 * The lineage edges an entity's own aspects name (the original's graph edges, read from the same aspects): one pure
 * function, so the search fields that answer "who is upstream / downstream of X" in one query per hop and the edge
 * details a lineage answer shows can never disagree. `UPSTREAM`: the named entity is upstream of the owner.
 */
export type LineageDirection = 'UPSTREAM' | 'DOWNSTREAM';

export interface LineageEdge {
  direction: LineageDirection;
  /** DownstreamOf, Consumes, Produces or Contains, as the original names them. */
  type: string;
  urn: string;
  aspect: string;
  createdOn?: number;
  createdActor?: string;
  updatedOn?: number;
  updatedActor?: string;
  properties?: Record<string, string>;
}

type Obj = Record<string, any>;

interface Source {
  /** The entity type whose aspect names the edge, and the type it names. */
  holder: string;
  named: string;
  aspect: string;
  /** Plain URN lists (the legacy form): entries are URNs, or `{string: urn}` as some clients send union members. */
  plain?: string;
  /** Edge lists: `{destinationUrn, created, lastModified, properties}`. */
  edges?: string;
  type: string;
  direction: LineageDirection;
}

/** Where each aspect names lineage (the original's relationship annotations on these fields). */
const SOURCES: readonly Source[] = [
  { holder: 'dataJob', named: 'dataset', aspect: 'dataJobInputOutput', plain: 'inputDatasets', edges: 'inputDatasetEdges', type: 'Consumes', direction: 'UPSTREAM' },
  { holder: 'dataJob', named: 'dataset', aspect: 'dataJobInputOutput', plain: 'outputDatasets', edges: 'outputDatasetEdges', type: 'Produces', direction: 'DOWNSTREAM' },
  { holder: 'dataJob', named: 'dataJob', aspect: 'dataJobInputOutput', plain: 'inputDatajobs', edges: 'inputDatajobEdges', type: 'DownstreamOf', direction: 'UPSTREAM' },
  { holder: 'chart', named: 'dataset', aspect: 'chartInfo', plain: 'inputs', edges: 'inputEdges', type: 'Consumes', direction: 'UPSTREAM' },
  { holder: 'dashboard', named: 'chart', aspect: 'dashboardInfo', plain: 'charts', edges: 'chartEdges', type: 'Contains', direction: 'UPSTREAM' },
  { holder: 'dashboard', named: 'dataset', aspect: 'dashboardInfo', plain: 'datasets', edges: 'datasetEdges', type: 'Consumes', direction: 'UPSTREAM' },
];

const stamp = (s: Obj | undefined) => (s && typeof s.time === 'number' && s.time > 0 ? { on: s.time as number, actor: typeof s.actor === 'string' ? (s.actor as string) : undefined } : undefined);

export const urnOfEntry = (x: unknown): string | undefined => (typeof x === 'string' ? x : typeof (x as Obj)?.string === 'string' ? (x as Obj).string : undefined);

function withStamps(edge: LineageEdge, created: Obj | undefined, updated: Obj | undefined, properties: unknown): LineageEdge {
  const c = stamp(created);
  const u = stamp(updated);
  if (c) Object.assign(edge, { createdOn: c.on, ...(c.actor && { createdActor: c.actor }) });
  if (u) Object.assign(edge, { updatedOn: u.on, ...(u.actor && { updatedActor: u.actor }) });
  if (properties && typeof properties === 'object' && !Array.isArray(properties)) edge.properties = properties as Record<string, string>;
  return edge;
}

/** Every edge the aspects name, once per (direction, urn): an edge list's entry wins over the same URN in the plain list. */
export function lineageEdgesOf(aspects: Record<string, { value?: unknown } | undefined>): LineageEdge[] {
  const out = new Map<string, LineageEdge>();
  const add = (edge: LineageEdge, replace: boolean) => {
    const key = `${edge.direction}\u0000${edge.urn}`;
    if (replace || !out.has(key)) out.set(key, edge);
  };
  const upstreams = (aspects.upstreamLineage?.value as Obj | undefined)?.upstreams;
  if (Array.isArray(upstreams)) {
    for (const u of upstreams) {
      if (typeof u?.dataset !== 'string') continue;
      add(withStamps({ direction: 'UPSTREAM', type: 'DownstreamOf', urn: u.dataset, aspect: 'upstreamLineage' }, u.created ?? u.auditStamp, u.auditStamp, u.properties), false);
    }
  }
  for (const s of SOURCES) {
    const value = aspects[s.aspect]?.value as Obj | undefined;
    if (!value) continue;
    for (const x of Array.isArray(value[s.plain!]) ? value[s.plain!] : []) {
      const urn = urnOfEntry(x);
      if (urn) add({ direction: s.direction, type: s.type, urn, aspect: s.aspect }, false);
    }
    for (const e of Array.isArray(value[s.edges!]) ? value[s.edges!] : []) {
      if (typeof e?.destinationUrn !== 'string') continue;
      add(withStamps({ direction: s.direction, type: s.type, urn: e.destinationUrn, aspect: s.aspect }, e.created, e.lastModified, e.properties), true);
    }
  }
  return [...out.values()];
}

/** The URNs named in one direction: the `lineageUp` / `lineageDown` search fields. */
export const lineageUrns = (edges: LineageEdge[], direction: LineageDirection): string[] => edges.filter((e) => e.direction === direction).map((e) => e.urn);

/** The aspect fields that name lineage, for the engine-side twin of the search fields (jobs/derived-fields.ts). */
export const LINEAGE_SOURCES: readonly { aspect: string; list: string; key?: string; direction: LineageDirection }[] = [
  { aspect: 'upstreamLineage', list: 'upstreams', key: 'dataset', direction: 'UPSTREAM' },
  ...SOURCES.flatMap((s) => [
    { aspect: s.aspect, list: s.plain!, direction: s.direction },
    { aspect: s.aspect, list: s.edges!, key: 'destinationUrn', direction: s.direction },
  ]),
];

/** Where an edge is kept: which end's aspect names it, and in which lists (none for `upstreamLineage`'s upstreams). */
export interface EdgePlacement {
  holder: 'upstream' | 'downstream';
  aspect: string;
  edges?: string;
  plain?: string;
}

/** Where an edge from an entity of type `up` to one of type `down` is kept; undefined where the model keeps none. */
export function edgePlacement(up: string, down: string): EdgePlacement | undefined {
  if (up === 'dataset' && down === 'dataset') return { holder: 'downstream', aspect: 'upstreamLineage' };
  // An UPSTREAM list names what its holder is built from; a DOWNSTREAM list what its holder builds.
  const s = SOURCES.find((s) => (s.direction === 'UPSTREAM' ? s.holder === down && s.named === up : s.holder === up && s.named === down));
  return s && { holder: s.direction === 'UPSTREAM' ? 'downstream' : 'upstream', aspect: s.aspect, edges: s.edges, plain: s.plain };
}

/** The pairs of entity types an edge can join (`up → down`), for messages. */
export const EDGE_PAIRS: readonly string[] = ['dataset → dataset', ...SOURCES.map((s) => (s.direction === 'UPSTREAM' ? `${s.named} → ${s.holder}` : `${s.holder} → ${s.named}`))];

/** The aspects that name lineage (what a lineage read needs of a document). */
export const LINEAGE_ASPECTS: readonly string[] = [...new Set(LINEAGE_SOURCES.map((s) => s.aspect))];

/** The entity types whose own aspects name lineage in a direction (a dataset names only its upstreams). */
export const TYPES_NAMING: Readonly<Record<LineageDirection, ReadonlySet<string>>> = {
  UPSTREAM: new Set(['dataset', ...SOURCES.filter((s) => s.direction === 'UPSTREAM').map((s) => s.holder)]),
  DOWNSTREAM: new Set(SOURCES.filter((s) => s.direction === 'DOWNSTREAM').map((s) => s.holder)),
};
