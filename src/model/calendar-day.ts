/** Reads `YYYY-MM-DD` as a real calendar day: the one date rule behind value validation and search filters. */

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Epoch milliseconds of the day at 00:00 UTC, or undefined when the text is not a real `YYYY-MM-DD` day. */
export function calendarDayMillis(text: string): number | undefined {
  const m = DAY.exec(text);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  // setUTCFullYear, unlike Date.UTC, does not map years 0-99 onto the 1900s.
  const date = new Date(0);
  date.setUTCFullYear(y, mo - 1, d);
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d ? date.getTime() : undefined;
}
