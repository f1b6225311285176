/** The property form's "Rules" fieldset: required (optionally for some entity types or platforms) and the bounds that fit the value type. */
import { ENTITY_TYPES } from '../model/entity-types';
import { inputsFor, type BoundInput, type RulesDraft } from '../model/rules-draft';

interface Props {
  draft: RulesDraft;
  onChange(next: RulesDraft): void;
  valueType: string;
  cardinality: string;
  /** The entity type ids the definition applies to. */
  entityTypes: string[];
}

const INPUTS: Record<BoundInput, { label: string; type: 'number' | 'text' | 'date'; whole?: boolean; hint?: string }> = {
  min: { label: 'Minimum', type: 'number' },
  max: { label: 'Maximum', type: 'number' },
  pattern: { label: 'Pattern', type: 'text', hint: 'The whole value must match, e.g. [A-Z]{2}-\\d+ (classes, groups, | and repeats; no back-references, look-arounds or lazy repeats).' },
  minLength: { label: 'Minimum length', type: 'number', whole: true },
  maxLength: { label: 'Maximum length', type: 'number', whole: true },
  after: { label: 'After (exclusive)', type: 'date' },
  before: { label: 'Before (exclusive)', type: 'date' },
  minCount: { label: 'Minimum number of values', type: 'number', whole: true },
  maxCount: { label: 'Maximum number of values', type: 'number', whole: true },
};

const id = (name: string) => `prop-rule-${name}`;

export function RulesFieldset({ draft, onChange, valueType, cardinality, entityTypes }: Props) {
  const set = <K extends keyof RulesDraft>(key: K, value: RulesDraft[K]) => onChange({ ...draft, [key]: value });
  const types = ENTITY_TYPES.filter((t) => entityTypes.includes(t.id));
  return (
    <fieldset class="rules">
      <legend>Rules</legend>
      <label class="check">
        <input type="checkbox" checked={draft.required} onChange={(e) => set('required', e.currentTarget.checked)} /> Required
      </label>
      {draft.required && (
        <div class="rules-required">
          {types.length > 1 && (
            <fieldset>
              <legend>Required only for</legend>
              {types.map((t) => (
                <label key={t.id} class="check">
                  <input
                    type="checkbox"
                    checked={draft.requiredTypes.includes(t.id)}
                    onChange={(e) => set('requiredTypes', e.currentTarget.checked ? [...draft.requiredTypes, t.id] : draft.requiredTypes.filter((x) => x !== t.id))}
                  />
                  {t.label}
                </label>
              ))}
              <p class="hint">None checked: every entity type above.</p>
            </fieldset>
          )}
          <label for={id('platforms')}>Required only on platforms</label>
          <input id={id('platforms')} aria-describedby={id('platforms-hint')} value={draft.platforms} onInput={(e) => set('platforms', e.currentTarget.value)} placeholder="hive, kafka" />
          <p class="hint" id={id('platforms-hint')}>
            Separated by commas; empty: any platform.
          </p>
        </div>
      )}
      <div class="rules-bounds">
        {inputsFor(valueType, cardinality).map((key) => {
          const input = INPUTS[key];
          const common = {
            id: id(key),
            value: draft[key],
            'aria-describedby': input.hint ? id(`${key}-hint`) : undefined,
            onInput: (e: { currentTarget: HTMLInputElement }) => set(key, e.currentTarget.value),
          };
          return (
            <div key={key} class="rule">
              <label for={id(key)}>{input.label}</label>
              {input.type === 'number' ? (
                <input type="number" step={input.whole ? 1 : 'any'} min={input.whole ? 0 : undefined} {...common} />
              ) : input.type === 'date' ? (
                <input type="date" {...common} />
              ) : (
                <input type="text" {...common} />
              )}
              {input.hint && (
                <p class="hint" id={id(`${key}-hint`)}>
                  {input.hint}
                </p>
              )}
            </div>
          );
        })}
      </div>
      <p class="hint">Values that break a rule are refused on every write; tightening a rule that stored values would break is refused too.</p>
    </fieldset>
  );
}
