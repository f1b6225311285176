/** The search box's suggestion list: what the autocomplete answer offers, as options to open a dataset or search a name. */
import type { SuggestedDataset, Suggestions } from '../api/suggestion-queries';

export type SuggestionOption =
  /** Opens the dataset's page. */
  | { kind: 'dataset'; label: string; urn: string; platform?: string }
  /** Fills the box with the name and searches it. */
  | { kind: 'query'; label: string };

const labelOf = (d: SuggestedDataset): string => d.properties?.name || d.name || d.urn;
const same = (a: string | null | undefined, b: string) => !!a && a.toLowerCase() === b.toLowerCase();

/** In the order of the names (best first): the datasets each name names, or the name itself when it names none of them. */
export function toSuggestionOptions({ names, datasets }: Suggestions, limit: number): SuggestionOption[] {
  const options: SuggestionOption[] = [];
  const used = new Set<string>();
  const offer = (d: SuggestedDataset) => {
    used.add(d.urn);
    options.push({ kind: 'dataset', label: labelOf(d), urn: d.urn, platform: d.platform?.name });
  };
  const named = new Set<string>();
  for (const name of names) {
    if (named.has(name.toLowerCase())) continue;
    named.add(name.toLowerCase());
    const matching = datasets.filter((d) => !used.has(d.urn) && (same(d.properties?.name, name) || same(d.name, name)));
    if (matching.length) matching.forEach(offer);
    else options.push({ kind: 'query', label: name });
  }
  datasets.filter((d) => !used.has(d.urn)).forEach(offer);
  return options.slice(0, limit);
}
