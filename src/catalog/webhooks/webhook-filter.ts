/**
 * Which change events a webhook subscription receives: a closed JSON shape (checked by zod, never an expression
 * language). Fields combine with AND, the values of one field with OR; `tags` and `properties` together mean "about one
 * of these tags or one of these properties". A tag or property pattern ending in `*` matches by prefix, and may leave
 * out `urn:li:tag:` / `urn:li:structuredProperty:` (`pii.*`).
 */
import { z } from 'zod';
import { validationError } from '../../errors.js';
import { formatZodIssues } from '../write-aspects.js';
import { CHANGE_CATEGORIES, CHANGE_OPERATIONS, type ChangeRecord } from '../history/change-record.js';

const list = <T extends z.ZodTypeAny>(item: T) => z.array(item).min(1).max(100).optional();

export const WebhookFilterSchema = z.strictObject({
  categories: list(z.enum(CHANGE_CATEGORIES)),
  operations: list(z.enum(CHANGE_OPERATIONS)),
  entityTypes: list(z.string().min(1).max(100)),
  urns: list(z.string().min(1).max(2000)),
  tags: list(z.string().min(1).max(500)),
  properties: list(z.string().min(1).max(500)),
});
export type WebhookFilter = z.infer<typeof WebhookFilterSchema>;

export function parseFilter(raw: unknown): WebhookFilter {
  const parsed = WebhookFilterSchema.safeParse(raw ?? {});
  if (!parsed.success) throw validationError(`Invalid filter: ${formatZodIssues('filter', parsed.error)}`);
  return parsed.data;
}

function pattern(prefix: string, p: string): (urn: string) => boolean {
  const full = p.startsWith('urn:') ? p : `${prefix}${p}`;
  if (full.endsWith('*')) {
    const start = full.slice(0, -1);
    return (urn) => urn.startsWith(start);
  }
  return (urn) => urn === full;
}

/** Compiles a filter into a test of one event. */
export function compileFilter(f: WebhookFilter): (e: ChangeRecord) => boolean {
  const tags = f.tags?.map((p) => pattern('urn:li:tag:', p));
  const properties = f.properties?.map((p) => pattern('urn:li:structuredProperty:', p));
  return (e) => {
    if (f.categories && !f.categories.includes(e.category)) return false;
    if (f.operations && !f.operations.includes(e.operation)) return false;
    if (f.entityTypes && !f.entityTypes.includes(e.entityType)) return false;
    if (f.urns && !f.urns.includes(e.urn)) return false;
    if (!tags && !properties) return true;
    const m = e.modifier;
    if (m === undefined) return false;
    return (e.category === 'TAG' && !!tags?.some((t) => t(m))) || (e.category === 'STRUCTURED_PROPERTY' && !!properties?.some((p) => p(m)));
  };
}
