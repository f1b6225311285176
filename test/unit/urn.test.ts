import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { canonicalBrandUrn, encodedLength, encodeUrn, parseEntityUrn, parseUrn, splitTuple } from '../../src/model/urn.js';

describe('urn parsing', () => {
  it('parses a dataset urn into its tuple parts', () => {
    const u = parseEntityUrn('urn:li:dataset:(urn:li:dataPlatform:hive,db.users,PROD)');
    expect(u.entityType).toBe('dataset');
    expect(u.parts).toEqual(['urn:li:dataPlatform:hive', 'db.users', 'PROD']);
  });

  it('keeps nested tuples together (schema field of a dataset)', () => {
    const u = parseEntityUrn('urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:hive,db.users,PROD),user_name)');
    expect(u.parts).toEqual(['urn:li:dataset:(urn:li:dataPlatform:hive,db.users,PROD)', 'user_name']);
  });

  it('parses data flow and data job urns', () => {
    expect(parseEntityUrn('urn:li:dataFlow:(airflow,daily,prod)').parts).toEqual(['airflow', 'daily', 'prod']);
    expect(parseEntityUrn('urn:li:dataJob:(urn:li:dataFlow:(airflow,daily,prod),load)').parts[1]).toBe('load');
  });

  it.each([
    ['', 'non-empty'],
    ['dataset:x', 'expected urn:li'],
    ['urn:li:dataset:(hive,x)', 'expected urn:li:dataset'],
    ['urn:li:dataset:(urn:li:dataPlatform:hive,x,INVALID)', 'unknown environment INVALID'],
    ['urn:li:dataset:(urn:li:dataPlatform:hive,x,PROD', 'unbalanced'],
    ['urn:li:dataJob:(urn:li:tag:x,load)', 'dataFlow'],
    ['urn:li:dataFlow:(airflow,daily)', 'urn:li:dataFlow:(<orchestrator>'],
  ])('refuses %s with a message saying what is wrong', (raw, why) => {
    expect(() => parseEntityUrn(raw)).toThrow(why);
  });

  it('refuses non-strings', () => {
    expect(() => parseUrn(42)).toThrow('non-empty string');
  });

  it('splits plain ids into one part', () => {
    expect(splitTuple('deprecated', 'urn:li:tag:deprecated')).toEqual(['deprecated']);
  });

  it('percent-encodes : ( ) and , as the specification shows', () => {
    expect(encodeUrn('urn:li:dataset:(urn:li:dataPlatform:hive,a/b,PROD)')).toBe('urn%3Ali%3Adataset%3A%28urn%3Ali%3AdataPlatform%3Ahive%2Ca%2Fb%2CPROD%29');
  });

  it('accepts the original brand word as an alias of service.', () => {
    expect(canonicalBrandUrn('urn:li:dataType:datahub.number')).toBe('urn:li:dataType:service.number');
    expect(canonicalBrandUrn('urn:li:entityType:datahub.dataset')).toBe('urn:li:entityType:service.dataset');
    expect(canonicalBrandUrn('urn:li:tag:datahub.x')).toBe('urn:li:tag:datahub.x');
  });
});

describe('urn length and well-formedness', () => {
  it('counts the percent-encoded length without building it, for any well-formed string', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (s) => encodedLength(s) === encodeUrn(s).length), { numRuns: 2000 });
    for (const s of ['urn:li:tag:a(b)!*\'', 'é', '中', '😀', 'a b/c?d#e%f']) expect(encodedLength(s), s).toBe(encodeUrn(s).length);
  });

  it('refuses an unpaired surrogate with its position', () => {
    expect(() => parseUrn('urn:li:tag:a\uD800')).toThrow('unpaired surrogate U+D800 at position 12');
    expect(() => parseUrn('urn:li:tag:\uDC00b')).toThrow('unpaired surrogate U+DC00 at position 11');
    expect(parseUrn('urn:li:tag:😀').id).toBe('😀');
  });
});
