import { describe, expect, it } from 'vitest';
import { breakingChanges, checkDefinitionShape, isVersionBump } from '../../src/catalog/structured-properties/definition-rules.js';
import { checkAssignment, checkDuplicates, checkValueType, formatPrimitive, isValidDate, numberOf, platformOfUrn } from '../../src/catalog/structured-properties/value-rules.js';
import type { PropertyDefinition } from '../../src/model/aspects/property-definition.js';

const P = 'urn:li:structuredProperty:p';
const def = (extra: Partial<PropertyDefinition> = {}): PropertyDefinition => ({
  qualifiedName: 'p',
  valueType: 'urn:li:dataType:service.string',
  cardinality: 'SINGLE',
  entityTypes: ['urn:li:entityType:service.dataset'],
  ...extra,
});
const DS = { entityType: 'dataset', urn: 'urn:li:dataset:(urn:li:dataPlatform:hive,t,PROD)' };

describe('value rules', () => {
  it('formats values as the original does', () => {
    expect(formatPrimitive({ double: 30 })).toBe('{double=30.0}');
    expect(formatPrimitive({ string: 'baz' })).toBe('{string=baz}');
  });

  it('reads numbers from doubles and numeric strings only', () => {
    expect(numberOf({ string: ' 30 ' })).toBe(30);
    expect(numberOf({ string: '1e3' })).toBe(1000);
    for (const s of ['30 days', '0x10', '', 'NaN', '1,5']) expect(numberOf({ string: s })).toBeUndefined();
  });

  it('accepts real calendar dates between years 1000 and 9999', () => {
    expect(isValidDate('2024-02-29')).toBe(true);
    expect(isValidDate('9999-12-31')).toBe(true);
    for (const s of ['2023-02-29', '0999-12-31', '2024-1-01', '2024-00-10', '20240101']) expect(isValidDate(s)).toBe(false);
  });

  it('checks the value type, the urn qualifier and the byte limit', () => {
    expect(checkValueType(P, def(), { double: 1 })).toBe(`Property: ${P}, value: {double=1.0} should be a string`);
    expect(checkValueType(P, def({ valueType: 'urn:li:dataType:datahub.number' }), { string: '2.5' })).toBeUndefined();
    expect(checkValueType(P, def({ valueType: 'urn:li:dataType:service.urn', typeQualifier: { allowedTypes: ['urn:li:entityType:service.corpuser'] } }), { string: 'urn:li:corpuser:a' })).toBeUndefined();
    expect(checkValueType(P, def({ valueType: 'urn:li:dataType:service.urn', typeQualifier: { allowedTypes: ['urn:li:entityType:service.corpuser'] } }), { string: 'urn:li:tag:a' })).toContain('is not of any supported urn types');
    expect(checkValueType(P, def(), { string: 'x'.repeat(32_767) })).toBe(`Property: ${P}, value is 32767 bytes which exceeds the maximum of 32766 UTF-8 bytes`);
    expect(checkValueType(P, def({ valueType: 'urn:li:dataType:service.blob' }), { string: 'x' })).toContain('not yet implemented');
  });

  it('checks entity type, cardinality, platforms and allowed values of one assignment', () => {
    const a = { propertyUrn: P, values: [{ string: 'a' }, { string: 'b' }] };
    expect(checkAssignment(def(), a, { entityType: 'dataJob', urn: 'urn:li:dataJob:(urn:li:dataFlow:(a,b,c),j)' })).toEqual([
      `Property: ${P} cannot be set on urn:li:dataJob:(urn:li:dataFlow:(a,b,c),j): entity type dataJob is not one of its entityTypes [dataset]`,
      `Property: ${P} has cardinality 1, but multiple values were assigned: [{string=a}, {string=b}]`,
    ]);
    const allowed = def({ cardinality: 'MULTIPLE', allowedValues: [{ value: { string: 'a' } }] });
    expect(checkAssignment(allowed, a, DS)).toEqual([`Property: ${P}, value: {string=b} should be one of [{string=a}]`]);
    const numeric = def({ valueType: 'urn:li:dataType:service.number', allowedValues: [{ value: { double: 30 } }] });
    expect(checkAssignment(numeric, { propertyUrn: P, values: [{ string: '30' }] }, DS)).toEqual([]);
    expect(checkAssignment(def({ allowedPlatforms: ['urn:li:dataPlatform:kafka'] }), { propertyUrn: P, values: [] }, DS)[0]).toContain('belongs to platform urn:li:dataPlatform:hive');
    expect(platformOfUrn(`urn:li:schemaField:(${DS.urn},c)`)).toBe('urn:li:dataPlatform:hive');
  });

  it('names properties given twice', () => {
    expect(checkDuplicates([{ propertyUrn: P, values: [] }, { propertyUrn: P, values: [{ double: 1 }] }])).toEqual([`Property: ${P} has multiple entries: [[], [{double=1.0}]]`]);
  });
});

describe('definition rules', () => {
  it('checks the shape of a definition', () => {
    expect(checkDefinitionShape('p', def())).toEqual([]);
    const { cardinality: _, ...noCardinality } = def();
    expect(checkDefinitionShape('p', noCardinality as PropertyDefinition)).toEqual(['cardinality is required (SINGLE or MULTIPLE)']);
    expect(checkDefinitionShape('q', def())[0]).toContain("must equal the id of the property urn ('q')");
    expect(checkDefinitionShape('p', def({ version: '1' }))[0]).toContain('Must match [0-9]{14}');
    expect(checkDefinitionShape('p', def({ entityTypes: ['urn:li:dataType:service.string'] }))[0]).toContain('is not an entity type urn');
    expect(checkDefinitionShape('_versioned', def({ qualifiedName: '_versioned' }))[0]).toContain('is reserved');
  });

  it('compares versions as the original does', () => {
    expect(isVersionBump(def(), def({ version: '20240101000000' }))).toBe(true);
    expect(isVersionBump(def({ version: '20240101000000' }), def({ version: '20240101000000' }))).toBe(false);
    expect(isVersionBump(def({ version: '20240101000000' }), def({ version: '20250101000000' }))).toBe(true);
  });

  it('lists breaking changes unless the version goes up', () => {
    const prev = def({ cardinality: 'MULTIPLE', allowedValues: [{ value: { string: 'a' } }, { value: { string: 'b' } }] });
    const next = def({ cardinality: 'SINGLE', valueType: 'urn:li:dataType:service.urn', allowedValues: [{ value: { string: 'a' } }] });
    expect(breakingChanges(prev, next).map((m) => m.split(';')[0])).toEqual([
      'Value type cannot be changed as this is a backwards incompatible change (from urn:li:dataType:service.string to urn:li:dataType:service.urn)',
      'Property definition cardinality cannot be changed from MULTIPLE to SINGLE',
      'Cannot restrict values that were previously allowed: allowed value {string=b} was removed',
    ]);
    expect(breakingChanges(prev, { ...next, version: '20240101000000' })).toEqual([]);
    expect(breakingChanges(prev, def({ cardinality: 'MULTIPLE' }))).toEqual([]); // dropping allowed values entirely is fine
    expect(breakingChanges(def(), def({ valueType: 'urn:li:dataType:datahub.string' }))).toEqual([]);
    expect(breakingChanges(def(), def({ qualifiedName: 'q', version: '20240101000000' }))[0]).toContain('Cannot change the fully qualified name');
  });
});
