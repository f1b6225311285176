/** The line under a search result saying why it matched: "Matched: column customer_email · tag PII · description". */
import { Fragment } from 'preact';
import type { MatchedField } from '../api/search-queries';
import { toMatchLabels } from '../search/match-labels';

export function MatchReasons({ fields, known }: { fields: readonly MatchedField[]; known: ReadonlyMap<string, string> }) {
  const labels = toMatchLabels(fields, known);
  if (!labels.length) return null;
  return (
    <p class="matched">
      Matched:{' '}
      {labels.map((l, i) => (
        <Fragment key={l}>
          {i > 0 && ' · '}
          <span class="match">{l}</span>
        </Fragment>
      ))}
    </p>
  );
}
