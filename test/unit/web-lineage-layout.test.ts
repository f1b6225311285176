/** The lineage picture's layered layout (web/src/lineage/graph-layout.ts): columns by hop, rows ordered against the centre, edges between boxes. */
import { describe, expect, it } from 'vitest';
import { BOX, layoutGraph } from '../../web/src/lineage/graph-layout.js';

describe('layoutGraph', () => {
  it('puts upstream columns left of the centre and downstream right, one column per hop, in order', () => {
    const nodes = [{ id: 'c', column: 0 }, { id: 'u1', column: -1 }, { id: 'd1', column: 1 }, { id: 'd2', column: 2 }];
    const edges = [{ from: 'u1', to: 'c' }, { from: 'c', to: 'd1' }, { from: 'd1', to: 'd2' }];
    const out = layoutGraph(nodes, edges);
    const x = Object.fromEntries(out.nodes.map((n) => [n.id, n.x]));
    expect(x.u1).toBeLessThan(x.c);
    expect(x.c).toBeLessThan(x.d1);
    expect(x.d1).toBeLessThan(x.d2);
    expect(out.edges).toHaveLength(3);
    // Each edge leaves the upstream box's right side and enters the downstream box's left.
    const c = out.nodes.find((n) => n.id === 'c')!;
    const d1 = out.nodes.find((n) => n.id === 'd1')!;
    expect(out.edges[1].d.startsWith(`M ${c.x + BOX.width} ${c.y + BOX.height / 2}`)).toBe(true);
    expect(out.edges[1].d.endsWith(`${d1.x} ${d1.y + BOX.height / 2}`)).toBe(true);
    expect(out.width).toBeGreaterThan(x.d2 + BOX.width - 1);
  });

  it('orders a column by where its neighbours nearer the centre sit, and leaves out edges to nodes not drawn', () => {
    const nodes = [{ id: 'c', column: 0 }, { id: 'a', column: 1 }, { id: 'b', column: 1 }, { id: 'a2', column: 2 }, { id: 'b2', column: 2 }];
    // b2 given first, but it hangs off b (the second row): it goes second.
    const out = layoutGraph([...nodes.slice(0, 3), nodes[4], nodes[3]], [{ from: 'c', to: 'a' }, { from: 'c', to: 'b' }, { from: 'a', to: 'a2' }, { from: 'b', to: 'b2' }, { from: 'b', to: 'missing' }]);
    const y = Object.fromEntries(out.nodes.map((n) => [n.id, n.y]));
    expect(y.a).toBeLessThan(y.b);
    expect(y.a2).toBeLessThan(y.b2);
    expect(out.edges.map((e) => e.to)).not.toContain('missing');
    expect(layoutGraph([], [])).toEqual({ width: 0, height: 0, nodes: [], edges: [] });
  });
});
