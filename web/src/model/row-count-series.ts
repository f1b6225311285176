/** The row-count chart's geometry: profiles (newest first, as read) → SVG polyline points, oldest on the left. */

export interface ChartBox {
  width: number;
  height: number;
  /** Room left around the line, so its ends and extremes are not cut by the edge. */
  pad: number;
}

export interface Series {
  /** `x,y` pairs for a polyline's `points`. */
  points: string;
  min: number;
  max: number;
  first: number;
  last: number;
  count: number;
}

/** Profiles without a row count are left out; null when none has one. Equal counts draw a flat line in the middle. */
export function rowCountSeries(profiles: readonly { timestampMillis: number; rowCount: number | null }[], box: ChartBox): Series | null {
  const known = profiles.filter((p): p is { timestampMillis: number; rowCount: number } => typeof p.rowCount === 'number').sort((a, b) => a.timestampMillis - b.timestampMillis);
  if (known.length === 0) return null;
  const counts = known.map((p) => p.rowCount);
  const min = Math.min(...counts);
  const max = Math.max(...counts);
  const first = known[0].timestampMillis;
  const last = known[known.length - 1].timestampMillis;
  const innerW = box.width - 2 * box.pad;
  const innerH = box.height - 2 * box.pad;
  const xOf = (t: number) => box.pad + (last === first ? innerW / 2 : ((t - first) / (last - first)) * innerW);
  const yOf = (n: number) => box.pad + (max === min ? innerH / 2 : (1 - (n - min) / (max - min)) * innerH);
  const round = (v: number) => Math.round(v * 10) / 10;
  return { points: known.map((p) => `${round(xOf(p.timestampMillis))},${round(yOf(p.rowCount))}`).join(' '), min, max, first, last, count: known.length };
}
