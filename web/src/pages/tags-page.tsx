/** /ui/tags: tags with name, description and colour; create, edit, delete. */
import { useEffect, useState } from 'preact/hooks';
import { messageOf } from '../api/api-error';
import { createTag, deleteTag, listTags, setTagColor, tagIdOf, updateTag, type Tag } from '../api/tags';

export function TagsPage() {
  const [tags, setTags] = useState<Tag[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<Tag | 'new' | null>(null);
  const reload = () => listTags().then(setTags, (e) => setError(messageOf(e)));
  useEffect(() => void reload(), []);

  async function remove(t: Tag) {
    if (!confirm(`Delete tag ${t.properties?.name ?? t.urn}? It is removed from every entity and column.`)) return;
    try {
      await deleteTag(t.urn);
      await reload();
    } catch (e) {
      setError(messageOf(e));
    }
  }

  return (
    <section class="tags-page">
      <h1>Tags</h1>
      {editing === null ? (
        <button type="button" onClick={() => setEditing('new')}>
          New tag
        </button>
      ) : (
        <TagForm
          tag={editing === 'new' ? undefined : editing}
          onDone={() => {
            setEditing(null);
            void reload();
          }}
          onCancel={() => setEditing(null)}
        />
      )}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {tags && (
        <ul class="tag-list">
          {tags.map((t) => (
            <li key={t.urn} data-tag={t.urn}>
              <span class="swatch" style={{ background: t.properties?.colorHex ?? 'transparent' }} aria-hidden="true" />
              <strong>{t.properties?.name ?? t.urn}</strong> <span class="hint">{t.urn}</span>
              {t.properties?.description && <p>{t.properties.description}</p>}
              <button type="button" class="link" aria-label={`Edit tag ${t.properties?.name ?? t.urn}`} onClick={() => setEditing(t)}>
                Edit
              </button>
              <button type="button" class="link danger" aria-label={`Delete tag ${t.properties?.name ?? t.urn}`} onClick={() => remove(t)}>
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function TagForm({ tag, onDone, onCancel }: { tag?: Tag; onDone(): void; onCancel(): void }) {
  const [name, setName] = useState(tag?.properties?.name ?? '');
  const [description, setDescription] = useState(tag?.properties?.description ?? '');
  const [color, setColor] = useState(tag?.properties?.colorHex ?? '#3b82f6');
  const [error, setError] = useState<string | null>(null);
  async function submit(e: Event) {
    e.preventDefault();
    setError(null);
    try {
      const urn = tag ? tag.urn : await createTag({ id: tagIdOf(name) || undefined, name: name.trim(), description: description.trim() || undefined });
      if (tag) await updateTag(urn, { name: name.trim(), description: description.trim() });
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
