/** /ui/properties: every definition with its type, cardinality, entity types, allowed values, rules, compliance and state; admin actions. */
import { useEffect, useRef, useState } from 'preact/hooks';
import { can } from '../auth/session';
import { messageOf } from '../api/api-error';
import { listProperties, setRemoved, type PropertyRow } from '../api/property-admin';
import { complianceOf, type PropertyCompliance } from '../api/property-rules';
import { ComplianceSummary } from '../components/compliance-summary';
import { HardDelete } from '../components/hard-delete';
import { PropertyForm } from '../components/property-form';
import { rulesSummary } from '../model/rules-summary';

const short = (urn: string) => urn.replace(/^urn:li:[a-zA-Z]+:[a-z]+\./, '');

export function PropertiesPage() {
  const [rows, setRows] = useState<PropertyRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<PropertyRow | 'new' | null>(null);
  const [deleting, setDeleting] = useState<PropertyRow | null>(null);
  /** Compliance of the live properties by URN (one report call per hundred), or why it could not be counted. */
  const [compliance, setCompliance] = useState<Map<string, PropertyCompliance> | { error: string } | null>(null);
  const generation = useRef(0);

  const reload = () => {
    const mine = ++generation.current;
    return listProperties().then(
      (list) => {
        if (mine !== generation.current) return;
        setRows(list);
        complianceOf(list.filter((r) => !r.removed).map((r) => r.urn)).then(
          (m) => mine === generation.current && setCompliance(m),
          (e) => mine === generation.current && setCompliance({ error: messageOf(e) }),
        );
      },
      (e) => setError(messageOf(e)),
    );
  };
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

  const report = (r: PropertyRow) => (compliance instanceof Map ? compliance.get(r.urn) : undefined);

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
          onCancel={() => {
            // A save that wrote the definition but not its rules leaves something to show.
            setEditing(null);
            void reload();
          }}
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
      {compliance && 'error' in compliance && <p class="hint">Compliance could not be counted: {compliance.error}</p>}
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
                <th scope="col">Rules</th>
                <th scope="col">Compliance</th>
                <th scope="col">State</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => {
                const d = r.definition;
                const name = d.displayName || d.qualifiedName;
                const counted = report(r);
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
                    <td class="rules">{rulesSummary(r.constraints).join(' · ') || '—'}</td>
                    <td class="compliance" aria-busy={!r.removed && compliance === null}>
                      {counted ? <ComplianceSummary report={counted} name={name} allowedPlatforms={d.allowedPlatforms as string[] | undefined} /> : '—'}
                    </td>
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
