/**
 * The `constraints:` mapping of a property file entry — the value rules kept in the `structuredPropertyConstraints`
 * aspect, with the aspect's own keys — read from the file, compared with what is stored, and shown back in the file's
 * shape (entity types and platforms by short name).
 */
import { dequal } from 'dequal';
import { z } from 'zod';
import { entityTypeUrnToName } from '../model/entity-types.js';
import type { StructuredPropertyConstraints } from '../model/aspects/structured-property-constraints.js';

export type Rules = Omit<StructuredPropertyConstraints, 'lastModified'>;

const MAX_COUNT = 10_000;
const PLATFORM_PREFIX = 'urn:li:dataPlatform:';

const num = (key: string) => z.number({ error: `${key} must be a number` }).finite({ error: `${key} must be a finite number` });
const count = (key: string) => {
  const error = `${key} must be a whole number from 0 to ${MAX_COUNT}`;
  return z.number({ error }).int({ error }).min(0, { error }).max(MAX_COUNT, { error });
};
const day = (key: string) => z.string({ error: `${key} must be a date YYYY-MM-DD` }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: `${key} must be a date YYYY-MM-DD` });
const names = (key: string, example: string) => z.array(z.string({ error: `must be a name such as ${example}` }), { error: `${key} must be a list such as [${example}]` });

/** The file's `constraints:` mapping; `null` or `{}` clears the stored rules. */
export const RulesEntrySchema = z.strictObject(
  {
    required: z.boolean({ error: 'required must be true or false' }).optional(),
    requiredEntityTypes: names('requiredEntityTypes', 'dataset').optional(),
    requiredPlatforms: names('requiredPlatforms', 'hive').optional(),
    min: num('min').optional(),
    max: num('max').optional(),
    pattern: z.string({ error: 'pattern must be text' }).min(1, { error: 'pattern must not be empty' }).max(500, { error: 'pattern must be at most 500 characters' }).optional(),
    minLength: count('minLength').optional(),
    maxLength: count('maxLength').optional(),
    after: day('after').optional(),
    before: day('before').optional(),
    minCount: count('minCount').optional(),
    maxCount: count('maxCount').optional(),
    valueOwner: z.enum(['SETTER', 'LOADS'], { error: 'valueOwner must be SETTER (a load replaces only its own values) or LOADS (any load replaces them)' }).optional(),
  },
  { error: 'constraints must be a mapping of rules (required, requiredEntityTypes, requiredPlatforms, min, max, pattern, minLength, maxLength, after, before, minCount, maxCount, valueOwner), or null to clear them' },
);
export type RulesEntry = z.output<typeof RulesEntrySchema>;

/** `hive` or `urn:li:dataPlatform:hive` as the platform URN; undefined when it is neither. */
export function platformUrnOf(name: string): string | undefined {
  if (name.startsWith(PLATFORM_PREFIX)) return name.length > PLATFORM_PREFIX.length ? name : undefined;
  return /^[A-Za-z0-9][A-Za-z0-9_.-]*$/.test(name) ? `${PLATFORM_PREFIX}${name}` : undefined;
}

const withoutUndefined = (o: object) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

/** The stored rules without their audit stamp (what a file can say); undefined when there are none. */
export function rulesOf(stored: StructuredPropertyConstraints | undefined): Rules | undefined {
  if (!stored) return undefined;
  const { lastModified: _stamp, ...rules } = stored;
  return Object.keys(withoutUndefined(rules)).length > 0 ? rules : undefined;
}

/** Whether writing `next` (null: clear) changes the stored rules. */
export function sameRules(stored: StructuredPropertyConstraints | undefined, next: Rules | null): boolean {
  const before = rulesOf(stored);
  if (next === null) return before === undefined;
  return before !== undefined && dequal(withoutUndefined(before), withoutUndefined(next));
}

/** Stored rules in the file's shape: entity types and platforms by short name, no audit stamp. */
export function rulesEntry(stored: StructuredPropertyConstraints | undefined): Record<string, unknown> | undefined {
  const rules = rulesOf(stored);
  if (!rules) return undefined;
  return withoutUndefined({
    ...rules,
    requiredEntityTypes: rules.requiredEntityTypes?.map((t) => entityTypeUrnToName(t) ?? t),
    requiredPlatforms: rules.requiredPlatforms?.map((p) => (p.startsWith(PLATFORM_PREFIX) ? p.slice(PLATFORM_PREFIX.length) : p)),
  });
}

const RULE_KEYS = Object.keys(RulesEntrySchema.shape) as (keyof Rules)[];

/** The `constraints.<rule>` field a rule message is about (messages start with the rule's name, or quote its value). */
export function rulesFieldOf(message: string, rules: Rules): string {
  const named = (/^[A-Za-z]+(?:\/[A-Za-z]+)*/.exec(message)?.[0] ?? '').split('/');
  const key = named.find((k) => (RULE_KEYS as string[]).includes(k) && rules[k as keyof Rules] !== undefined) ?? RULE_KEYS.find((k) => typeof rules[k] === 'string' && message.startsWith(rules[k] as string));
  return key ? `constraints.${key}` : 'constraints';
}
