/** Pretty JSON for the terminal: `double` values keep their decimal point (`30.0`) as the server renders them; keys optionally sorted. */
import { configure } from 'safe-stable-stringify';
import { formatJavaDouble } from '../model/java-double.js';

const MARK = '\u0000double:';

const sorted = configure({ deterministic: true });

export function formatJson(value: unknown, opts: { sortKeys?: boolean } = {}): string {
  const keepDouble = (key: string, v: unknown) => (key === 'double' && typeof v === 'number' && Number.isFinite(v) ? MARK + formatJavaDouble(v) : v);
  const text = opts.sortKeys ? sorted(value, keepDouble, 2) : JSON.stringify(value, keepDouble, 2);
  return (text ?? 'null').replace(/"\\u0000double:([^"]*)"/g, '$1');
}
