/** Create or edit one tag: name, description and colour; the API's refusal is shown under the form. */
import { useState } from 'preact/hooks';
import { messageOf } from '../api/api-error';
import { createTag, setTagColor, tagIdOf, tagLabel, updateTag, type Tag } from '../api/tags';

export function TagForm({ tag, onDone, onCancel }: { tag?: Tag; onDone(): void; onCancel(): void }) {
  const [name, setName] = useState(tag ? tagLabel(tag) : '');
  const [description, setDescription] = useState(tag?.properties?.description ?? '');
  const [color, setColor] = useState(tag?.properties?.colorHex ?? '#3b82f6');
  const [error, setError] = useState<string | null>(null);
  async function submit(e: Event) {
    e.preventDefault();
    setError(null);
    try {
      // A tag in use that was never created is created under its own id (the entities carrying it keep it).
      const id = tag ? (tag.properties ? undefined : tag.urn.replace(/^urn:li:tag:/, '')) : tagIdOf(name) || undefined;
      const urn = tag?.properties ? tag.urn : await createTag({ id, name: name.trim(), description: description.trim() || undefined });
      if (tag?.properties) await updateTag(urn, { name: name.trim(), description: description.trim() });
      if (color !== (tag?.properties?.colorHex ?? '')) await setTagColor(urn, color);
      onDone();
    } catch (err) {
      setError(messageOf(err));
    }
  }
  return (
    <form class="tag-form" onSubmit={submit} aria-label={tag ? 'Edit tag' : 'New tag'}>
      <label for="tag-name">Name</label>
      <input id="tag-name" required value={name} onInput={(e) => setName(e.currentTarget.value)} />
      <label for="tag-desc">Description</label>
      <input id="tag-desc" value={description} onInput={(e) => setDescription(e.currentTarget.value)} />
      <label for="tag-color">Colour</label>
      <input id="tag-color" type="color" value={color} onInput={(e) => setColor(e.currentTarget.value)} />
      {error && (
        <p class="field-error" role="alert">
          {error}
        </p>
      )}
      <div class="actions">
        <button type="submit">{tag ? 'Save tag' : 'Create tag'}</button>
        <button type="button" class="link" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
