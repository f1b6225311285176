/** JSON rendering for every HTTP-facing adapter (REST, the /gms wire): `double` union members keep their decimal point (`30.0`), as the original's clients expect. */
import type { Response } from 'express';
import { formatJavaDouble } from '../model/java-double.js';

const MARK = '\u0000\u0001double:';
const MARKED = /"\\u0000\\u0001double:([^"]*)"/g;

export function stringifyCatalogJson(value: unknown): string {
  const text = JSON.stringify(value, function (key, v) {
    return key === 'double' && typeof v === 'number' && Number.isFinite(v) ? MARK + formatJavaDouble(v) : v;
  });
  return text === undefined ? '' : text.replace(MARKED, '$1');
}

export function sendJson(res: Response, status: number, body: unknown): void {
  res.status(status).type('application/json').send(stringifyCatalogJson(body));
}
