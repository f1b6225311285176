/**
 * The aspects whose values are lists of separately owned entries — structured property values, tags, glossary terms,
 * owners — with how each entry is named (its key) and what of it is its value (what a write may change).
 */
import { dequal } from 'dequal';

type Entry = Record<string, unknown>;

interface KeyedAspect {
  /** The field holding the list. */
  list: string;
  key: (e: Entry) => string;
  /** What of an entry is its value: stamps and attribution are about the value, not part of it. */
  valueOf: (e: Entry) => unknown;
}

const without = (e: Entry, ...keys: string[]) => Object.fromEntries(Object.entries(e).filter(([k]) => !keys.includes(k)));

const KEYED: Record<string, KeyedAspect> = {
  structuredProperties: { list: 'properties', key: (e) => String(e.propertyUrn), valueOf: (e) => e.values },
  globalTags: { list: 'tags', key: (e) => String(e.tag), valueOf: (e) => without(e, 'attribution') },
  glossaryTerms: { list: 'terms', key: (e) => String(e.urn), valueOf: (e) => without(e, 'attribution') },
  ownership: { list: 'owners', key: (e) => `${e.owner}|${e.typeUrn ?? e.type}`, valueOf: (e) => without(e, 'attribution', 'source') },
};

export const isKeyedAspect = (aspect: string): boolean => Object.hasOwn(KEYED, aspect);

/** The entries of a keyed aspect's value (none when the value has no list). */
export function entriesOf(aspect: string, value: unknown): Entry[] {
  const list = (value as Record<string, unknown> | undefined)?.[KEYED[aspect].list];
  return Array.isArray(list) ? (list.filter((e) => e !== null && typeof e === 'object') as Entry[]) : [];
}

export const keyOf = (aspect: string, entry: Entry): string => KEYED[aspect].key(entry);

export const sameEntryValue = (aspect: string, a: Entry, b: Entry): boolean => dequal(KEYED[aspect].valueOf(a), KEYED[aspect].valueOf(b));

/** The value with its list replaced. */
export const withEntries = (aspect: string, value: unknown, entries: Entry[]): unknown => ({ ...(value as object), [KEYED[aspect].list]: entries });
