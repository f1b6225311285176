/**
 * The lineage graph an entity page draws and how it grows: the entity with one hop each way to begin with, then a node's
 * next hop outwards when asked (up to MAX_HOPS from the centre). Entities met again get an edge, not a second box.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { messageOf } from '../api/api-error';
import { hasLineage, loadHop, type Direction, type Hop } from '../api/lineage-queries';
import type { ResultEntity } from '../api/search-queries';
import type { LayoutEdge } from './graph-layout';

/** Hops drawn each way from the centre. */
export const MAX_HOPS = 3;

export interface GraphNode {
  entity: ResultEntity;
  /** Hops from the centre: negative upstream, positive downstream. */
  column: number;
  /** Its next hop outwards: `none` when it cannot be drawn (the centre, the picture's edge, a type without lineage). */
  next: 'closed' | 'loading' | 'open' | 'none';
  /** Neighbours outwards it has beyond those drawn. */
  hidden: number;
}

export interface Graph {
  nodes: GraphNode[];
  edges: LayoutEdge[];
}

export const directionOf = (column: number): Direction => (column < 0 ? 'UPSTREAM' : 'DOWNSTREAM');

/** The graph with `from`'s hop in `direction` drawn: new entities a column further out, an edge to each. */
export function withHop(graph: Graph, from: string, direction: Direction, hop: Hop): Graph {
  const origin = graph.nodes.find((n) => n.entity.urn === from);
  if (!origin) return graph;
  const column = origin.column + (direction === 'UPSTREAM' ? -1 : 1);
  const known = new Set(graph.nodes.map((n) => n.entity.urn));
  const edgeKeys = new Set(graph.edges.map((e) => `${e.from}\n${e.to}`));
  const nodes = graph.nodes.map((n) => (n === origin ? { ...n, next: n.column === 0 ? n.next : ('open' as const), hidden: n.hidden + hop.total - hop.entities.length } : n));
  const edges = [...graph.edges];
  for (const entity of hop.entities) {
    if (!known.has(entity.urn)) {
      known.add(entity.urn);
      const next = Math.abs(column) < MAX_HOPS && hasLineage(entity.type) ? 'closed' : 'none';
      nodes.push({ entity, column, next, hidden: 0 });
    }
    const edge = direction === 'UPSTREAM' ? { from: entity.urn, to: from } : { from, to: entity.urn };
    if (!edgeKeys.has(`${edge.from}\n${edge.to}`)) {
      edgeKeys.add(`${edge.from}\n${edge.to}`);
      edges.push(edge);
    }
  }
  return { nodes, edges };
}

const setNext = (graph: Graph, urn: string, next: GraphNode['next']): Graph => ({
  ...graph,
  nodes: graph.nodes.map((n) => (n.entity.urn === urn ? { ...n, next } : n)),
});

export function useLineageGraph(centre: ResultEntity): { graph: Graph; loading: boolean; error: string | null; expand(urn: string): void } {
  const [graph, setGraph] = useState<Graph>({ nodes: [], edges: [] });
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  // Answers for an entity the page no longer shows are dropped.
  const current = useRef(centre.urn);

  useEffect(() => {
    const urn = centre.urn;
    current.current = urn;
    setGraph({ nodes: [{ entity: centre, column: 0, next: 'none', hidden: 0 }], edges: [] });
    setLoading(true);
    setError(null);
    Promise.all([loadHop(urn, 'UPSTREAM'), loadHop(urn, 'DOWNSTREAM')]).then(
      ([up, down]) => {
        if (current.current !== urn) return;
        setGraph((g) => withHop(withHop(g, urn, 'UPSTREAM', up), urn, 'DOWNSTREAM', down));
        setLoading(false);
      },
      (e) => {
        if (current.current !== urn) return;
        setError(messageOf(e));
        setLoading(false);
      },
    );
  }, [centre.urn]);

  const expand = (urn: string) => {
    const node = graph.nodes.find((n) => n.entity.urn === urn);
    if (!node || node.next !== 'closed') return;
    const page = current.current;
    const direction = directionOf(node.column);
    setGraph((g) => setNext(g, urn, 'loading'));
    loadHop(urn, direction).then(
      (hop) => current.current === page && setGraph((g) => withHop(g, urn, direction, hop)),
      (e) => {
        if (current.current !== page) return;
        setGraph((g) => setNext(g, urn, 'closed'));
        setError(messageOf(e));
      },
    );
  };

  return { graph, loading, error, expand };
}
