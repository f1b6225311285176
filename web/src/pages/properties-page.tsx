/** /ui/properties: every definition with its type, cardinality, entity types, allowed values and state; admin actions. */
import { useEffect, useState } from 'preact/hooks';
import { can } from '../auth/session';
import { messageOf } from '../api/api-error';
import { listProperties, setRemoved, type PropertyRow } from '../api/property-admin';
import { HardDelete } from '../components/hard-delete';
import { PropertyForm } from '../components/property-form';

const short = (urn: string) => urn.replace(/^urn:li:[a-zA-Z]+:[a-z]+\./, '');

export function PropertiesPage() {
  const [rows, setRows] = useState<PropertyRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<PropertyRow | 'new' | null>(null);
  const [deleting, setDeleting] = useState<PropertyRow | null>(null);

  const reload = () => listProperties().then(setRows, (e) => setError(messageOf(e)));
  useEffect(() => void reload(), []);

  async function toggleRemoved(row: PropertyRow) {
    setError(null);
    try {
      await setRemoved(row.urn, !row.removed);
      await reload();
    } catch (e) {
      setError(messageOf(e));
    }
  }

  return (
    <section class="properties-page">
      <h1>Structured properties</h1>
      {editing === null && can('MANAGE_STRUCTURED_PROPERTIES') && (
        <button type="button" onClick={() => setEditing('new')}>
          New property
        </button>
      )}
      {editing !== null && (
        <PropertyForm
          existing={editing === 'new' ? undefined : editing}
          onDone={() => {
            setEditing(null);
            void reload();
          }}
          onCancel={() => setEditing(null)}
        />
      )}
      {deleting && (
        <HardDelete
          row={deleting}
          onClose={() => {
            setDeleting(null);
            void reload();
          }}
        />
      )}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {!rows && !error && <p>Loading…</p>}
      {rows && (
        <div class="table-wrap">
          <table>
            <caption class="visually-hidden">Structured property definitions</caption>
            <thead>
              <tr>
                <th scope="col">Property</th>
                <th scope="col">Type</th>
                <th scope="col">Cardinality</th>
                <th scope="col">Entity types</th>
                <th scope="col">Allowed values</th>
                <th scope="col">State</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => {
                const d = r.definition;
                const name = d.displayName || d.qualifiedName;
                return (
                  <tr key={r.urn} data-property={r.urn} class={r.removed ? 'removed' : undefined}>
                    <th scope="row">
                      {name}
                      <div class="hint">{d.qualifiedName}</div>
                      {d.description && <div class="hint">{d.description}</div>}
                    </th>
                    <td>{short(d.valueType)}</td>
                    <td>{d.cardinality ?? 'SINGLE'}</td>
                    <td>{d.entityTypes.map(short).join(', ')}</td>
                    <td>{(d.allowedValues ?? []).map((a) => String(a.value.string ?? a.value.double)).join(', ')}</td>
                    <td data-state={r.removed ? 'soft-deleted' : 'active'}>{r.removed ? 'soft deleted' : 'active'}</td>
                    <td class="row-actions">
                      {can('MANAGE_STRUCTURED_PROPERTIES') && (
                      <>
                      <button type="button" class="link" aria-label={`Edit ${name}`} onClick={() => setEditing(r)}>
                        Edit
                      </button>
                      <button type="button" class="link" aria-label={`${r.removed ? 'Restore' : 'Soft delete'} ${name}`} onClick={() => toggleRemoved(r)}>
                        {r.removed ? 'Restore' : 'Soft delete'}
                      </button>
                      <button type="button" class="link danger" aria-label={`Delete ${name} permanently`} onClick={() => setDeleting(r)}>
                        Delete…
                      </button>
                      </>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
