/**
 * The property form's Rules inputs as text, to and from the stored rules. Only the rules that fit the value type and
 * cardinality are offered and sent, so changing the type drops the rules of the old one.
 */
import type { PropertyConstraints } from '../api/property-rules';
import { entityTypeId, platformName } from './rules-summary';

export interface RulesDraft {
  required: boolean;
  /** Entity type ids the value is required on; none means every type the property applies to. */
  requiredTypes: string[];
  /** Platform names (or URNs), separated by commas or spaces; empty means any platform. */
  platforms: string;
  min: string;
  max: string;
  pattern: string;
  minLength: string;
  maxLength: string;
  after: string;
  before: string;
  minCount: string;
  maxCount: string;
}

export type BoundInput = Exclude<keyof RulesDraft, 'required' | 'requiredTypes' | 'platforms'>;

const text = (v: number | string | undefined): string => (v === undefined ? '' : String(v));

export function draftOf(c: PropertyConstraints | undefined): RulesDraft {
  return {
    required: !!c?.required,
    requiredTypes: (c?.requiredEntityTypes ?? []).map(entityTypeId),
    platforms: (c?.requiredPlatforms ?? []).map(platformName).join(', '),
    min: text(c?.min),
    max: text(c?.max),
    pattern: c?.pattern ?? '',
    minLength: text(c?.minLength),
    maxLength: text(c?.maxLength),
    after: c?.after ?? '',
    before: c?.before ?? '',
    minCount: text(c?.minCount),
    maxCount: text(c?.maxCount),
  };
}

/** The bound inputs that fit a value type (string, number, date, urn, rich_text) and cardinality. */
export function inputsFor(valueType: string, cardinality: string): BoundInput[] {
  const byType: BoundInput[] =
    valueType === 'number' ? ['min', 'max'] : valueType === 'date' ? ['after', 'before'] : ['string', 'urn', 'rich_text'].includes(valueType) ? ['pattern', 'minLength', 'maxLength'] : [];
  return cardinality === 'MULTIPLE' ? [...byType, 'minCount', 'maxCount'] : byType;
}

const NUMERIC: ReadonlySet<BoundInput> = new Set(['min', 'max', 'minLength', 'maxLength', 'minCount', 'maxCount']);

/**
 * The rules to store (null when there are none), from the inputs that fit; `entityTypes` are the ids the definition
 * applies to (a required type no longer among them is dropped). Unreadable numbers come back as problems.
 */
export function constraintsOf(draft: RulesDraft, valueType: string, cardinality: string, entityTypes: string[]): { constraints: PropertyConstraints | null; problems: string[] } {
  const out: Record<string, unknown> = {};
  const problems: string[] = [];
  if (draft.required) {
    out.required = true;
    const types = draft.requiredTypes.filter((t) => entityTypes.includes(t));
    if (types.length > 0 && types.length < entityTypes.length) out.requiredEntityTypes = types.map((t) => `urn:li:entityType:service.${t}`);
    const platforms = draft.platforms.split(/[\s,]+/).filter(Boolean);
    if (platforms.length > 0) out.requiredPlatforms = platforms.map((p) => (p.startsWith('urn:') ? p : `urn:li:dataPlatform:${p}`));
  }
  for (const key of inputsFor(valueType, cardinality)) {
    const raw = draft[key].trim();
    if (raw === '') continue;
    if (!NUMERIC.has(key)) out[key] = key === 'pattern' ? draft[key] : raw;
    else if (Number.isFinite(Number(raw))) out[key] = Number(raw);
    else problems.push(`${key} must be a number, got “${raw}”`);
  }
  return { constraints: Object.keys(out).length > 0 ? (out as PropertyConstraints) : null, problems };
}

/** Whether two sets of rules say the same (who changed them last does not count). */
export function sameRules(a: PropertyConstraints | null | undefined, b: PropertyConstraints | null | undefined): boolean {
  const canonical = (c: PropertyConstraints | null | undefined) => {
    const { lastModified: _l, ...rest } = c ?? {};
    return JSON.stringify(Object.entries(rest).sort(([x], [y]) => x.localeCompare(y)));
  };
  return canonical(a) === canonical(b);
}
