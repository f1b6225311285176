/**
 * The lineage picture: an inline SVG of boxes (one per entity, coloured and named by platform) and edges, laid out in
 * columns by hops. A box is a link to the entity's page; its "+" draws its next hop outwards. A legend names the colours.
 */
import { platformOf } from '../../../src/model/platform-of';
import { BOX, layoutGraph } from '../lineage/graph-layout';
import { platformColour } from '../lineage/platform-colour';
import { platformName } from '../model/rules-summary';
import { directionOf, type Graph, type GraphNode } from '../lineage/use-lineage-graph';
import { singularLabel } from '../model/entity-types';
import { BASE, navigate } from '../router';
import { assetPath, titleOf } from './result-list';

const NAME_CHARS = 25;
const KIND_CHARS = 30;
/** The expand button's radius and its distance out from the box. */
const KNOB = 10;
const KNOB_OUT = 16;

const short = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

const whereOf = (column: number): string =>
  column === 0 ? 'this entity' : `${Math.abs(column)} ${Math.abs(column) === 1 ? 'hop' : 'hops'} ${column < 0 ? 'upstream' : 'downstream'}`;

export function LineageGraph({ graph, name, onExpand }: { graph: Graph; name: string; onExpand(urn: string): void }) {
  const layout = layoutGraph(
    graph.nodes.map((n) => ({ id: n.entity.urn, column: n.column })),
    graph.edges,
  );
  const byUrn = new Map(graph.nodes.map((n) => [n.entity.urn, n]));
  const up = graph.nodes.filter((n) => n.column < 0).length;
  const down = graph.nodes.filter((n) => n.column > 0).length;
  const platforms = [...new Set(graph.nodes.map((n) => platformOf(n.entity.urn)).filter((p): p is string => !!p))].sort();
  const hidden = graph.nodes.filter((n) => n.hidden > 0);
  return (
    <div class="lineage-picture">
      <div class="lineage-scroll">
        <svg
          class="lineage-graph"
          role="group"
          aria-label={`Lineage of ${name}: ${up} upstream, ${down} downstream`}
          width={layout.width}
          height={layout.height}
          viewBox={`0 0 ${layout.width} ${layout.height}`}
        >
          <defs>
            <marker id="lineage-arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto">
              <path d="M 0 0 L 10 5 L 0 10 z" />
            </marker>
          </defs>
          <g class="lineage-edges" aria-hidden="true">
            {layout.edges.map((e) => (
              <path key={`${e.from}\n${e.to}`} class="lineage-edge" d={e.d} data-from={e.from} data-to={e.to} />
            ))}
          </g>
          {layout.nodes.map((p) => (
            <NodeBox key={p.id} node={byUrn.get(p.id)!} x={p.x} y={p.y} onExpand={onExpand} />
          ))}
        </svg>
      </div>
      {platforms.length > 0 && (
        <ul class="lineage-legend" aria-label="Platforms">
          {platforms.map((p) => {
            const c = platformColour(p);
            return (
              <li key={p} data-platform={p}>
                <span class="swatch" style={{ background: c.fill, borderColor: c.stroke }} aria-hidden="true" />
                {platformName(p)}
              </li>
            );
          })}
        </ul>
      )}
      {hidden.map((n) => (
        <p key={n.entity.urn} class="hint lineage-hidden">
          {n.hidden} more {directionOf(n.column).toLowerCase()} of {titleOf(n.entity)} not drawn; the Impact tab lists them all.
        </p>
      ))}
    </div>
  );
}

function NodeBox({ node, x, y, onExpand }: { node: GraphNode; x: number; y: number; onExpand(urn: string): void }) {
  const e = node.entity;
  const title = titleOf(e);
  const platform = platformOf(e.urn);
  const colour = platformColour(platform);
  const kind = [singularLabel(e.type), platform && platformName(platform)].filter(Boolean).join(' · ');
  const centre = node.column === 0;
  const path = assetPath(e);
  const upstream = node.column < 0;
  return (
    <g class={centre ? 'lineage-node is-centre' : 'lineage-node'} data-urn={e.urn} data-column={node.column} data-platform={platform ?? ''} transform={`translate(${x} ${y})`}>
      <a
        href={BASE + path}
        aria-label={`${title}, ${kind}, ${whereOf(node.column)}`}
        aria-current={centre ? 'page' : undefined}
        onClick={(ev) => {
          if (ev.button !== 0 || ev.metaKey || ev.ctrlKey || ev.shiftKey || ev.altKey) return;
          ev.preventDefault();
          navigate(path);
        }}
      >
        <title>{`${title}\n${e.urn}`}</title>
        <rect class="lineage-box" width={BOX.width} height={BOX.height} rx="6" fill={colour.fill} stroke={colour.stroke} />
        <text class="lineage-name" x="10" y="20">
          {short(title, NAME_CHARS)}
        </text>
        <text class="lineage-kind" x="10" y="38">
          {short(kind, KIND_CHARS)}
        </text>
      </a>
      {(node.next === 'closed' || node.next === 'loading') && (
        <g
          class="lineage-expand"
          role="button"
          tabindex={0}
          aria-label={`Show what is ${upstream ? 'upstream' : 'downstream'} of ${title}`}
          aria-disabled={node.next === 'loading' ? 'true' : undefined}
          transform={`translate(${upstream ? -KNOB_OUT : BOX.width + KNOB_OUT} ${BOX.height / 2})`}
          onClick={() => onExpand(e.urn)}
          onKeyDown={(ev) => {
            if (ev.key !== 'Enter' && ev.key !== ' ') return;
            ev.preventDefault();
            onExpand(e.urn);
          }}
        >
          <circle r={KNOB} />
          <text y="4">{node.next === 'loading' ? '…' : '+'}</text>
        </g>
      )}
    </g>
  );
}
