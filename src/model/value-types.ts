/** The value types a structured property can have: their short names and URNs (`urn:li:dataType:service.<kind>`). */
import { canonicalBrandUrn } from './urn.js';

/** In the order the original's command line lists them. */
export const VALUE_KINDS = ['string', 'rich_text', 'number', 'date', 'urn'] as const;
export type ValueKind = (typeof VALUE_KINDS)[number];

export const valueTypeUrn = (kind: ValueKind) => `urn:li:dataType:service.${kind}`;

export const isValueKind = (s: string): s is ValueKind => (VALUE_KINDS as readonly string[]).includes(s);

/** The kind of a value type URN (the original's `datahub.` brand accepted), or undefined for anything else. */
export function valueKindOf(valueTypeUrn: string): ValueKind | undefined {
  const m = /^urn:li:dataType:service\.([a-z_]+)$/.exec(canonicalBrandUrn(valueTypeUrn));
  return m && isValueKind(m[1]) ? m[1] : undefined;
}
