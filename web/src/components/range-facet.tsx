/** A number or date property as a range: from/to bounds sent as GREATER/LESS_THAN_OR_EQUAL_TO filters. */
import { useEffect, useState } from 'preact/hooks';
import { labelOf, type Definition } from '../api/definitions';
import type { Bucket } from '../api/search-queries';
import type { Op, SearchState } from '../search/search-state';

interface Props {
  definition: Definition;
  field: string;
  buckets: Bucket[];
  /** Entities with any value, counted by the index (the buckets are the first few values only). */
  withValue: number | null;
  /** Value ranges counted by the index (edges follow the values); each one applies as a from/to filter. */
  ranges: { from: number; to: number; count: number }[] | null;
  state: SearchState;
  onApply(from: string, to: string): void;
}

export function RangeFacet({ definition, field, buckets, withValue, ranges, state, onApply }: Props) {
  const bound = (op: Op) => state.filters.find((f) => f.field === field && f.op === op)?.value ?? '';
  const [from, setFrom] = useState(bound('>='));
  const [to, setTo] = useState(bound('<='));
  useEffect(() => {
    setFrom(bound('>='));
    setTo(bound('<='));
  }, [state]);
  const type = definition.valueKind === 'DATE' ? 'date' : 'number';
  // Dates come as epoch millis: shown and filtered on as days (yyyy-mm-dd), numbers as they are.
  const edge = (v: number) => (type === 'date' ? new Date(v).toISOString().slice(0, 10) : String(v));
  const show = (v: number) => (type === 'date' ? edge(v) : Number.isInteger(v) ? String(v) : v.toPrecision(4));
  const id = `range-${field.replace(/[^a-zA-Z0-9]/g, '-')}`;
  const carriers = withValue ?? buckets.reduce((n, b) => n + b.count, 0);
  // Buckets hold the index's form (2555.0, epoch millis): shown as written (2555) and as days.
  const values = buckets.map((b) => (Number.isFinite(Number(b.value)) ? show(Number(b.value)) : b.value));
  return (
    <fieldset class="facet range" data-facet={field}>
      <legend>{labelOf(definition)}</legend>
      {definition.description && <p class="hint">{definition.description}</p>}
      <form
        class="range-form"
        onSubmit={(e) => {
          e.preventDefault();
          onApply(from, to);
        }}
      >
        <label for={`${id}-from`}>From</label>
        <input id={`${id}-from`} type={type} step="any" value={from} onInput={(e) => setFrom(e.currentTarget.value)} />
        <label for={`${id}-to`}>To</label>
        <input id={`${id}-to`} type={type} step="any" value={to} onInput={(e) => setTo(e.currentTarget.value)} />
        <button type="submit" aria-label={`Apply range of ${labelOf(definition)}`}>
          Apply
        </button>
      </form>
      {ranges && ranges.length > 0 && (
        <ul class="ranges">
          {ranges.map((r) => {
            const [a, b] = [show(r.from), show(r.to)];
            return (
              <li key={`${r.from}-${r.to}`}>
                <button type="button" class="link" aria-label={`${labelOf(definition)} from ${a} to ${b}`} onClick={() => onApply(edge(r.from), edge(r.to))}>
                  {a === b ? a : `${a} – ${b}`}
                </button>
                <span class="count" data-count={r.count}>
                  {r.count}
                </span>
              </li>
            );
          })}
        </ul>
      )}
      {values.length > 0 && (
        <p class="hint" data-count={carriers}>
          {carriers} with a value ({values.slice(0, 5).join(', ')}
          {values.length > 5 ? ', …' : ''})
        </p>
      )}
    </fieldset>
  );
}
