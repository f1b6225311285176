/** A dataset's description: the edited one if any (else what ingestion wrote), changed in place with Edit / Save. */
import { useState } from 'preact/hooks';
import { messageOf } from '../api/api-error';

interface Props {
  /** The caller may not edit it: shown, not offered for change. */
  readOnly?: boolean;
  /** What ingestion wrote (datasetProperties). */
  ingested: string | null;
  /** What people edited (editableDatasetProperties); shown first. */
  edited: string | null;
  onSave(description: string): Promise<void>;
}

export function DescriptionEditor({ ingested, edited, onSave, readOnly = false }: Props) {
  const shown = edited || ingested || '';
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(shown);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  if (!editing) {
    return (
      <div class="description-editor">
        <p class="description">{shown || <em>No description.</em>}</p>
        {!readOnly && (
          <button type="button" class="link" aria-label="Edit description" onClick={() => (setText(shown), setError(null), setEditing(true))}>
            Edit
          </button>
        )}
      </div>
    );
  }
  return (
    <form
      class="description-editor inline-form"
      onSubmit={async (e) => {
        e.preventDefault();
        setSaving(true);
        try {
          await onSave(text.trim());
          setEditing(false);
        } catch (err) {
          setError(messageOf(err));
        } finally {
          setSaving(false);
        }
      }}
    >
      <label for="description-text">Description</label>
      <textarea id="description-text" rows={4} value={text} onInput={(e) => setText(e.currentTarget.value)} aria-invalid={error ? 'true' : undefined} />
      {ingested && edited && <p class="hint">As ingested: {ingested}</p>}
      <button type="submit" disabled={saving}>
        {saving ? 'Saving…' : 'Save'}
      </button>
      <button type="button" class="link" onClick={() => setEditing(false)}>
        Cancel
      </button>
      {error && (
        <p class="field-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
