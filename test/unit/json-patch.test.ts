import { describe, expect, it } from 'vitest';
import { applyAspectPatch } from '../../src/model/json-patch.js';

const A = 'urn:li:structuredProperty:io.acryl.privacy.retentionTime';
const B = 'urn:li:structuredProperty:io.acryl.privacy.retentionTime02';
const keys = { arrayPrimaryKeys: { properties: ['propertyUrn'] } };

describe('json patch with array primary keys', () => {
  const current = { properties: [{ propertyUrn: A, values: [{ double: 60 }] }, { propertyUrn: B, values: [{ string: 'bar2' }] }] };

  it('remove deletes that entry and leaves the others', () => {
    expect(applyAspectPatch('structuredProperties', current, { patch: [{ op: 'remove', path: `/properties/${A}` }], ...keys })).toEqual({
      properties: [{ propertyUrn: B, values: [{ string: 'bar2' }] }],
    });
  });

  it('add replaces an existing entry in place and appends a new one', () => {
    const out = applyAspectPatch('structuredProperties', current, {
      patch: [
        { op: 'add', path: `/properties/${A}`, value: { propertyUrn: A, values: [{ double: 365 }] } },
        { op: 'add', path: '/properties/urn:li:structuredProperty:c', value: { propertyUrn: 'urn:li:structuredProperty:c', values: [{ string: 'x' }] } },
      ],
      ...keys,
    });
    expect(out.properties.map((p: any) => p.propertyUrn)).toEqual([A, B, 'urn:li:structuredProperty:c']);
    expect(out.properties[0].values).toEqual([{ double: 365 }]);
  });

  it('removing an absent entry is a no-op, also on a missing aspect', () => {
    expect(applyAspectPatch('structuredProperties', current, { patch: [{ op: 'remove', path: '/properties/urn:li:structuredProperty:nope' }], ...keys })).toEqual(current);
    expect(applyAspectPatch('structuredProperties', undefined, { patch: [{ op: 'remove', path: `/properties/${A}` }], ...keys })).toEqual({ properties: [] });
  });

  it('uses the aspect template keys without arrayPrimaryKeys (globalTags keyed by tag)', () => {
    const out = applyAspectPatch('globalTags', { tags: [{ tag: 'urn:li:tag:a' }] }, [{ op: 'add', path: '/tags/urn:li:tag:b', value: { tag: 'urn:li:tag:b' } }]);
    expect(out).toEqual({ tags: [{ tag: 'urn:li:tag:a' }, { tag: 'urn:li:tag:b' }] });
  });

  it('supports two keys with a nested key path and re-injects a missing scalar key', () => {
    const body = {
      patch: [{ op: 'add' as const, path: `/properties/${A}/`, value: { values: [{ double: 30 }] } }],
      arrayPrimaryKeys: { properties: ['propertyUrn', 'attribution\u241Fsource'] },
    };
    expect(applyAspectPatch('structuredProperties', undefined, body)).toEqual({ properties: [{ values: [{ double: 30 }], propertyUrn: A }] });
  });

  it('handles plain object paths, replace, test, copy and move', () => {
    let v = applyAspectPatch('datasetProperties', { name: 'a' }, [{ op: 'add', path: '/customProperties/k', value: 'v' }]);
    expect(v).toEqual({ name: 'a', customProperties: { k: 'v' } });
    v = applyAspectPatch('datasetProperties', v, [{ op: 'test', path: '/name', value: 'a' }, { op: 'replace', path: '/name', value: 'b' }, { op: 'copy', from: '/name', path: '/description' }]);
    expect(v).toMatchObject({ name: 'b', description: 'b' });
    v = applyAspectPatch('datasetProperties', v, [{ op: 'move', from: '/description', path: '/qualifiedName' }]);
    expect(v.description).toBeUndefined();
    expect(v.qualifiedName).toBe('b');
    expect(() => applyAspectPatch('datasetProperties', v, [{ op: 'test', path: '/name', value: 'zzz' }])).toThrow('test failed');
  });

  it('unescapes ~1 and ~0 in paths', () => {
    expect(applyAspectPatch('datasetProperties', {}, [{ op: 'add', path: '/customProperties/a~1b~0c', value: '1' }])).toEqual({ customProperties: { 'a/b~c': '1' } });
  });

  it('refuses paths and keys that would reach an object prototype', () => {
    for (const path of ['/__proto__/polluted', '/customProperties/constructor/prototype/x', '/prototype']) {
      expect(() => applyAspectPatch('datasetProperties', {}, [{ op: 'add', path, value: 'yes' }]), path).toThrow('is not allowed');
    }
    expect(() => applyAspectPatch('structuredProperties', {}, { patch: [], arrayPrimaryKeys: { __proto__: ['x'] } as any })).not.toThrow();
    expect(() => applyAspectPatch('structuredProperties', {}, JSON.parse('{"patch": [], "arrayPrimaryKeys": {"__proto__": ["x"]}}'))).toThrow('is not allowed');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe("upstreamLineage's column lineage, patched the original's way", () => {
  const ds = (n: string) => `urn:li:dataset:(urn:li:dataPlatform:hive,${n},PROD)`;
  const col = (d: string, p: string) => `urn:li:schemaField:(${d},${p})`;
  const esc = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');
  const path = (op: string, down: string, query: string, up: string) => `/fineGrainedLineages/${esc(op)}/${esc(down)}/${esc(query)}/${esc(up)}`;
  const [A, B] = [ds('a'), ds('b/with/slashes')];

  it('adds an upstream column to the entry of its (transform, downstream, query), making the entry when new', () => {
    const one = applyAspectPatch('upstreamLineage', undefined, [{ op: 'add', path: path('NONE', col(B, 'x'), 'NONE', col(A, 'x')), value: { confidenceScore: 0.9 } }]);
    expect(one).toEqual({ upstreams: [], fineGrainedLineages: [{ upstreamType: 'FIELD_SET', upstreams: [col(A, 'x')], downstreamType: 'FIELD', downstreams: [col(B, 'x')], confidenceScore: 0.9 }] });
    const two = applyAspectPatch('upstreamLineage', one, [{ op: 'add', path: path('NONE', col(B, 'x'), 'NONE', col(A, 'y')), value: { confidenceScore: 1 } }, { op: 'add', path: path('SUM', col(B, 'total'), 'urn:li:query:q1', col(A, 'amount')), value: {} }]);
    expect(two.fineGrainedLineages).toEqual([
      { upstreamType: 'FIELD_SET', upstreams: [col(A, 'x'), col(A, 'y')], downstreamType: 'FIELD', downstreams: [col(B, 'x')], confidenceScore: 1 },
      { upstreamType: 'FIELD_SET', upstreams: [col(A, 'amount')], downstreamType: 'FIELD', downstreams: [col(B, 'total')], transformOperation: 'SUM', confidenceScore: 1, query: 'urn:li:query:q1' },
    ]);
  });

  it('removes one upstream (the entry goes with its last), and leaves lists it does not address as they were', () => {
    const current = {
      upstreams: [{ dataset: A, type: 'TRANSFORMED' }],
      fineGrainedLineages: [
        { upstreamType: 'FIELD_SET', upstreams: [col(A, 'x'), col(A, 'y')], downstreamType: 'FIELD', downstreams: [col(B, 'x')] },
        { upstreamType: 'NONE', downstreamType: 'FIELD', downstreams: [col(B, 'z')] },
      ],
    };
    const out = applyAspectPatch('upstreamLineage', current, [{ op: 'remove', path: path('NONE', col(B, 'x'), 'NONE', col(A, 'x')) }]);
    expect(out.fineGrainedLineages).toEqual([
      { upstreamType: 'FIELD_SET', upstreams: [col(A, 'y')], downstreamType: 'FIELD', downstreams: [col(B, 'x')], confidenceScore: 1 },
      { upstreamType: 'NONE', downstreamType: 'FIELD', downstreams: [col(B, 'z')] },
    ]);
    const gone = applyAspectPatch('upstreamLineage', out, [{ op: 'remove', path: path('NONE', col(B, 'x'), 'NONE', col(A, 'y')) }]);
    expect(gone.fineGrainedLineages).toEqual([{ upstreamType: 'NONE', downstreamType: 'FIELD', downstreams: [col(B, 'z')] }]);
    // A patch of the upstreams alone leaves the column lineage untouched.
    expect(applyAspectPatch('upstreamLineage', current, [{ op: 'remove', path: `/upstreams/${A}` }]).fineGrainedLineages).toEqual(current.fineGrainedLineages);
  });
});

describe('patches that create aspects and columns, as the original client writes them', () => {
  it('a glossary term or owner added to an absent aspect gets the audit stamp the aspect needs', () => {
    const terms = applyAspectPatch('glossaryTerms', undefined, [{ op: 'add', path: '/terms/urn:li:glossaryTerm:a', value: { urn: 'urn:li:glossaryTerm:a' } }]);
    expect(terms.terms).toEqual([{ urn: 'urn:li:glossaryTerm:a' }]);
    expect(terms.auditStamp.actor).toBe('urn:li:corpuser:__datahub_system');
    const owners = applyAspectPatch('ownership', undefined, { patch: [{ op: 'add', path: '/owners/urn:li:corpuser:x/DATAOWNER', value: { owner: 'urn:li:corpuser:x', type: 'DATAOWNER' } }], arrayPrimaryKeys: { owners: ['owner', 'type'] } });
    expect(owners.owners).toEqual([{ owner: 'urn:li:corpuser:x', type: 'DATAOWNER' }]);
    expect(owners.lastModified.time).toBeGreaterThan(0);
  });

  it('a column tag or term by path makes the column (its fieldPath put back) and keys its lists; others keep their order', () => {
    const current = { editableSchemaFieldInfo: [{ fieldPath: 'a', globalTags: { tags: [{ tag: 'urn:li:tag:x' }, { tag: 'urn:li:tag:y' }] } }] };
    const out = applyAspectPatch('editableSchemaMetadata', current, [
      { op: 'add', path: '/editableSchemaFieldInfo/a/globalTags/tags/urn:li:tag:z', value: { tag: 'urn:li:tag:z' } },
      { op: 'remove', path: '/editableSchemaFieldInfo/a/globalTags/tags/urn:li:tag:x' },
      { op: 'add', path: '/editableSchemaFieldInfo/b/glossaryTerms/terms/urn:li:glossaryTerm:t', value: { urn: 'urn:li:glossaryTerm:t' } },
    ]);
    expect(out.editableSchemaFieldInfo[0]).toEqual({ fieldPath: 'a', globalTags: { tags: [{ tag: 'urn:li:tag:y' }, { tag: 'urn:li:tag:z' }] } });
    expect(out.editableSchemaFieldInfo[1]).toMatchObject({ fieldPath: 'b', glossaryTerms: { terms: [{ urn: 'urn:li:glossaryTerm:t' }] } });
    expect(out.editableSchemaFieldInfo[1].glossaryTerms.auditStamp.actor).toBe('urn:li:corpuser:__datahub_system');
  });
});

describe('siblings', () => {
  const DBT = 'urn:li:dataset:(urn:li:dataPlatform:dbt,w.raw.orders,PROD)';
  it('a sibling added by its URN joins the list (no prior value, already there, beside another)', () => {
    const add = [{ op: 'add' as const, path: `/siblings/${DBT}`, value: DBT }, { op: 'add' as const, path: '/primary', value: true }];
    expect(applyAspectPatch('siblings', undefined, add)).toEqual({ siblings: [DBT], primary: true });
    expect(applyAspectPatch('siblings', { siblings: [DBT], primary: false }, add)).toEqual({ siblings: [DBT], primary: true });
    expect(applyAspectPatch('siblings', { siblings: ['urn:li:dataset:(urn:li:dataPlatform:dbt,other,PROD)'], primary: true }, add).siblings).toEqual(['urn:li:dataset:(urn:li:dataPlatform:dbt,other,PROD)', DBT]);
  });
});
