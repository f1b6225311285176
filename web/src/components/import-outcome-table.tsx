/** The rows of an import report: line, entity, status, and what changes or why the row is refused. */
import type { ImportOutcome, ImportReport } from '../api/csv-import';
import { describeChange } from '../import/import-text';
import { Link } from '../router';
import { datasetPath } from './result-list';

const STATUS: Record<ImportOutcome['status'], string> = { changes: 'would change', applied: 'applied', refused: 'refused' };

function EntityCell({ urn, entityType }: { urn: string; entityType: string }) {
  return <td class="urn">{entityType === 'dataset' && urn.startsWith('urn:li:dataset:') ? <Link to={datasetPath(urn)}>{urn}</Link> : urn || '(no urn)'}</td>;
}

function ChangesCell({ outcome }: { outcome: ImportOutcome }) {
  if (outcome.status === 'refused') return <td class="error reason">{outcome.reason}</td>;
  return (
    <td>
      <ul class="changes">
        {(outcome.changes ?? []).map((c, i) => (
          <li key={i}>{describeChange(c)}</li>
        ))}
      </ul>
    </td>
  );
}

export function ImportOutcomeTable({ report, entityType }: { report: ImportReport; entityType: string }) {
  if (report.outcomes.length === 0) return null;
  return (
    <div class="table-wrap">
      <table class="import-outcomes" data-dry-run={String(report.dryRun)}>
        <caption>{report.dryRun ? 'Preview: what each row would change' : 'Result: what each row changed'}</caption>
        <thead>
          <tr>
            <th scope="col">Line</th>
            <th scope="col">Entity</th>
            <th scope="col">Status</th>
            <th scope="col">{report.dryRun ? 'What changes' : 'What changed'}</th>
          </tr>
        </thead>
        <tbody>
          {report.outcomes.map((o) => (
            <tr key={o.line} data-line={o.line} data-status={o.status} class={o.status}>
              <th scope="row">{o.line}</th>
              <EntityCell urn={o.urn} entityType={entityType} />
              <td class="status">{STATUS[o.status]}</td>
              <ChangesCell outcome={o} />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
