/** A form built from a property definition: allowed values offered as choices, number/date inputs, several rows when MULTIPLE. */
import { useState } from 'preact/hooks';
import { messageOf } from '../api/api-error';
import { labelOf, type Definition, type PropertyValue } from '../api/definitions';

interface Props {
  definition: Definition;
  /** Where the form is, to keep element ids unique on a page. */
  scope: string;
  initial: string[];
  onSave(values: PropertyValue[]): Promise<void>;
  onCancel(): void;
}

export function ValueForm({ definition, scope, initial, onSave, onCancel }: Props) {
  const [rows, setRows] = useState<string[]>(initial.length ? initial : ['']);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const base = `value-${scope}-${definition.qualifiedName}`.replace(/[^a-zA-Z0-9-]/g, '-');
  const listId = definition.allowedValues.length ? `${base}-allowed` : undefined;
  const type = definition.valueKind === 'NUMBER' ? 'number' : definition.valueKind === 'DATE' ? 'date' : 'text';
  const multiple = definition.cardinality === 'MULTIPLE';
  const label = labelOf(definition);

  async function submit(e: Event) {
    e.preventDefault();
    const values: PropertyValue[] = rows
      .map((r) => r.trim())
      .filter((r) => r !== '')
      .map((r) => (definition.valueKind === 'NUMBER' ? { numberValue: Number(r) } : { stringValue: r }));
    setBusy(true);
    setError(null);
    try {
      await onSave(values);
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form class="value-form" onSubmit={submit}>
      {rows.map((r, i) => (
        <div class="value-row" key={i}>
          <label for={`${base}-${i}`}>{multiple ? `${label} value ${i + 1}` : `${label} value`}</label>
          <input
            id={`${base}-${i}`}
            type={type}
            step={type === 'number' ? 'any' : undefined}
            list={listId}
            value={r}
            autoFocus={i === 0}
            aria-invalid={error ? 'true' : undefined}
            aria-describedby={error ? `${base}-error` : undefined}
            onInput={(e) => setRows(rows.map((x, j) => (j === i ? e.currentTarget.value : x)))}
          />
          {multiple && rows.length > 1 && (
            <button type="button" aria-label={`Remove ${label} value ${i + 1}`} onClick={() => setRows(rows.filter((_, j) => j !== i))}>
              ×
            </button>
          )}
        </div>
      ))}
      {listId && (
        <>
          <datalist id={listId}>
            {definition.allowedValues.map((a) => (
              <option key={String(a.value)} value={String(a.value)}>
                {a.description ?? ''}
              </option>
            ))}
          </datalist>
          <p class="hint">
            Allowed:{' '}
            {definition.allowedValues.map((a, i) => (
              <span key={String(a.value)}>
                {i > 0 && ', '}
                <code>{String(a.value)}</code>
                {a.description ? ` (${a.description})` : ''}
              </span>
            ))}
          </p>
        </>
      )}
      {error && (
        <p class="field-error" role="alert" id={`${base}-error`}>
          {error}
        </p>
      )}
      <div class="actions">
        {multiple && (
          <button type="button" onClick={() => setRows([...rows, ''])}>
            Add another value
          </button>
        )}
        <button type="submit" disabled={busy}>
          Save {label}
        </button>
        <button type="button" class="link" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
