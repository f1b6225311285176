/** The search box's suggestions: dataset names starting with what is typed, and the datasets they name. */
import { DATASET_SUGGESTIONS } from './documents';
import { query } from './graphql';

export interface SuggestedDataset {
  urn: string;
  type: string;
  name?: string;
  platform?: { name: string };
  properties?: { name: string | null } | null;
}

export interface Suggestions {
  /** Names, best first. */
  names: string[];
  datasets: SuggestedDataset[];
}

interface Answer {
  autoCompleteForMultiple: { suggestions: { type: string; suggestions: string[]; entities: SuggestedDataset[] }[] } | null;
}

export async function suggestDatasets(text: string, limit: number, signal: AbortSignal): Promise<Suggestions> {
  const data = await query<Answer>(DATASET_SUGGESTIONS, { input: { types: ['DATASET'], query: text, limit } }, signal);
  const forDatasets = data.autoCompleteForMultiple?.suggestions.filter((s) => s.type === 'DATASET') ?? [];
  return {
    names: forDatasets.flatMap((s) => s.suggestions),
    datasets: forDatasets.flatMap((s) => s.entities).filter((e) => e.type === 'DATASET'),
  };
}
