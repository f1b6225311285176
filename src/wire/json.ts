/** JSON rendering for every HTTP-facing adapter (REST, the /gms wire): `double` union members keep their decimal point (`30.0`), as the original's clients expect. */
import type { Response } from 'express';
import { formatJavaDouble } from '../model/java-double.js';

/**
 * A `"double":` key followed by a number. It cannot match inside a JSON string (a quote there is escaped), so the
 * rendered text can be patched after a plain, replacer-free JSON.stringify (about a third cheaper per response).
 */
const DOUBLE = /"double":(-?\d[\d.eE+-]*)/g;

export function stringifyCatalogJson(value: unknown): string {
  const text = JSON.stringify(value);
  if (text === undefined) return '';
  return text.includes('"double":') ? text.replace(DOUBLE, (_, n: string) => `"double":${formatJavaDouble(Number(n))}`) : text;
}

export function sendJson(res: Response, status: number, body: unknown): void {
  res.status(status).type('application/json').send(stringifyCatalogJson(body));
}
