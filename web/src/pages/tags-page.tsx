/** /ui/tags: tags with name, description and colour; create, edit, delete. */
import { useEffect, useState } from 'preact/hooks';
import { can } from '../auth/session';
import { messageOf } from '../api/api-error';
import { deleteTag, listTags, tagLabel, type Tag } from '../api/tags';
import { TagForm } from '../components/tag-form';

export function TagsPage() {
  const [tags, setTags] = useState<Tag[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<Tag | 'new' | null>(null);
  const reload = () => listTags().then(setTags, (e) => setError(messageOf(e)));
  useEffect(() => void reload(), []);

  async function remove(t: Tag) {
    if (!confirm(`Delete tag ${tagLabel(t)}? It is removed from every entity and column.`)) return;
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
        can('MANAGE_TAGS') && (
          <button type="button" onClick={() => setEditing('new')}>
            New tag
          </button>
        )
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
              <strong>{tagLabel(t)}</strong> <span class="hint">{t.urn}</span>{' '}
              <span class="uses" data-uses={t.uses ?? 0}>
                {t.uses === 1 ? 'used once' : `used ${t.uses ?? 0} times`}
              </span>
              {!t.properties && <span class="hint"> · not created yet: edit it to give it a name, description and colour</span>}
              {t.properties?.description && <p>{t.properties.description}</p>}
              {can('MANAGE_TAGS') && (
              <>
              <button type="button" class="link" aria-label={`Edit tag ${tagLabel(t)}`} onClick={() => setEditing(t)}>
                Edit
              </button>
              <button type="button" class="link danger" aria-label={`Delete tag ${tagLabel(t)}`} onClick={() => remove(t)}>
                Delete
              </button>
              </>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
