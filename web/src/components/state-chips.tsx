/** The search page's value-state filters as removable chips: "Retention (days): missing", "Code: invalid". */
import { labelOf, type Definition } from '../api/definitions';
import { isValueState, toggleFilter, type SearchState } from '../search/search-state';

const PROPERTY_FIELD = 'structuredProperties.';

interface Props {
  state: SearchState;
  /** To name properties by their display names (qualified names until they load). */
  definitions: Definition[] | null;
  onChange(next: SearchState): void;
}

export function StateChips({ state, definitions, onChange }: Props) {
  const shown = state.filters.filter((f) => isValueState(f.op));
  if (!shown.length) return null;
  const nameOf = (field: string) => {
    const d = definitions?.find((x) => `${PROPERTY_FIELD}${x.qualifiedName}` === field);
    return d ? labelOf(d) : field.startsWith(PROPERTY_FIELD) ? field.slice(PROPERTY_FIELD.length) : field;
  };
  return (
    <ul class="chips state-chips" aria-label="Value filters">
      {shown.map((f) => {
        const label = `${nameOf(f.field)}: ${f.op}`;
        return (
          <li key={`${f.op}:${f.field}`} class="chip state" data-filter={`${f.op}:${f.field}`}>
            {label}
            <button type="button" class="chip-remove" aria-label={`Remove filter ${label}`} onClick={() => onChange(toggleFilter(state, f))}>
              ×
            </button>
          </li>
        );
      })}
    </ul>
  );
}
