/**
 * Who owns a value when a whole aspect is written again (a connector re-sending what it found, `tessera dataset
 * upsert`, a REST or wire UPSERT): the write removes or replaces only the entries it owns — those its own setter set
 * (the same pipeline, or without one the same actor), those nobody is recorded as setting (written before setters
 * were kept), and a structured property's values whose definition says loads own them (`valueOwner: LOADS`). Every
 * other entry (a steward's value, another pipeline's tag) stays where the write left it out; where a load sent
 * another value for it, it stays too. A person's whole write (no run, pipeline or file) replaces the entries it names:
 * naming one is an explicit edit. Edits that name what they change (GraphQL mutations, patches, the web page) are not
 * merged at all.
 */
import type { CatalogDeps } from '../catalog-deps.js';
import { loadDefinitions, type DefinitionMemo } from '../definitions.js';
import type { ChangeCategory, FieldChange } from '../history/change-record.js';
import { entriesOf, keyOf, sameEntryValue, withEntries } from './keyed-aspects.js';
import { isLoad, ownerOf, type Setters, type ValueSetter } from './value-setters.js';

/** Why a whole write kept or replaced an entry someone else may own (recorded in history as `rule`). */
export type OwnershipRule = 'KEPT_FOR_ITS_SETTER' | 'SAME_SETTER' | 'NO_SETTER_RECORDED' | 'LOADS_OWN_IT' | 'NAMED_BY_A_PERSON';

export interface OwnershipDecision {
  key: string;
  rule: OwnershipRule;
  setBy?: ValueSetter;
  /** The entry that stays (kept decisions). */
  kept?: Record<string, unknown>;
}

/** The value a whole write stores, and a decision for each entry it would otherwise have changed or removed. */
export async function mergeWholeWrite(
  services: CatalogDeps,
  aspect: string,
  previous: unknown,
  setters: Setters | undefined,
  next: unknown,
  writer: ValueSetter,
  definitions: DefinitionMemo,
): Promise<{ value: unknown; decisions: OwnershipDecision[] }> {
  const incoming = entriesOf(aspect, next);
  const byKey = new Map(incoming.map((e, i) => [keyOf(aspect, e), i]));
  const touched = entriesOf(aspect, previous).filter((e) => {
    const i = byKey.get(keyOf(aspect, e));
    return i === undefined || !sameEntryValue(aspect, e, incoming[i]);
  });
  if (touched.length === 0) return { value: next, decisions: [] };
  const loadsOwn = aspect === 'structuredProperties' ? await loadsOwnedProperties(services, touched.map((e) => keyOf(aspect, e)), definitions) : new Set<string>();
  const decisions: OwnershipDecision[] = [];
  const entries = [...incoming];
  for (const entry of touched) {
    const key = keyOf(aspect, entry);
    const setBy = setters?.[key];
    if (!setBy) decisions.push({ key, rule: 'NO_SETTER_RECORDED' });
    else if (ownerOf(setBy) === ownerOf(writer)) decisions.push({ key, rule: 'SAME_SETTER', setBy });
    else if (loadsOwn.has(key)) decisions.push({ key, rule: 'LOADS_OWN_IT', setBy });
    else if (byKey.has(key) && !isLoad(writer)) decisions.push({ key, rule: 'NAMED_BY_A_PERSON', setBy });
    else {
      decisions.push({ key, rule: 'KEPT_FOR_ITS_SETTER', setBy, kept: entry });
      const i = byKey.get(key);
      if (i === undefined) entries.push(entry);
      else entries[i] = entry;
    }
  }
  const keptAny = decisions.some((d) => d.kept);
  return { value: keptAny ? withEntries(aspect, next, entries) : next, decisions };
}

async function loadsOwnedProperties(services: CatalogDeps, urns: string[], definitions: DefinitionMemo): Promise<Set<string>> {
  const infos = await loadDefinitions(services, urns, definitions);
  return new Set(urns.filter((u) => infos.get(u)?.constraints?.valueOwner === 'LOADS'));
}

const CATEGORY: Record<string, ChangeCategory> = { structuredProperties: 'STRUCTURED_PROPERTY', globalTags: 'TAG', glossaryTerms: 'GLOSSARY_TERM', ownership: 'OWNER' };

const setterView = (s: ValueSetter | undefined) => (s ? { actor: s.actor, ...(s.source && { source: s.source }) } : undefined);

/**
 * The history of a whole write's decisions: each kept entry is a KEEP record (once per value and overruled owner:
 * `noted` lists the owners already told), and the records of replaced entries say which rule let them go.
 */
export function ownershipRecords(aspect: string, decisions: OwnershipDecision[], changes: FieldChange[], noted: (d: OwnershipDecision) => boolean): FieldChange[] {
  const byKey = new Map(decisions.map((d) => [d.key, d]));
  const annotated = changes.map((c) => {
    const d = c.aspect === aspect && c.modifier !== undefined ? byKey.get(c.modifier) : undefined;
    return d && !d.kept ? { ...c, rule: d.rule, ...(d.setBy && { setBy: setterView(d.setBy) }) } : c;
  });
  const kept = decisions
    .filter((d) => d.kept && !noted(d))
    .map((d): FieldChange => ({
      aspect,
      category: CATEGORY[aspect],
      operation: 'KEEP',
      modifier: d.key,
      ...(aspect === 'structuredProperties' ? { after: d.kept!.values } : {}),
      rule: d.rule,
      setBy: setterView(d.setBy),
    }));
  return [...annotated, ...kept];
}
