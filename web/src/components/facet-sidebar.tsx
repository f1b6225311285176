/** The facet sidebar: tags, platform, origin and the structured properties that matter, as value lists or ranges; a search box adds others. */
import { useState } from 'preact/hooks';
import { distinctLabels, labelOf, type Definition } from '../api/definitions';
import type { Bucket, Facet } from '../api/search-queries';
import { hasFilter, setRange, toggleFilter, type SearchState } from '../search/search-state';
import { RangeFacet } from './range-facet';

interface Props {
  state: SearchState;
  /** The properties shown, in order. */
  definitions: Definition[];
  /** The other properties of the type, offered by the "More filters" search. */
  more: Definition[];
  onAdd(d: Definition): void;
  facets: Facet[];
  /** The URL query the counts answer. */
  answers: string;
  onChange(next: SearchState): void;
  /** The value facets before the properties; the search page's three when absent. */
  builtIn?: readonly { field: string; label: string }[];
}

const BUILT_IN = [
  { field: 'tags', label: 'Tags' },
  { field: 'platform', label: 'Platform' },
  { field: 'origin', label: 'Origin' },
];

export const propertyField = (d: Definition): string => `structuredProperties.${d.qualifiedName}`;

export function FacetSidebar({ state, definitions, more, onAdd, facets, answers, onChange, builtIn = BUILT_IN }: Props) {
  const byField = new Map(facets.map((f) => [f.field, f]));
  return (
    <aside class="facets" aria-label="Filters" data-answers={answers}>
      <h2 class="visually-hidden">Filters</h2>
      {builtIn.map((b) => (
        <ValueFacet key={b.field} field={b.field} label={b.label} buckets={byField.get(b.field)?.aggregations ?? []} state={state} onChange={onChange} />
      ))}
      {definitions.map((d) =>
        d.valueKind === 'NUMBER' || d.valueKind === 'DATE' ? (
          <RangeFacet
            key={d.urn}
            definition={d}
            field={propertyField(d)}
            buckets={byField.get(propertyField(d))?.aggregations ?? []}
            withValue={byField.get(propertyField(d))?.entitiesWithValue ?? null}
            ranges={byField.get(propertyField(d))?.ranges ?? null}
            state={state}
            onApply={(from, to) => onChange(setRange(setRange(state, propertyField(d), '>=', from), propertyField(d), '<=', to))}
          />
        ) : (
          <ValueFacet
            key={d.urn}
            field={propertyField(d)}
            label={labelOf(d)}
            description={d.description}
            definition={d}
            buckets={byField.get(propertyField(d))?.aggregations ?? []}
            state={state}
            onChange={onChange}
          />
        ),
      )}
      {more.length > 0 && <MoreFilters more={more} onAdd={onAdd} />}
    </aside>
  );
}

interface Row {
  value: string;
  count: number;
  label: string;
  description?: string | null;
}

function rowsOf(field: string, buckets: Bucket[], state: SearchState, definition?: Definition): Row[] {
  const counted = new Map(buckets.map((b) => [b.value, b]));
  const rows: Row[] = [];
  const seen = new Set<string>();
  // Allowed values come first, in their defined order, with their descriptions (count 0 when nothing carries them).
  for (const a of definition?.allowedValues ?? []) {
    const value = String(a.value);
    rows.push({ value, count: counted.get(value)?.count ?? 0, label: value, description: a.description });
    seen.add(value);
  }
  for (const b of buckets) {
    if (seen.has(b.value)) continue;
    seen.add(b.value);
    rows.push({ value: b.value, count: b.count, label: b.entity?.properties?.name ?? b.entity?.name ?? b.value });
  }
  for (const f of state.filters) {
    if (f.field === field && f.op === '=' && !seen.has(f.value)) rows.push({ value: f.value, count: 0, label: f.value });
  }
  return rows;
}

function ValueFacet(props: { field: string; label: string; description?: string | null; definition?: Definition; buckets: Bucket[]; state: SearchState; onChange(s: SearchState): void }) {
  const rows = rowsOf(props.field, props.buckets, props.state, props.definition);
  // A built-in facet with nothing to count is left out; a property shown on purpose says it has no values here.
  if (!rows.length && !props.definition) return null;
  const id = `facet-${props.field.replace(/[^a-zA-Z0-9]/g, '-')}`;
  return (
    <fieldset class="facet" data-facet={props.field}>
      <legend id={id}>{props.label}</legend>
      {props.description && <p class="hint">{props.description}</p>}
      {!rows.length && <p class="hint">No values in these results.</p>}
      <ul>
        {rows.map((r) => {
          const filter = { field: props.field, op: '=' as const, value: r.value };
          return (
            <li key={r.value}>
              <label title={r.description ?? r.value}>
                <input type="checkbox" checked={hasFilter(props.state, filter)} onChange={() => props.onChange(toggleFilter(props.state, filter))} />
                <span class="facet-value">{r.label}</span>
                <span class="count" data-count={r.count}>
                  {r.count}
                </span>
              </label>
              {r.description && <span class="hint facet-desc">{r.description}</span>}
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

/** Finds a property among the others (by display or qualified name) and adds its facet. */
function MoreFilters({ more, onAdd }: { more: Definition[]; onAdd(d: Definition): void }) {
  const [text, setText] = useState('');
  const labels = distinctLabels(more);
  const q = text.trim().toLowerCase();
  const matches = q ? more.filter((d) => labels.get(d.urn)!.toLowerCase().includes(q) || d.qualifiedName.toLowerCase().includes(q)).slice(0, 8) : [];
  return (
    <div class="facet more-filters">
      <label for="more-filters">More filters ({more.length} more {more.length === 1 ? 'property' : 'properties'})</label>
      <input id="more-filters" type="search" placeholder="Find a property…" value={text} onInput={(e) => setText(e.currentTarget.value)} />
      {q && matches.length === 0 && <p class="hint">No property matches “{text.trim()}”.</p>}
      <ul>
        {matches.map((d) => (
          <li key={d.urn}>
            <button
              type="button"
              class="link"
              title={d.qualifiedName}
              onClick={() => {
                onAdd(d);
                setText('');
              }}
            >
              {labels.get(d.urn)}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
