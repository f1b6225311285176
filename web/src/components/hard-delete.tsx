/** Hard delete of a property: a confirmation naming how many entities carry values, then the clean-up job's progress. */
import { useEffect, useState } from 'preact/hooks';
import { messageOf } from '../api/api-error';
import { countCarriers, hardDelete, jobsFor, type Job, type PropertyRow } from '../api/property-admin';

export function HardDelete({ row, onClose }: { row: PropertyRow; onClose(deleted: boolean): void }) {
  const [carriers, setCarriers] = useState<number | null | 'unknown'>(null);
  const [error, setError] = useState<string | null>(null);
  const [deleted, setDeleted] = useState(false);
  const [job, setJob] = useState<Job | null>(null);
  const name = row.definition.displayName || row.definition.qualifiedName;

  useEffect(() => {
    // A soft-deleted property cannot be filtered on, so its carriers cannot be counted.
    if (row.removed) setCarriers('unknown');
    else countCarriers(row.definition).then(setCarriers, () => setCarriers('unknown'));
  }, [row.urn]);

  useEffect(() => {
    if (!deleted) return;
    let stop = false;
    const poll = async () => {
      try {
        const jobs = await jobsFor(row.urn);
        if (stop) return;
        const latest = jobs[0] ?? null;
        setJob(latest);
        if (latest && (latest.status === 'done' || latest.status === 'failed')) return;
      } catch (e) {
        setError(messageOf(e));
      }
      if (!stop) setTimeout(poll, 1000);
    };
    void poll();
    return () => {
      stop = true;
    };
  }, [deleted]);

  async function confirm() {
    setError(null);
    try {
      await hardDelete(row.urn);
      setDeleted(true);
    } catch (e) {
      setError(messageOf(e));
    }
  }

  return (
    <div class="dialog" role="dialog" aria-modal="false" aria-labelledby="hard-delete-h">
      <h2 id="hard-delete-h">Delete {name} permanently</h2>
      {!deleted && (
        <>
          <p data-testid="carrier-count">
            {carriers === null
              ? 'Counting the entities that carry a value…'
              : carriers === 'unknown'
                ? 'The number of entities carrying a value cannot be counted while the property is soft deleted.'
                : `${carriers} ${carriers === 1 ? 'entity carries' : 'entities carry'} a value of this property. The values are removed from all of them.`}
          </p>
          <div class="actions">
            <button type="button" class="danger" disabled={carriers === null} onClick={confirm} autoFocus>
              Delete permanently
            </button>
            <button type="button" class="link" onClick={() => onClose(false)}>
              Cancel
            </button>
          </div>
        </>
      )}
      {deleted && (
        <>
          <p role="status" data-testid="job-progress" data-status={job?.status ?? 'pending'}>
            Clean-up job: {job ? job.status : 'waiting for the job'}
            {job?.progress ? ` — ${Object.entries(job.progress).map(([k, v]) => `${k} ${Array.isArray(v) ? v.join(', ') : String(v)}`).join(', ')}` : ''}
          </p>
          <button type="button" onClick={() => onClose(true)}>
            Close
          </button>
        </>
      )}
      {error && (
        <p class="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
