/** Renders a number the way the original's Java serialiser renders a double (`30.0`, `1.0E-4`, `1.0E21`). */
export function formatJavaDouble(n: number): string {
  if (!Number.isFinite(n)) return Number.isNaN(n) ? 'NaN' : n > 0 ? 'Infinity' : '-Infinity';
  if (n === 0) return Object.is(n, -0) ? '-0.0' : '0.0';
  const abs = Math.abs(n);
  if (abs >= 1e-3 && abs < 1e7) {
    const s = String(n);
    return s.includes('.') ? s : `${s}.0`;
  }
  // Computerised scientific notation: one digit before the point, at least one after.
  const [mantissa, exp] = n.toExponential().split('e');
  const m = mantissa.includes('.') ? mantissa : `${mantissa}.0`;
  return `${m}E${Number(exp)}`;
}
