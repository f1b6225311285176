/** The column edges fineGrainedLineages name, and how a column is matched against its dataset's schema. */
import { describe, expect, it } from 'vitest';
import { columnParts, fieldLineageEdgesOf, fieldLineageUrns, schemaHasColumn } from '../../src/model/field-lineage.js';
import { simplifyFieldPath } from '../../src/model/field-path.js';
import { presentedFields } from '../../src/model/registry/presented-fields.js';

const D = 'urn:li:dataset:(urn:li:dataPlatform:hive,a.b,PROD)';
const E = 'urn:li:dataset:(urn:li:dataPlatform:hive,c,PROD)';
const col = (d: string, p: string) => `urn:li:schemaField:(${d},${p})`;

describe('fieldLineageEdgesOf', () => {
  it('pairs every upstream column with every downstream column, once, from datasets and jobs alike; skips whole-dataset ends and junk', () => {
    const aspects = {
      upstreamLineage: { value: { upstreams: [], fineGrainedLineages: [
        { upstreamType: 'FIELD_SET', upstreams: [col(D, 'x'), col(D, 'y')], downstreamType: 'FIELD', downstreams: [col(E, 'z')], transformOperation: 'SUM', confidenceScore: 0.5 },
        { upstreamType: 'DATASET', upstreams: [D], downstreams: [col(E, 'z')] },
        { upstreams: [col(D, 'x')], downstreams: [col(E, 'z')] },
        null, 'junk', { upstreams: 'not a list', downstreams: [col(E, 'z')] },
      ] } },
      dataJobInputOutput: { value: { fineGrainedLineages: [{ upstreams: [col(E, 'z')], downstreams: [col(D, 'w'), 42] }] } },
    };
    const edges = fieldLineageEdgesOf(aspects);
    expect(edges).toEqual([
      { upstream: col(D, 'x'), downstream: col(E, 'z'), aspect: 'upstreamLineage', transformOperation: 'SUM', confidenceScore: 0.5 },
      { upstream: col(D, 'y'), downstream: col(E, 'z'), aspect: 'upstreamLineage', transformOperation: 'SUM', confidenceScore: 0.5 },
      { upstream: col(E, 'z'), downstream: col(D, 'w'), aspect: 'dataJobInputOutput' },
    ]);
    expect(fieldLineageUrns(edges, 'UPSTREAM')).toEqual([col(D, 'x'), col(D, 'y'), col(E, 'z')]);
    expect(fieldLineageUrns(edges, 'DOWNSTREAM')).toEqual([col(E, 'z'), col(D, 'w')]);
    expect(fieldLineageEdgesOf({})).toEqual([]);
  });
});

describe('columns', () => {
  it('splits a column URN into its dataset and a path that may hold commas; refuses what is not one', () => {
    expect(columnParts(col(D, 'a,b'))).toEqual({ parent: D, fieldPath: 'a,b' });
    expect(columnParts(D)).toBeUndefined();
    expect(columnParts('urn:li:schemaField:(broken')).toBeUndefined();
  });

  it('matches a column to the schema by its path, with or without v2 annotations', () => {
    expect(simplifyFieldPath('[version=2.0].[type=struct].address.[type=string].city')).toBe('address.city');
    const aspects = { schemaMetadata: { value: { fields: [{ fieldPath: '[version=2.0].[type=string].country' }, { fieldPath: 'id' }] } } };
    expect(schemaHasColumn(aspects, 'country')).toBe(true);
    expect(schemaHasColumn(aspects, 'id')).toBe(true);
    expect(schemaHasColumn(aspects, 'gone')).toBe(false);
    expect(schemaHasColumn(undefined, 'id')).toBe(false);
  });

  it('a column type offers lineage in GraphQL though no aspect of its own names it', () => {
    expect(presentedFields({ name: 'schemaField', aspects: ['status'] }).has('lineage')).toBe(true);
    expect(presentedFields({ name: 'tag', aspects: ['status'] }).has('lineage')).toBe(false);
  });
});
