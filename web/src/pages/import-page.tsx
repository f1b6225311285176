/** /ui/import: a stewards' CSV previewed row by row (nothing written), then applied with one click. */
import { useRef, useState } from 'preact/hooks';
import { messageOf } from '../api/api-error';
import { importCsv, type ImportReport } from '../api/csv-import';
import { ImportOutcomeTable } from '../components/import-outcome-table';
import { summaryOf } from '../import/import-text';
import { ENTITY_TYPES } from '../model/entity-types';

interface ChosenFile {
  name: string;
  text: string;
}

type Busy = 'previewing' | 'applying' | null;

export function ImportPage() {
  const [entityType, setEntityType] = useState<string>('dataset');
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  // Only the answer to the latest file and type is shown, however the calls finish.
  const generation = useRef(0);

  async function run(chosen: ChosenFile, type: string, dryRun: boolean) {
    const mine = ++generation.current;
    setBusy(dryRun ? 'previewing' : 'applying');
    setError(null);
    if (dryRun) setReport(null);
    try {
      const answer = await importCsv(type, chosen.text, dryRun);
      if (mine === generation.current) setReport(answer);
    } catch (e) {
      if (mine !== generation.current) return;
      setReport(null);
      setError(messageOf(e));
    } finally {
      if (mine === generation.current) setBusy(null);
    }
  }

  async function choose(input: HTMLInputElement) {
    const picked = input.files?.[0];
    if (!picked) return;
    const chosen = { name: picked.name, text: await picked.text() };
    // Cleared so the same file, edited and chosen again, is read again.
    input.value = '';
    setFile(chosen);
    await run(chosen, entityType, true);
  }

  function changeType(type: string) {
    setEntityType(type);
    if (file) void run(file, type, true);
  }

  const pending = report?.dryRun ? report.changed : 0;
  return (
    <section class="import-page">
      <h1>Import CSV</h1>
      <p class="hint">
        A CSV as the search page exports it: <code>urn</code>, an optional <code>name</code> (ignored), one column per structured property by qualified
        name, and <code>tags</code> (tag ids separated by <code>; </code>). Choosing a file previews it; nothing is written until you apply.
      </p>
      <form class="import-form" onSubmit={(e) => e.preventDefault()}>
        <label>
          Entity type
          <select value={entityType} disabled={busy !== null} onChange={(e) => changeType(e.currentTarget.value)}>
            {ENTITY_TYPES.map((t) => (
              <option key={t.id} value={t.id}>
                {t.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          CSV file
          <input type="file" accept=".csv,text/csv" disabled={busy !== null} onChange={(e) => void choose(e.currentTarget)} />
        </label>
      </form>
      <div class="import-status" role="status" aria-live="polite">
        {busy === 'previewing' && <p>Reading {file?.name}…</p>}
        {busy === 'applying' && <p>Applying {file?.name}…</p>}
        {!busy && report && file && (
          <p class="summary" data-dry-run={String(report.dryRun)}>
            <strong>{file.name}</strong> — {summaryOf(report)}
          </p>
        )}
      </div>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {report?.dryRun && file && (
        <button type="button" class="apply" disabled={pending === 0 || busy !== null} onClick={() => void run(file, entityType, false)}>
          {pending === 1 ? 'Apply 1 change' : `Apply ${pending} changes`}
        </button>
      )}
      {report && <ImportOutcomeTable report={report} entityType={entityType} />}
    </section>
  );
}
