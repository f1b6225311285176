/** Runs independent items a few at a time and reports them in input order, so long commands are fast and their output stable. */

/**
 * `work` runs at most `limit` items at once; items with the same `key` never overlap (later ones wait for earlier ones).
 * `report` sees every result in input order, as soon as it and all before it are done.
 */
export async function runOrdered<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
  report: (item: T, result: R) => void,
  key: (item: T, index: number) => string = (_item, index) => String(index),
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  const done: boolean[] = new Array(items.length).fill(false);
  const lastOfKey = new Map<string, Promise<unknown>>();
  let next = 0;
  let reported = 0;
  const flush = () => {
    while (reported < items.length && done[reported]) report(items[reported], results[reported++]);
  };
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      const k = key(items[i], i);
      const before = lastOfKey.get(k) ?? Promise.resolve();
      const run = before.then(() => work(items[i]));
      lastOfKey.set(k, run.catch(() => undefined));
      results[i] = await run;
      done[i] = true;
      flush();
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
  return results;
}
