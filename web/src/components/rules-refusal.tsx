/** Why a previewed rule change was not saved: the API's problems, and how many entities hold values it would break, a few linked. */
import type { RulesOutcome } from '../api/property-rules';
import { Link } from '../router';
import { datasetPath } from './result-list';

/** The dataset page of a dataset, or of the dataset a column belongs to. */
function pageOf(urn: string): string | undefined {
  if (urn.startsWith('urn:li:dataset:')) return datasetPath(urn);
  const column = /^urn:li:schemaField:\((urn:li:dataset:\(.*\)),[^,]*\)$/.exec(urn);
  return column ? datasetPath(column[1]) : undefined;
}

export function RulesRefusal({ outcome }: { outcome: RulesOutcome }) {
  const { problems, breaking } = outcome;
  const n = breaking.entities;
  return (
    <div class="rules-refusal" role="alert">
      <p>
        <strong>The rules were not saved</strong> (the rest of the property was).
      </p>
      {problems.length > 0 && (
        <ul class="problems">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      {n > 0 && (
        <>
          <p class="breaking-count" data-count={n}>
            {n === 1 ? '1 entity holds a value' : `${n} entities hold values`} that the new rules would break
            {breaking.samples.length < n ? ', among them:' : ':'}
          </p>
          <ul class="breaking" aria-label="Entities with values the rules would break">
            {breaking.samples.map((urn) => {
              const to = pageOf(urn);
              return <li key={urn}>{to ? <Link to={to}>{urn}</Link> : <span class="urn">{urn}</span>}</li>;
            })}
          </ul>
        </>
      )}
    </div>
  );
}
