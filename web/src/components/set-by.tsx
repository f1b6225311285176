/** Who set a value and through what, as the dataset page says it: "set by steward · 3 days ago", "from dbt-prod · …". */
import type { Attribution } from '../api/search-queries';

const shortName = (urn: string) => urn.replace(/^urn:li:(corpuser|corpGroup):/, '');

/** "just now", "5 minutes ago", "3 days ago". */
export function ago(time: number, now = Date.now()): string {
  const s = Math.max(0, Math.round((now - time) / 1000));
  const units: [number, string][] = [[86_400 * 365, 'year'], [86_400 * 30, 'month'], [86_400, 'day'], [3_600, 'hour'], [60, 'minute']];
  for (const [size, name] of units) {
    const n = Math.floor(s / size);
    if (n >= 1) return `${n} ${name}${n === 1 ? '' : 's'} ago`;
  }
  return 'just now';
}

/** The sentence: the pipeline it came from, else the person who set it (and the file a CLI load named). */
export function setBySentence(a: Attribution): string {
  const detail = Object.fromEntries((a.sourceDetail ?? []).map((e) => [e.key, e.value]));
  const who = detail.pipelineName ? `from ${detail.pipelineName}` : `set by ${shortName(a.actor.urn)}${detail.file ? ` from ${detail.file}` : ''}`;
  return `${who} · ${ago(a.time)}`;
}

export function SetBy({ attribution }: { attribution: Attribution | null | undefined }) {
  return attribution ? <span class="set-by">{setBySentence(attribution)}</span> : null;
}
