/**
 * The lineage part of an entity page, in two tabs: Graph (the picture, and a dataset's column edges on demand) and
 * Impact (the downstream set). A tab is loaded when first opened and kept while the page is open.
 */
import { useState } from 'preact/hooks';
import type { ResultEntity } from '../api/search-queries';
import { useLineageGraph } from '../lineage/use-lineage-graph';
import { ColumnLineage } from './column-lineage';
import { ImpactPanel } from './impact-panel';
import { LineageGraph } from './lineage-graph';
import { titleOf } from './result-list';

const TABS = [
  { id: 'graph', label: 'Graph' },
  { id: 'impact', label: 'Impact' },
] as const;
type Tab = (typeof TABS)[number]['id'];

/** `entity`: what the page shows (its urn, type and names); key the section by urn so another entity starts afresh. */
export function LineageSection({ entity }: { entity: ResultEntity }) {
  const [tab, setTab] = useState<Tab>('graph');
  const [opened, setOpened] = useState<Set<Tab>>(new Set(['graph']));
  const open = (t: Tab) => {
    setTab(t);
    setOpened((o) => new Set([...o, t]));
  };
  return (
    <section class="lineage" aria-labelledby="lineage-h">
      <h2 id="lineage-h">Lineage</h2>
      <div class="tabs" role="tablist" aria-label="Lineage views">
        {TABS.map((t, i) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`lineage-tab-${t.id}`}
            aria-controls={`lineage-panel-${t.id}`}
            aria-selected={tab === t.id}
            tabIndex={tab === t.id ? 0 : -1}
            onClick={() => open(t.id)}
            onKeyDown={(e) => {
              // Arrow keys move between tabs, as a tab list's do.
              if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
              const next = TABS[(i + (e.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length];
              open(next.id);
              document.getElementById(`lineage-tab-${next.id}`)?.focus();
            }}
          >
            {t.label}
          </button>
        ))}
      </div>
      {TABS.map((t) => (
        <div key={t.id} role="tabpanel" id={`lineage-panel-${t.id}`} aria-labelledby={`lineage-tab-${t.id}`} hidden={tab !== t.id}>
          {opened.has(t.id) && (t.id === 'graph' ? <GraphPanel entity={entity} /> : <ImpactPanel urn={entity.urn} />)}
        </div>
      ))}
    </section>
  );
}

function GraphPanel({ entity }: { entity: ResultEntity }) {
  const { graph, loading, error, expand } = useLineageGraph(entity);
  const name = titleOf(entity);
  return (
    <>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {loading ? <p aria-live="polite">Loading lineage…</p> : graph.nodes.length === 1 && <p class="hint">No lineage is recorded for {name}.</p>}
      {!loading && <LineageGraph graph={graph} name={name} onExpand={expand} />}
      {entity.type === 'DATASET' && <ColumnLineage datasetUrn={entity.urn} />}
    </>
  );
}
