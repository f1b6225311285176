/** Suggestions for what is typed in the search box: asked for once typing pauses, the stale request cancelled. */
import { useEffect, useState } from 'preact/hooks';
import { suggestDatasets } from '../api/suggestion-queries';
import { toSuggestionOptions, type SuggestionOption } from './suggestion-options';

export const SUGGESTION_LIMIT = 8;
const PAUSE_MS = 150;
const MIN_LENGTH = 2;
const NONE: SuggestionOption[] = [];

/** The options for `text` while `wanted` (the user is typing); none below two characters or when a request fails. */
export function useSuggestions(text: string, wanted: boolean): SuggestionOption[] {
  const [answer, setAnswer] = useState<{ text: string; options: SuggestionOption[] }>({ text: '', options: [] });
  const typed = text.trim();
  const asked = wanted && typed.length >= MIN_LENGTH;

  useEffect(() => {
    if (!asked) return;
    const cancel = new AbortController();
    const timer = setTimeout(() => {
      suggestDatasets(typed, SUGGESTION_LIMIT, cancel.signal).then(
        (s) => setAnswer({ text: typed, options: toSuggestionOptions(s, SUGGESTION_LIMIT) }),
        // Suggestions are a help, not the search: a failed or cancelled one shows nothing.
        () => !cancel.signal.aborted && setAnswer({ text: typed, options: NONE }),
      );
    }, PAUSE_MS);
    return () => {
      clearTimeout(timer);
      cancel.abort();
    };
  }, [typed, asked]);

  // While typing on (or back), the previous answer stays up until the next arrives: no flicker between keystrokes.
  const related = (a: string, b: string) => a.toLowerCase().startsWith(b.toLowerCase());
  return asked && answer.text && (related(typed, answer.text) || related(answer.text, typed)) ? answer.options : NONE;
}
