/** A dataset's profiles for its page: the latest in full (row, column and null counts) and the row counts of the last few. */
import { query } from './graphql';

/** How many profiles the row-count chart draws. */
export const CHART_PROFILES = 30;

const PROFILES = `query profiles($urn: String!, $last: Int!) {
  dataset(urn: $urn) {
    latest: datasetProfiles(limit: 1) { timestampMillis rowCount columnCount fieldProfiles { fieldPath nullCount nullProportion } }
    series: datasetProfiles(limit: $last) { timestampMillis rowCount }
  }
}`;

export interface LatestProfile {
  timestampMillis: number;
  rowCount: number | null;
  columnCount: number | null;
  fieldProfiles: { fieldPath: string; nullCount: number | null; nullProportion: number | null }[] | null;
}

export interface RowCountPoint {
  timestampMillis: number;
  rowCount: number | null;
}

export interface DatasetProfiles {
  latest: LatestProfile | null;
  /** Newest first, as the API answers. */
  series: RowCountPoint[];
}

export async function loadProfiles(urn: string, signal?: AbortSignal): Promise<DatasetProfiles> {
  const data = await query<{ dataset: { latest: LatestProfile[] | null; series: RowCountPoint[] | null } | null }>(PROFILES, { urn, last: CHART_PROFILES }, signal);
  return { latest: data.dataset?.latest?.[0] ?? null, series: data.dataset?.series ?? [] };
}
