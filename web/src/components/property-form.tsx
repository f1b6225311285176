/**
 * Create or update a definition, then its value rules; a refused breaking change shows the API's message and offers
 * the version bump. Rules are previewed first and written only when the preview accepts them.
 */
import { useState } from 'preact/hooks';
import { messageOf } from '../api/api-error';
import { ENTITY_TYPES } from '../model/entity-types';
import { VALUE_TYPES, nextVersion, propertyUrnOf, saveDefinition, saveSettings, type PropertySettings, type StoredDefinition } from '../api/property-admin';
import { previewRules, saveRules, type PropertyConstraints, type RulesOutcome } from '../api/property-rules';
import { constraintsOf, draftOf, sameRules } from '../model/rules-draft';
import { RulesFieldset } from './rules-fieldset';
import { RulesRefusal } from './rules-refusal';

interface Props {
  /** Absent for a new definition. */
  existing?: { urn: string; definition: StoredDefinition; settings?: PropertySettings; constraints?: PropertyConstraints };
  onDone(): void;
  onCancel(): void;
}

const typeId = (urn: string) => urn.replace(/^urn:li:[a-zA-Z]+:[a-z]+\./, '');

function allowedText(d?: StoredDefinition): string {
  return (d?.allowedValues ?? []).map((a) => `${a.value.string ?? a.value.double}${a.description ? ` | ${a.description}` : ''}`).join('\n');
}

export function PropertyForm({ existing, onDone, onCancel }: Props) {
  const d = existing?.definition;
  const [qualifiedName, setQualifiedName] = useState(d?.qualifiedName ?? '');
  const [displayName, setDisplayName] = useState(d?.displayName ?? '');
  const [description, setDescription] = useState(d?.description ?? '');
  const [valueType, setValueType] = useState(d ? typeId(d.valueType) : 'string');
  const [cardinality, setCardinality] = useState(d?.cardinality ?? 'SINGLE');
  const [entityTypes, setEntityTypes] = useState<string[]>(d ? d.entityTypes.map(typeId) : ['dataset']);
  const [allowed, setAllowed] = useState(allowedText(d));
  const [immutable, setImmutable] = useState(!!d?.immutable);
  const [inFilters, setInFilters] = useState(!!existing?.settings?.showInSearchFilters);
  const [rules, setRules] = useState(() => draftOf(existing?.constraints));
  /** A preview that refused the rules (nothing of them was written). */
  const [refusal, setRefusal] = useState<RulesOutcome | null>(null);
  /** Set once this form wrote the definition: a new one exists from then on, a version bump stays. */
  const [written, setWritten] = useState<{ version?: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [offerVersion, setOfferVersion] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function build(version?: string): StoredDefinition {
    const allowedValues = allowed
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean)
      .map((l) => {
        const [value, ...rest] = l.split('|');
        const v = value.trim();
        const desc = rest.join('|').trim();
        return { value: valueType === 'number' ? { double: Number(v) } : { string: v }, ...(desc ? { description: desc } : {}) };
      });
    // Fields this form does not edit (typeQualifier, settings, …) are written back as they were.
    const { allowedValues: _a, displayName: _n, description: _d, version: _v, ...kept } = d ?? ({} as Partial<StoredDefinition>);
    return {
      ...kept,
      qualifiedName: qualifiedName.trim(),
      ...(displayName.trim() ? { displayName: displayName.trim() } : {}),
      ...(description.trim() ? { description: description.trim() } : {}),
      valueType: `urn:li:dataType:service.${valueType}`,
      cardinality,
      entityTypes: entityTypes.map((t) => `urn:li:entityType:service.${t}`),
      ...(allowedValues.length ? { allowedValues } : {}),
      immutable,
      ...(version ?? written?.version ?? d?.version ? { version: version ?? written?.version ?? d?.version } : {}),
    };
  }

  async function submit(version?: string) {
    setBusy(true);
    setError(null);
    setOfferVersion(null);
    setRefusal(null);
    try {
      const urn = existing?.urn ?? propertyUrnOf(qualifiedName.trim());
      const next = constraintsOf(rules, valueType, cardinality, entityTypes);
      if (next.problems.length) throw new Error(`Rules: ${next.problems.join('; ')}`);
      await saveDefinition(urn, build(version), !existing && !written);
      setWritten({ version: version ?? written?.version });
      if (inFilters !== !!existing?.settings?.showInSearchFilters) await saveSettings(urn, { ...existing?.settings, showInSearchFilters: inFilters });
      if (!sameRules(next.constraints, existing?.constraints)) {
        // Cleared rules break nothing; others are previewed, and a refused preview writes nothing.
        const preview = next.constraints && (await previewRules(urn, next.constraints));
        if (preview && !preview.applied) {
          setRefusal(preview);
          return;
        }
        await saveRules(urn, next.constraints);
      }
      onDone();
    } catch (e) {
      const message = messageOf(e);
      setError(message);
      if (existing && /needs a (higher )?version/i.test(message)) setOfferVersion(nextVersion(d?.version));
    } finally {
      setBusy(false);
    }
  }

  const id = (name: string) => `prop-${name}`;
  return (
    <form
      class="property-form"
      aria-label={existing ? `Edit ${existing.urn}` : 'New property'}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h2>{existing ? `Edit ${d?.displayName || d?.qualifiedName}` : 'New property'}</h2>
      <label for={id('qn')}>Qualified name</label>
      <input id={id('qn')} required disabled={!!existing || !!written} value={qualifiedName} onInput={(e) => setQualifiedName(e.currentTarget.value)} placeholder="io.acme.retention" />
      <label for={id('display')}>Display name</label>
      <input id={id('display')} value={displayName} onInput={(e) => setDisplayName(e.currentTarget.value)} />
      <label for={id('desc')}>Description</label>
      <textarea id={id('desc')} rows={2} value={description} onInput={(e) => setDescription(e.currentTarget.value)} />
      <label for={id('type')}>Value type</label>
      <select id={id('type')} value={valueType} onChange={(e) => setValueType(e.currentTarget.value)}>
        {VALUE_TYPES.map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
      </select>
      <label for={id('card')}>Cardinality</label>
      <select id={id('card')} value={cardinality} onChange={(e) => setCardinality(e.currentTarget.value as 'SINGLE' | 'MULTIPLE')}>
        <option value="SINGLE">SINGLE</option>
        <option value="MULTIPLE">MULTIPLE</option>
      </select>
      <fieldset>
        <legend>Entity types</legend>
        {ENTITY_TYPES.map((t) => (
          <label key={t.id} class="check">
            <input
              type="checkbox"
              checked={entityTypes.includes(t.id)}
              onChange={(e) => setEntityTypes(e.currentTarget.checked ? [...entityTypes, t.id] : entityTypes.filter((x) => x !== t.id))}
            />
            {t.label}
          </label>
        ))}
      </fieldset>
      <label for={id('allowed')}>Allowed values (one a line, optional “| description”)</label>
      <textarea id={id('allowed')} rows={3} value={allowed} onInput={(e) => setAllowed(e.currentTarget.value)} />
      <RulesFieldset draft={rules} onChange={setRules} valueType={valueType} cardinality={cardinality} entityTypes={entityTypes} />
      <label class="check">
        <input type="checkbox" checked={immutable} onChange={(e) => setImmutable(e.currentTarget.checked)} /> Immutable
      </label>
      <label class="check">
        <input type="checkbox" checked={inFilters} onChange={(e) => setInFilters(e.currentTarget.checked)} /> Show in search filters
      </label>
      <p class="hint">The search sidebar shows these properties, those filtered on and the most used ones; “More filters” finds the rest.</p>
      {d?.version && <p class="hint">Version {d.version}</p>}
      {error && (
        <p class="field-error" role="alert">
          {error}
        </p>
      )}
      {refusal && <RulesRefusal outcome={refusal} />}
      <div class="actions">
        {offerVersion && (
          <button type="button" disabled={busy} onClick={() => submit(offerVersion)}>
            Save as version {offerVersion}
          </button>
        )}
        <button type="submit" disabled={busy}>
          {existing ? 'Save changes' : 'Create property'}
        </button>
        <button type="button" class="link" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
