/** The search page's query box: a combobox whose list suggests datasets (open one) and names (search it) while typing. */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { SuggestionOption } from '../search/suggestion-options';
import { useSuggestions } from '../search/use-suggestions';

interface Props {
  text: string;
  onText(text: string): void;
  /** Fill the box with a suggested name and search it. */
  onSearch(text: string): void;
  onOpenDataset(urn: string): void;
  /** The id of the query error shown under the box, if any. */
  errorId?: string;
}

const LIST_ID = 'search-suggestions';
const optionId = (i: number) => `search-suggestion-${i}`;

export function SearchBox({ text, onText, onSearch, onOpenDataset, errorId }: Props) {
  // Open from a keystroke in the box until a pick, Escape, a submit or leaving the box.
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const options = useSuggestions(text, open);
  const shown = open && options.length > 0;
  const list = useRef<HTMLUListElement>(null);

  useEffect(() => setActive(-1), [options]);
  useEffect(() => {
    if (shown && active >= 0) list.current?.querySelector(`#${optionId(active)}`)?.scrollIntoView({ block: 'nearest' });
  }, [shown, active]);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const pick = (o: SuggestionOption) => {
    close();
    if (o.kind === 'dataset') onOpenDataset(o.urn);
    else {
      onText(o.label);
      onSearch(o.label);
    }
  };

  function onKeyDown(e: KeyboardEvent) {
    const n = options.length;
    if (e.key === 'ArrowDown' && !open && text.trim()) {
      e.preventDefault(); // reopens the list for what is in the box
      setOpen(true);
    } else if ((e.key === 'ArrowDown' || e.key === 'ArrowUp') && shown) {
      e.preventDefault();
      if (e.key === 'ArrowDown') setActive(active + 1 >= n ? 0 : active + 1);
      else setActive(active <= 0 ? n - 1 : active - 1);
    } else if (e.key === 'Enter') {
      if (shown && active >= 0) {
        e.preventDefault();
        pick(options[active]);
      } else close(); // the form submits the text as typed
    } else if (e.key === 'Escape' && shown) {
      e.preventDefault();
      close();
    }
  }

  return (
    <div class="search-box">
      <input
        id="search-query"
        type="text"
        role="combobox"
        enterkeyhint="search"
        autocomplete="off"
        aria-autocomplete="list"
        aria-controls={LIST_ID}
        aria-expanded={shown ? 'true' : 'false'}
        aria-activedescendant={shown && active >= 0 ? optionId(active) : undefined}
        value={text}
        placeholder='users, or tags:"urn:li:tag:pii" AND structuredProperties.retention:>30'
        aria-invalid={errorId ? 'true' : undefined}
        aria-describedby={errorId}
        onInput={(e) => {
          onText(e.currentTarget.value);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        onBlur={close}
      />
      <ul
        id={LIST_ID}
        ref={list}
        role="listbox"
        aria-label="Suggestions"
        class="suggestions"
        hidden={!shown}
        // A click on the list keeps the focus in the box (a blur would close the list before the click lands).
        onMouseDown={(e) => e.preventDefault()}
      >
        {shown &&
          options.map((o, i) => (
            <li
              key={o.kind === 'dataset' ? o.urn : `query:${o.label}`}
              id={optionId(i)}
              role="option"
              aria-selected={i === active ? 'true' : 'false'}
              class={o.kind}
              onMouseMove={() => i !== active && setActive(i)}
              onClick={() => pick(o)}
            >
              <span class="suggestion-label">{o.label}</span>{' '}
              {o.kind === 'dataset' ? o.platform && <span class="platform">{o.platform}</span> : <span class="hint">search</span>}
            </li>
          ))}
      </ul>
      <p class="visually-hidden" aria-live="polite">
        {shown ? `${options.length} suggestion${options.length === 1 ? '' : 's'}, arrow keys to choose` : ''}
      </p>
    </div>
  );
}
