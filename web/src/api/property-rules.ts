/** A property's value rules (structuredPropertyConstraints): preview and write them, and the compliance report. */
import { rest } from './rest';

/** The rules as the API stores them; absent fields do not apply. */
export interface PropertyConstraints {
  required?: boolean;
  /** Entity type URNs (urn:li:entityType:service.dataset); every type the property applies to when absent. */
  requiredEntityTypes?: string[];
  /** Data platform URNs (urn:li:dataPlatform:hive); any platform when absent. */
  requiredPlatforms?: string[];
  min?: number;
  max?: number;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  /** Days (YYYY-MM-DD), both exclusive. */
  after?: string;
  before?: string;
  minCount?: number;
  maxCount?: number;
  lastModified?: unknown;
}

export interface RulesOutcome {
  urn: string;
  dryRun: boolean;
  applied: boolean;
  problems: string[];
  /** Entities holding values that are valid now and would break the new rules: how many, and a few by URN. */
  breaking: { entities: number; samples: string[] };
}

export interface PropertyCompliance {
  urn: string;
  qualifiedName: string;
  required: boolean;
  /** The entity type names counted (dataset, schemaField, …). */
  entityTypes: string[];
  constraints?: PropertyConstraints;
  applicable: number;
  compliant: number;
  missing: number;
  invalid: number;
}

const RULES = '/openapi/v3/structuredProperties/constraints?waitForSearch=true';
/** The report takes at most this many properties per call. */
const REPORT_LIMIT = 100;

/** The same checks as a write, answered instead of written: `applied` false with the problems and breaking values. */
export const previewRules = (urn: string, constraints: PropertyConstraints | null): Promise<RulesOutcome> =>
  rest<RulesOutcome>('POST', RULES, { urn, constraints, dryRun: true });

/** Writes (or, with null, clears) the rules; a refusal rejects with the API's message. */
export const saveRules = (urn: string, constraints: PropertyConstraints | null): Promise<RulesOutcome> =>
  rest<RulesOutcome>('POST', RULES, { urn, constraints, dryRun: false });

/** Compliance of these properties (by URN), one call per hundred, counted by the index; no samples. */
export async function complianceOf(urns: string[]): Promise<Map<string, PropertyCompliance>> {
  const calls: Promise<{ properties: PropertyCompliance[] }>[] = [];
  for (let i = 0; i < urns.length; i += REPORT_LIMIT) {
    const q = new URLSearchParams({ samples: '0' });
    for (const urn of urns.slice(i, i + REPORT_LIMIT)) q.append('property', urn);
    calls.push(rest('GET', `/openapi/v3/structuredProperties/compliance?${q}`));
  }
  const answers = await Promise.all(calls);
  return new Map(answers.flatMap((a) => a.properties.map((p) => [p.urn, p] as const)));
}
