/** Pretty JSON for the terminal: `double` values keep their decimal point (`30.0`) as the server renders them; keys optionally sorted. */
import { formatJavaDouble } from '../model/java-double.js';

const MARK = '\u0000double:';

function sortDeep(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortDeep);
  if (v && typeof v === 'object') return Object.fromEntries(Object.keys(v).sort().map((k) => [k, sortDeep((v as Record<string, unknown>)[k])]));
  return v;
}

export function formatJson(value: unknown, opts: { sortKeys?: boolean } = {}): string {
  const text = JSON.stringify(opts.sortKeys ? sortDeep(value) : value, (key, v) => (key === 'double' && typeof v === 'number' && Number.isFinite(v) ? MARK + formatJavaDouble(v) : v), 2);
  return (text ?? 'null').replace(/"\\u0000double:([^"]*)"/g, '$1');
}
