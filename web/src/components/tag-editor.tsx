/** The tags of a dataset or column: chips with remove buttons and a picker over existing tags that can create a new one. */
import { useState } from 'preact/hooks';
import { messageOf } from '../api/api-error';
import type { Attribution, TagRef } from '../api/search-queries';
import { setBySentence } from './set-by';
import { addTag, createTag, removeTag, tagIdOf, type Tag, type TagTarget } from '../api/tags';
import { TagChip } from './tag-chip';

interface Props {
  /** Tags that can be removed here, then tags from the source schema (shown, not removable). */
  tags: TagRef[];
  fixed?: TagRef[];
  target: TagTarget;
  /** Says what is tagged, for labels: "dataset users" or "column email". */
  label: string;
  allTags: Tag[];
  onChanged(): void;
  /** The caller may not change these tags: they are shown, not offered for change. */
  readOnly?: boolean;
  /** Who set each tag (by tag URN), shown on its chip. */
  setBy?: Map<string, Attribution>;
}

export function TagEditor({ tags, fixed = [], target, label, allTags, onChanged, readOnly = false, setBy }: Props) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = `tag-input-${(target.subResource ?? 'dataset').replace(/[^a-zA-Z0-9]/g, '-')}`;

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await action();
      onChanged();
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  }

  const add = () =>
    run(async () => {
      const wanted = text.trim();
      if (!wanted) return;
      const existing = allTags.find((t) => t.urn === wanted || t.properties?.name?.toLowerCase() === wanted.toLowerCase() || t.urn === `urn:li:tag:${wanted}`);
      const urn = existing?.urn ?? (await createTag({ id: tagIdOf(wanted) || undefined, name: wanted }));
      await addTag(urn, target);
      setText('');
    });

  return (
    <div class="tag-editor">
      <div class="chips">
        {tags.map((t) => (
          <TagChip key={t.urn} tag={t} context={label} setBy={setBy?.has(t.urn) ? setBySentence(setBy.get(t.urn)!) : undefined} onRemove={readOnly ? undefined : () => run(() => removeTag(t.urn, target))} />
        ))}
        {fixed.filter((f) => !tags.some((t) => t.urn === f.urn)).map((t) => (
          <TagChip key={t.urn} tag={t} />
        ))}
      </div>
      {!readOnly && (
      <form
        class="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          void add();
        }}
      >
        <label for={id} class="visually-hidden">
          Add a tag to {label}
        </label>
        <input
          id={id}
          list="all-tags"
          placeholder="Add a tag (existing or new)"
          value={text}
          aria-invalid={error ? 'true' : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onInput={(e) => setText(e.currentTarget.value)}
        />
        <button type="submit" disabled={busy} aria-label={`Add tag to ${label}`}>
          Add
        </button>
      </form>
      )}
      {error && (
        <p class="field-error" role="alert" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** One datalist shared by every tag picker of a page. */
export function TagOptions({ tags }: { tags: Tag[] }) {
  return (
    <datalist id="all-tags">
      {tags.map((t) => (
        <option key={t.urn} value={t.properties?.name ?? t.urn.replace(/^urn:li:tag:/, '')} />
      ))}
    </datalist>
  );
}
