/** Structured property values as compact chips: display name, then the values. */
import { valueOf } from '../api/definitions';
import type { PropertyEntry } from '../api/search-queries';

export function PropertyChips({ entries }: { entries: PropertyEntry[] | null | undefined }) {
  if (!entries?.length) return null;
  return (
    <ul class="chips" aria-label="Structured properties">
      {entries.map((e) => (
        <li key={e.structuredProperty.urn} class="chip prop">
          <span class="prop-name">{e.structuredProperty.definition.displayName || e.structuredProperty.definition.qualifiedName}</span>{' '}
          {e.values.filter((v) => v !== null).map((v) => String(valueOf(v!))).join(', ')}
        </li>
      ))}
    </ul>
  );
}
