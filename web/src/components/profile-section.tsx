/**
 * A dataset's Profile section: the latest profile's row and column counts and each column's nulls, and a line of the
 * row count over the last profiles. Nothing at all when the dataset has no profiles.
 */
import { useEffect, useState } from 'preact/hooks';
import { messageOf } from '../api/api-error';
import { loadProfiles, type DatasetProfiles, type LatestProfile } from '../api/profile-queries';
import { rowCountSeries } from '../model/row-count-series';

const CHART = { width: 360, height: 90, pad: 6 };

const count = (n: number | null | undefined) => (typeof n === 'number' ? n.toLocaleString() : '—');
const share = (p: number | null | undefined) => (typeof p === 'number' ? `${(p * 100).toFixed(1)}%` : '—');
const day = (t: number) => new Date(t).toLocaleDateString();

export function ProfileSection({ urn }: { urn: string }) {
  const [profiles, setProfiles] = useState<DatasetProfiles | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const abort = new AbortController();
    setProfiles(null);
    setError(null);
    loadProfiles(urn, abort.signal).then(setProfiles, (e) => {
      if (!abort.signal.aborted) setError(messageOf(e));
    });
    return () => abort.abort();
  }, [urn]);

  if (error) {
    return (
      <section class="profile" aria-labelledby="profile-h">
        <h2 id="profile-h">Profile</h2>
        <p class="error" role="alert">{error}</p>
      </section>
    );
  }
  const latest = profiles?.latest;
  if (!latest) return null;
  return (
    <section class="profile" aria-labelledby="profile-h">
      <h2 id="profile-h">Profile</h2>
      <p class="profile-summary">
        <span data-stat="rows">{count(latest.rowCount)} rows</span>, <span data-stat="columns">{count(latest.columnCount)} columns</span>{' '}
        <span class="hint">(profiled {new Date(latest.timestampMillis).toLocaleString()})</span>
      </p>
      <RowCountChart series={profiles.series} />
      <NullCounts latest={latest} />
    </section>
  );
}

function RowCountChart({ series }: { series: DatasetProfiles['series'] }) {
  const s = rowCountSeries(series, CHART);
  if (!s) return null;
  const label = `Row count over the last ${s.count} ${s.count === 1 ? 'profile' : 'profiles'}, from ${count(s.min)} to ${count(s.max)}`;
  return (
    <figure class="row-count-chart">
      <svg role="img" aria-label={label} width={CHART.width} height={CHART.height} viewBox={`0 0 ${CHART.width} ${CHART.height}`}>
        <title>{label}</title>
        <line class="row-count-axis" x1={CHART.pad} y1={CHART.height - CHART.pad} x2={CHART.width - CHART.pad} y2={CHART.height - CHART.pad} />
        <polyline class="row-count-line" points={s.points} />
      </svg>
      <figcaption class="hint">
        Rows, {day(s.first)} – {day(s.last)}: {count(s.min)} to {count(s.max)}
      </figcaption>
    </figure>
  );
}

function NullCounts({ latest }: { latest: LatestProfile }) {
  const fields = latest.fieldProfiles ?? [];
  if (fields.length === 0) return null;
  return (
    <div class="table-scroll">
      <table class="profile-nulls">
        <caption>Nulls per column in the latest profile</caption>
        <thead>
          <tr>
            <th>Column</th>
            <th class="number">Nulls</th>
            <th class="number">Share</th>
          </tr>
        </thead>
        <tbody>
          {fields.map((f) => (
            <tr key={f.fieldPath} data-column={f.fieldPath}>
              <td>
                <code>{f.fieldPath}</code>
              </td>
              <td class="number">{count(f.nullCount)}</td>
              <td class="number">{share(f.nullProportion)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
