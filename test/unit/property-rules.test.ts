/** Pure rules of structured property constraints: the pattern dialect, rule checks, and value migration. */
import { describe, expect, it } from 'vitest';
import { compilePattern } from '../../src/catalog/structured-properties/value-pattern.js';
import { checkConstraints, checkConstraintsShape, isRequiredFor } from '../../src/catalog/structured-properties/constraint-rules.js';
import { checkMigrationPlan, migrateValues } from '../../src/catalog/structured-properties/value-migration.js';
import type { PropertyDefinition } from '../../src/model/aspects/property-definition.js';

const def = (valueType: string, extra: Partial<PropertyDefinition> = {}): PropertyDefinition => ({
  qualifiedName: 'io.x', valueType: `urn:li:dataType:datahub.${valueType}`, entityTypes: ['urn:li:entityType:datahub.dataset', 'urn:li:entityType:datahub.dataFlow'], cardinality: 'SINGLE', ...extra,
});
const P = 'urn:li:structuredProperty:io.x';

describe('the pattern dialect', () => {
  it('matches whole values, in linear time, with the shorthands and classes both engines know', () => {
    const p = compilePattern('^[A-Z]{2}-\\d+$');
    if ('error' in p) throw new Error(p.error);
    expect(['AB-1', 'ZZ-0042'].map(p.matches)).toEqual([true, true]);
    expect(['ab-1', 'AB-', 'xAB-1', 'AB-1x'].map(p.matches)).toEqual([false, false, false, false]);
    expect(p.engine).toBe('[A-Z]{2}\\-\\d+');
    const slow = compilePattern('(a+)+b');
    if ('error' in slow) throw new Error(slow.error);
    const started = process.hrtime.bigint();
    expect(slow.matches('a'.repeat(5000) + 'c')).toBe(false);
    expect(Number(process.hrtime.bigint() - started) / 1e6).toBeLessThan(5000); // a backtracking engine would never finish
  });

  it('escapes every literal punctuation for the engine, whose optional operators (~ & @ < > # ") then never apply', () => {
    const p = compilePattern('a~b&c@d<e>f#g"h');
    if ('error' in p) throw new Error(p.error);
    expect(p.engine).toBe('a\\~b\\&c\\@d\\<e\\>f\\#g\\"h');
    expect(p.matches('a~b&c@d<e>f#g"h')).toBe(true);
  });

  it('refuses what only backtracking engines do, naming the position', () => {
    expect(compilePattern('(a)\\1')).toEqual({ error: "pattern '(a)\\1': \\1 is not supported (escapes: \\d \\w \\s and their capitals, or a backslash before punctuation) at character 4" });
    expect(compilePattern('(?=a)')).toMatchObject({ error: expect.stringContaining('only (?: …) groups are supported') });
    expect(compilePattern('a*?')).toMatchObject({ error: expect.stringContaining('lazy and possessive') });
    expect(compilePattern('a{2000}')).toMatchObject({ error: expect.stringContaining('limited to 1000') });
    expect(compilePattern('a^b')).toMatchObject({ error: expect.stringContaining('only allowed at the very start') });
    expect(compilePattern('[')).toMatchObject({ error: expect.stringContaining('unclosed [') });
    expect(compilePattern('(a')).toMatchObject({ error: expect.stringContaining('unclosed (') });
    expect(compilePattern('*a')).toMatchObject({ error: expect.stringContaining('nothing to repeat') });
  });
});

describe('rules', () => {
  it('fit the value type', () => {
    expect(checkConstraintsShape(def('string'), { min: 1 })).toEqual(['min/max applies to number properties only; io.x holds urn:li:dataType:datahub.string']);
    expect(checkConstraintsShape(def('date'), { after: '2020-02-30' })).toEqual(['2020-02-30 is not a real day (YYYY-MM-DD)']);
    expect(checkConstraintsShape(def('number'), { required: true, requiredEntityTypes: ['urn:li:entityType:datahub.corpuser'] })[0]).toContain("is not one of the property's entityTypes");
    expect(checkConstraintsShape(def('string', { cardinality: 'MULTIPLE' }), { minCount: 1, maxCount: 3, pattern: '[a-z]+' })).toEqual([]);
  });

  it('name the property, the rule and the value', () => {
    expect(checkConstraints(P, def('number'), { min: 1, max: 10 }, [{ double: 0 }, { string: '11' }, { double: 5 }])).toEqual([
      `Property: ${P} breaks rule min: must be at least 1, value: {double=0.0}`,
      `Property: ${P} breaks rule max: must be at most 10, value: {string=11}`,
    ]);
    expect(checkConstraints(P, def('date'), { after: '2020-01-01', before: '2021-01-01' }, [{ string: '2020-01-01' }, { string: '2020-06-01' }])).toEqual([`Property: ${P} breaks rule after: must be after 2020-01-01, value: {string=2020-01-01}`]);
    expect(checkConstraints(P, def('string'), { minLength: 2, maxLength: 3 }, [{ string: 'é' }, { string: '日本語' }])).toEqual([`Property: ${P} breaks rule minLength: must be at least 2 characters, has 1, value: {string=é}`]);
    expect(checkConstraints(P, def('string', { cardinality: 'MULTIPLE' }), { maxCount: 1 }, [{ string: 'a' }, { string: 'b' }])).toEqual([`Property: ${P} breaks rule maxCount: takes at most 1 values, got 2`]);
  });

  it('require a value only on the entity types and platforms named', () => {
    const d = def('number');
    const hive = { entityType: 'dataset', urn: 'urn:li:dataset:(urn:li:dataPlatform:hive,a,PROD)' };
    const kafka = { entityType: 'dataset', urn: 'urn:li:dataset:(urn:li:dataPlatform:kafka,a,PROD)' };
    const flow = { entityType: 'dataFlow', urn: 'urn:li:dataFlow:(hive,f,PROD)' };
    expect([hive, kafka, flow].map((t) => isRequiredFor(d, { required: true }, t))).toEqual([true, true, true]);
    expect([hive, kafka, flow].map((t) => isRequiredFor(d, { required: true, requiredPlatforms: ['urn:li:dataPlatform:hive'] }, t))).toEqual([true, false, true]);
    expect([hive, kafka, flow].map((t) => isRequiredFor(d, { required: true, requiredEntityTypes: ['urn:li:entityType:datahub.dataset'] }, t))).toEqual([true, true, false]);
    expect(isRequiredFor(d, { min: 1 }, hive)).toBe(false);
  });
});

describe('value migration', () => {
  it('maps, converts, drops what the new version cannot hold, and applies the cardinality rule', () => {
    const next = def('number');
    expect(migrateValues([{ string: '30' }], next, undefined, {}, P)).toEqual({ after: [{ double: 30 }], mapped: 0, converted: 1, dropped: [] });
    expect(migrateValues([{ string: 'forever' }], next, undefined, { values: [{ from: 'forever', to: 36500 }] }, P)).toMatchObject({ after: [{ double: 36500 }], mapped: 1 });
    expect(migrateValues([{ string: 'forever' }], next, { max: 3650 }, { values: [{ from: 'forever', to: 36500 }] }, P).dropped[0].reason).toContain('breaks rule max');
    const multi = [{ string: 'a' }, { string: 'b' }];
    expect(migrateValues(multi, def('string'), undefined, { cardinality: 'KEEP_FIRST' }, P).after).toEqual([{ string: 'a' }]);
    expect(migrateValues(multi, def('string'), undefined, { cardinality: 'DROP' }, P).after).toEqual([]);
    expect(migrateValues(multi, def('string', { cardinality: 'MULTIPLE' }), undefined, { values: [{ from: 'a', to: 'b' }] }, P).after).toEqual([{ string: 'b' }]);
  });

  it('refuses plans that leave a case open', () => {
    const multi = def('string', { cardinality: 'MULTIPLE' });
    expect(checkMigrationPlan(multi, def('string'), {})[0]).toContain('changes from MULTIPLE to SINGLE');
    expect(checkMigrationPlan(multi, def('string'), { cardinality: 'KEEP_ALL' })[0]).toContain('KEEP_ALL keeps several values');
    expect(checkMigrationPlan(def('number'), def('string'), { values: [{ from: 1, to: 'a' }, { from: '1', to: 'b' }] })).toEqual(['migration.values maps "1" twice']);
  });
});
