/**
 * A dataset's column → column lineage, loaded only when the "Show columns" toggle is on: each edge into or out of one
 * of its columns, the other column named with its dataset. A server without column lineage is said to be one.
 */
import { useEffect, useState } from 'preact/hooks';
import { messageOf } from '../api/api-error';
import { loadColumnLineage, type ColumnEnd, type ColumnLineage as Answer } from '../api/lineage-queries';
import { Link } from '../router';
import { datasetPath, titleOf } from './result-list';

export function ColumnLineage({ datasetUrn }: { datasetUrn: string }) {
  const [shown, setShown] = useState(false);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!shown || answer) return;
    let current = true;
    setError(null);
    loadColumnLineage(datasetUrn).then(
      (a) => current && setAnswer(a),
      (e) => current && setError(messageOf(e)),
    );
    return () => {
      current = false;
    };
  }, [shown, datasetUrn]);

  return (
    <div class="column-lineage">
      <label class="toggle">
        <input type="checkbox" checked={shown} onChange={(e) => setShown(e.currentTarget.checked)} /> Show columns
      </label>
      {shown && <Edges answer={answer} error={error} datasetUrn={datasetUrn} />}
    </div>
  );
}

function Edges({ answer, error, datasetUrn }: { answer: Answer | null; error: string | null; datasetUrn: string }) {
  if (error) return <p class="error" role="alert">{error}</p>;
  if (!answer) return <p aria-live="polite">Loading column lineage…</p>;
  if (!answer.supported)
    return (
      <p class="notice" role="status">
        This server does not offer column-level lineage; only the lineage between entities is shown.
      </p>
    );
  if (answer.columns === 0) return <p role="status">This dataset lists no columns.</p>;
  if (answer.edges.length === 0) return <p role="status">No column-level lineage is recorded for its {answer.columns} columns.</p>;
  // Into this dataset first, then out of it.
  const edges = [...answer.edges].sort((a, b) => Number(a.from.dataset.urn === datasetUrn) - Number(b.from.dataset.urn === datasetUrn));
  return (
    <table class="column-edges">
      <caption>Column-level lineage ({edges.length === 1 ? '1 edge' : `${edges.length} edges`})</caption>
      <thead>
        <tr>
          <th scope="col">From column</th>
          <th scope="col">To column</th>
        </tr>
      </thead>
      <tbody>
        {edges.map((e) => (
          <tr key={`${e.from.urn}\n${e.to.urn}`} data-from={e.from.urn} data-to={e.to.urn}>
            <td>
              <End end={e.from} here={datasetUrn} inSchema={e.to.dataset.urn === datasetUrn ? e.inSchema : null} />
            </td>
            <td>
              <span aria-hidden="true">→ </span>
              <End end={e.to} here={datasetUrn} inSchema={e.from.dataset.urn === datasetUrn ? e.inSchema : null} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** `inSchema` false: the other end's dataset does not list the column. */
function End({ end, here, inSchema }: { end: ColumnEnd; here: string; inSchema: boolean | null }) {
  return (
    <>
      <code>{end.fieldPath}</code>
      {end.dataset.urn !== here && (
        <>
          {' in '}
          <Link to={datasetPath(end.dataset.urn)}>{titleOf(end.dataset)}</Link>
        </>
      )}
      {inSchema === false && <span class="hint"> (not in its schema)</span>}
    </>
  );
}
