/**
 * What a bare word (a term without a field) searches, and how the places it can match rank. Each place is one tier
 * with a constant score; a hit scores its best tier plus a sliver of the others (`dis_max`), so an exact name always
 * outranks a name prefix, which outranks a column, which outranks a description — however many lower tiers match —
 * and hits within a tier keep a deterministic order (the search's own tie-breaker).
 */
type Dsl = Record<string, unknown>;

export interface BareWordPlace {
  /** An index field (analysed text, or a keyword with a lower-casing normaliser for `exact`). */
  path: string;
  /** `exact`: the whole value equals the word, any case; `words`: the value holds every word of the term. */
  how: 'exact' | 'words';
  tier: number;
  /** The name a hit's matched fields use for this place. */
  label: string;
}

export interface BareWordPlan {
  places: BareWordPlace[];
  /** Typo tolerance: one edit on words of `minLength` letters or more, in these analysed places, each its own tier. */
  typos?: { places: BareWordPlace[]; minLength: number };
  /** Several bare words all in one place (`customer orders` in the name `customer_orders`): scored this tier more. */
  together?: BareWordPlace[];
}

/** The engine's score for the other tiers a hit also matches: enough to order within a tier, never to jump one. */
const TIE_BREAKER = 0.001;

const tier = (query: Dsl, boost: number, label: string): Dsl => ({ constant_score: { filter: query, boost, _name: label } });
const ranked = (clauses: Dsl[]): Dsl => ({ dis_max: { queries: clauses, tie_breaker: TIE_BREAKER } });

/** A literal word (or several words an analyser splits it into). */
export function bareWordQuery(plan: BareWordPlan, text: string): Dsl {
  const clauses = plan.places.map((p) =>
    tier(p.how === 'exact' ? { term: { [p.path]: text.toLowerCase() } } : { match: { [p.path]: { query: text, operator: 'and' } } }, p.tier, p.label),
  );
  if (plan.typos && text.length >= plan.typos.minLength) {
    const fuzziness = `AUTO:${plan.typos.minLength},1000`;
    for (const p of plan.typos.places) clauses.push(tier({ match: { [p.path]: { query: text, fuzziness, operator: 'and' } } }, p.tier, p.label));
  }
  return ranked(clauses);
}

/**
 * Several bare words that must all match (`customer orders`) score more when one place holds them all: the best such
 * place adds its tier to the words' own scores. Answers undefined when the plan has no such places.
 */
export function togetherQuery(plan: BareWordPlan, words: string[]): Dsl | undefined {
  if (!plan.together || words.length < 2) return undefined;
  const text = words.join(' ');
  return ranked(plan.together.map((p) => tier({ match: { [p.path]: { query: text, operator: 'and' } } }, p.tier, p.label)));
}

/** A quoted phrase: the words in order, in any analysed place. */
export function barePhraseQuery(plan: BareWordPlan, text: string, slop?: number): Dsl {
  const places = plan.places.filter((p) => p.how === 'words');
  return ranked(places.map((p) => tier({ match_phrase: { [p.path]: slop ? { query: text, slop } : text } }, p.tier, p.label)));
}

/** A pattern (`ord*`): any word of an analysed place matches it, any case. */
export function barePatternQuery(plan: BareWordPlan, pattern: string): Dsl {
  const places = plan.places.filter((p) => p.how === 'words');
  return ranked(places.map((p) => tier({ wildcard: { [p.path]: { value: pattern, case_insensitive: true } } }, p.tier, p.label)));
}
