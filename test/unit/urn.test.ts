import { describe, expect, it } from 'vitest';
import { canonicalBrandUrn, encodeUrn, parseEntityUrn, parseUrn, splitTuple } from '../../src/model/urn.js';

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
