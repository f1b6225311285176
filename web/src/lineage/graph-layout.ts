/**
 * The lineage picture's layered layout, a pure function: one column per hop (upstream to the left of the entity,
 * downstream to the right), each column ordered by where its neighbours nearer the centre sit so edges cross little,
 * columns centred on each other, and each edge a curve from the upstream box's right side to the downstream box's left.
 */

export interface LayoutNode {
  id: string;
  /** Hops from the centre: negative upstream, 0 the centre, positive downstream. */
  column: number;
}

/** `from` feeds `to`. */
export interface LayoutEdge {
  from: string;
  to: string;
}

export interface PlacedNode extends LayoutNode {
  x: number;
  y: number;
}

export interface PlacedEdge extends LayoutEdge {
  /** An SVG path. */
  d: string;
}

export interface Layout {
  width: number;
  height: number;
  nodes: PlacedNode[];
  edges: PlacedEdge[];
}

export const BOX = { width: 200, height: 48 } as const;
/** Room between columns for the edges and a node's expand button. */
const COLUMN_GAP = 72;
const ROW_GAP = 14;
/** Room around the picture, wider at the sides for the outermost boxes' expand buttons. */
const PAD_X = 36;
const PAD_Y = 16;
const ROW = BOX.height + ROW_GAP;

/** Nodes keep their given order within a column unless their neighbours say otherwise (so an expansion moves little). */
export function layoutGraph(nodes: readonly LayoutNode[], edges: readonly LayoutEdge[]): Layout {
  if (nodes.length === 0) return { width: 0, height: 0, nodes: [], edges: [] };
  const byColumn = new Map<number, LayoutNode[]>();
  for (const n of nodes) byColumn.set(n.column, [...(byColumn.get(n.column) ?? []), n]);
  const columns = [...byColumn.keys()];
  const first = Math.min(...columns);
  const span = Math.max(...columns) - first + 1;
  const tallest = Math.max(...[...byColumn.values()].map((c) => c.length));
  const neighbours = new Map<string, string[]>();
  for (const e of edges) {
    neighbours.set(e.from, [...(neighbours.get(e.from) ?? []), e.to]);
    neighbours.set(e.to, [...(neighbours.get(e.to) ?? []), e.from]);
  }

  const placed = new Map<string, PlacedNode>();
  // From the centre outwards, so each column is ordered against one already placed.
  const order = [...columns].sort((a, b) => Math.abs(a) - Math.abs(b) || a - b);
  for (const column of order) {
    const inner = column - Math.sign(column);
    const members = byColumn.get(column)!.map((n, i) => {
      const ys = (neighbours.get(n.id) ?? []).flatMap((id) => {
        const p = placed.get(id);
        return p && p.column === inner && column !== 0 ? [p.y] : [];
      });
      return { n, i, at: ys.length ? ys.reduce((s, y) => s + y, 0) / ys.length : Number.POSITIVE_INFINITY };
    });
    members.sort((a, b) => a.at - b.at || a.i - b.i);
    const top = PAD_Y + ((tallest - members.length) * ROW) / 2;
    members.forEach(({ n }, row) => placed.set(n.id, { ...n, x: PAD_X + (column - first) * (BOX.width + COLUMN_GAP), y: top + row * ROW }));
  }

  const placedEdges = edges.flatMap((e) => {
    const a = placed.get(e.from);
    const b = placed.get(e.to);
    return a && b ? [{ ...e, d: curve(a, b) }] : [];
  });
  return {
    width: PAD_X * 2 + span * BOX.width + (span - 1) * COLUMN_GAP,
    height: PAD_Y * 2 + tallest * ROW - ROW_GAP,
    nodes: nodes.map((n) => placed.get(n.id)!),
    edges: placedEdges,
  };
}

function curve(a: PlacedNode, b: PlacedNode): string {
  const x1 = a.x + BOX.width;
  const y1 = a.y + BOX.height / 2;
  const x2 = b.x;
  const y2 = b.y + BOX.height / 2;
  // Forwards the bend is half the gap; an edge back (a cycle) swings out past both boxes.
  const bend = x2 > x1 ? (x2 - x1) / 2 : COLUMN_GAP;
  return `M ${x1} ${y1} C ${x1 + bend} ${y1}, ${x2 - bend} ${y2}, ${x2} ${y2}`;
}
