/** The structured properties of a dataset or column: values with each definition's name and description; set, change, remove. */
import { useState } from 'preact/hooks';
import { messageOf } from '../api/api-error';
import { removeValues, upsertValues } from '../api/dataset-queries';
import { distinctLabels, labelOf, valueOf, type Definition } from '../api/definitions';
import type { PropertyEntry } from '../api/search-queries';
import { ValueForm } from './value-form';
import { SetBy } from './set-by';

interface Props {
  /** The caller may not set values: they are shown, not offered for change. */
  readOnly?: boolean;
  assetUrn: string;
  /** GraphQL entity type of the asset, to offer only properties that apply to it. */
  /** The GraphQL EntityType of the asset (definitions applying to it are offered). */
  entityType: string;
  entries: PropertyEntry[];
  definitions: Definition[];
  scope: string;
  onChanged(): void;
}

export function PropertyEditor({ assetUrn, entityType, entries, definitions, scope, onChanged, readOnly = false }: Props) {
  const [editing, setEditing] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const byUrn = new Map(definitions.map((d) => [d.urn, d]));
  const applicable = definitions.filter((d) => d.entityTypes.includes(entityType));
  const unset = applicable.filter((d) => !entries.some((e) => e.structuredProperty.urn === d.urn));
  const pickLabels = distinctLabels(applicable);
  const save = (d: Definition) => async (values: Parameters<typeof upsertValues>[2]) => {
    await upsertValues(assetUrn, d.urn, values);
    setEditing(null);
    onChanged();
  };
  const editingDef = editing ? byUrn.get(editing) : undefined;
  const selectId = `add-property-${scope}`.replace(/[^a-zA-Z0-9-]/g, '-');

  return (
    <div class="property-editor">
      {entries.length > 0 && (
        <dl class="properties">
          {entries.map((e) => {
            const d = byUrn.get(e.structuredProperty.urn);
            const label = d ? labelOf(d) : e.structuredProperty.definition.displayName || e.structuredProperty.definition.qualifiedName;
            const values = e.values.filter((v) => v !== null).map((v) => String(valueOf(v!)));
            return (
              <div class="property" key={e.structuredProperty.urn} data-property={e.structuredProperty.urn}>
                <dt>
                  {label}
                  {d?.description && <span class="hint"> — {d.description}</span>}
                </dt>
                <dd>
                  {editing === e.structuredProperty.urn && d ? (
                    <ValueForm definition={d} scope={scope} initial={values} onSave={save(d)} onCancel={() => setEditing(null)} />
                  ) : (
                    <>
                      <span class="values">{values.join(', ')}</span> <SetBy attribution={e.attribution} />{' '}
                      {d && !readOnly && (
                        <button type="button" class="link" aria-label={`Change ${label}`} onClick={() => setEditing(d.urn)}>
                          Change
                        </button>
                      )}{' '}
                      {!readOnly && (
                        <button
                          type="button"
                          class="link"
                          aria-label={`Remove ${label}`}
                          onClick={() => removeValues(assetUrn, e.structuredProperty.urn).then(onChanged, (err) => setError(messageOf(err)))}
                        >
                          Remove
                        </button>
                      )}
                    </>
                  )}
                </dd>
              </div>
            );
          })}
        </dl>
      )}
      {editingDef && !entries.some((e) => e.structuredProperty.urn === editingDef.urn) && (
        <ValueForm definition={editingDef} scope={scope} initial={[]} onSave={save(editingDef)} onCancel={() => setEditing(null)} />
      )}
      {unset.length > 0 && !editingDef && !readOnly && (
        <div class="inline-form">
          <label for={selectId} class="visually-hidden">
            Set a property on {scope}
          </label>
          <select id={selectId} value="" onChange={(e) => e.currentTarget.value && setEditing(e.currentTarget.value)}>
            <option value="">Set a property…</option>
            {unset.map((d) => (
              <option key={d.urn} value={d.urn}>
                {pickLabels.get(d.urn)}
              </option>
            ))}
          </select>
        </div>
      )}
      {error && (
        <p class="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
