/** A dataset's history on its page: who changed what, when, from what to what — newest first, 20 at a time. */
import { useEffect, useState } from 'preact/hooks';
import { messageOf } from '../api/api-error';
import { loadHistory, type Change } from '../api/history';

const shown = (v: unknown) => (v === undefined ? '—' : typeof v === 'string' ? v : JSON.stringify(v));
const bare = (urn: string | undefined) => urn?.replace(/^urn:li:(tag|structuredProperty|glossaryTerm):/, '') ?? '';

function what(c: Change): string {
  const subject = c.category === 'TAG' || c.category === 'STRUCTURED_PROPERTY' || c.category === 'GLOSSARY_TERM' ? bare(c.modifier) : c.modifier ?? c.aspect;
  const column = c.fieldPath ? ` (column ${c.fieldPath})` : '';
  return `${c.category.toLowerCase().replace(/_/g, ' ')} ${subject}${column}`;
}

/** `version` changes whenever the page reloads the dataset, so a change just made shows at once. */
export function HistoryList({ urn, version }: { urn: string; version: number }) {
  const [changes, setChanges] = useState<Change[] | null>(null);
  const [cursor, setCursor] = useState<string | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    loadHistory(urn).then(
      (page) => {
        setChanges(page.changes);
        setCursor(page.cursor);
      },
      (e) => setError(messageOf(e)),
    );
  }, [urn, version]);

  const more = () =>
    loadHistory(urn, cursor).then(
      (page) => {
        setChanges([...(changes ?? []), ...page.changes.filter((c) => c.seq !== null)]);
        setCursor(page.cursor);
      },
      (e) => setError(messageOf(e)),
    );

  if (error) return <p class="error" role="alert">{error}</p>;
  if (changes === null) return <p>Loading history…</p>;
  if (changes.length === 0) return <p>No changes recorded.</p>;
  return (
    <div>
      <div class="table-scroll">
      <table class="history">
        <thead>
          <tr>
            <th>When</th>
            <th>Who</th>
            <th>Change</th>
            <th>Before</th>
            <th>After</th>
          </tr>
        </thead>
        <tbody>
          {changes.map((c) => (
            <tr key={c.id} data-change={c.id}>
              <td title={c.pending ? 'being relayed' : `#${c.seq}`}>{new Date(c.time).toLocaleString()}</td>
              <td>
                {c.actor.replace(/^urn:li:corpuser:/, '')} <span class="hint">via {c.via}</span>
              </td>
              <td>
                {c.operation.toLowerCase().replace(/_/g, ' ')} {what(c)}
              </td>
              <td class="before">{shown(c.before)}</td>
              <td class="after">{shown(c.after)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      </div>
      {cursor && (
        <button type="button" onClick={more}>
          Older changes
        </button>
      )}
    </div>
  );
}
